// E-mail outbox retention (GDPR; ADR 054): e-mails sent or given up more than
// OUTBOX_RETENTION_DAYS days ago (default 90) are deleted at start-up and then once a day.
import type { Env } from '../env.server.ts'
import { dailyRetention, purgeExpired, type Retention } from '../retention.server.ts'
import { purgeOutboxOlderThan } from './outbox.server.ts'

const outbox = (days: number): Retention => ({
  purge: () => purgeOutboxOlderThan(days),
  purged: 'E-mails : envois anciens supprimés',
  failed: 'E-mails : la purge des envois anciens a échoué',
})

/** Deletes the expired e-mails once; returns how many went. Never throws (logged). */
export function purgeExpiredOutbox(days: number): Promise<number> {
  return purgeExpired(outbox(days), days)
}

let days = 90
const daily = dailyRetention(
  () => outbox(days),
  () => days,
)

/** Start-up hook: purge now, then daily. The timer does not keep the process alive. */
export async function startOutboxRetention(env: Env): Promise<void> {
  days = env.OUTBOX_RETENTION_DAYS
  await daily.start()
}

export function stopOutboxRetention(): void {
  daily.stop()
}
