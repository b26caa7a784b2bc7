// E-mail outbox retention (GDPR; ADR 054): e-mails sent or given up more than
// OUTBOX_RETENTION_DAYS days ago (default 90) are deleted at start-up and then once a day.
import { retention } from '../core/retention.server.ts'
import { purgeOutboxOlderThan } from './outbox.server.ts'

/** `purge` deletes the expired e-mails once (returns how many went, never throws); `start` is the start-up hook (purge now, then daily). */
export const outboxRetention = retention({
  purge: (days) => purgeOutboxOlderThan(days),
  days: (env) => env.OUTBOX_RETENTION_DAYS,
  purged: 'E-mails : envois anciens supprimés',
  failed: 'E-mails : la purge des envois anciens a échoué',
})
