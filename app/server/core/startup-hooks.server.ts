// Start-up steps after migration, in order. Each feature adds its own hook here.
import { activityRetention } from '../activity/activity-retention.server.ts'
import { printFirstAdminLink } from '../auth/first-admin.server.ts'
import { seedIfEmpty } from '../demo/seed.server.ts'
import { importSeededDemoImages } from '../media/demo-import-hook.server.ts'
import { startScheduledPublishing } from '../content/scheduled-publish.server.ts'
import type { Env } from './env.server.ts'
import { outboxRetention } from '../mail/outbox-retention.server.ts'
import { startMailWorker } from '../mail/worker.server.ts'
import { startStatistics } from '../analytics/background.server.ts'
import { startNewsletter } from '../newsletter/sending.server.ts'

export type StartupHook = (env: Env) => Promise<void> | void

export const STARTUP_HOOKS: StartupHook[] = [
  // Activity entries older than ACTIVITY_RETENTION_DAYS are purged now and daily (GDPR).
  activityRetention.start,
  // E-mails sent or failed more than OUTBOX_RETENTION_DAYS ago, the same way (ADR 054).
  outboxRetention.start,
  // French demo content into an empty database unless DEMO_CONTENT=false.
  seedIfEmpty,
  // The demo CV (to private storage, ADR 018) and the demo images just seeded go
  // through the media pipeline, in the background and in a process of their own (ADR 030).
  importSeededDemoImages,
  // A scheduled post bumps the content generation at its publish time (ADRs 020, 026).
  startScheduledPublishing,
  // While no active admin exists: print the one-time first-admin setup link (ADR 010).
  printFirstAdminLink,
  // The e-mail outbox worker, when SMTP_URL is set (ADR 019).
  startMailWorker,
  // The newsletter: issues due (a post public in a language) and their sends (ADR 097).
  startNewsletter,
  // Statistics: raw events past their retention purged, rollups and weekly summary (ADR 072).
  startStatistics,
]
