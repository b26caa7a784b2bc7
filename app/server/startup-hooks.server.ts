// Start-up steps after migration, in order. Each feature adds its own hook here.
import { startActivityRetention } from './activity-retention.server.ts'
import { printFirstAdminLink } from './auth/first-admin.server.ts'
import { seedIfEmpty } from './demo/seed.server.ts'
import type { Env } from './env.server.ts'
import { startMailWorker } from './mail/worker.server.ts'

export type StartupHook = (env: Env) => Promise<void> | void

export const STARTUP_HOOKS: StartupHook[] = [
  // Activity entries older than ACTIVITY_RETENTION_DAYS are purged now and daily (GDPR).
  startActivityRetention,
  // French demo content into an empty database unless DEMO_CONTENT=false.
  seedIfEmpty,
  // While no active admin exists: print the one-time first-admin setup link (issue 4 §6).
  printFirstAdminLink,
  // The e-mail outbox worker, when SMTP_URL is set (issue 11, ADR 019).
  startMailWorker,
]
