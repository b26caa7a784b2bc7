// Outbox retention (ADR 054): e-mails sent or given up more than OUTBOX_RETENTION_DAYS days ago
// are deleted at start-up and daily; queued ones and recent ones stay.
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getDb, setDatabase } from '../db/client.server.ts'
import { getEnv } from '../core/env.server.ts'
import { STARTUP_HOOKS } from '../core/startup-hooks.server.ts'
import { outboxRetention } from './outbox-retention.server.ts'
import { createMessage, deleteMessage } from '../repositories/messages.server.ts'
import { enqueueEmail, listOutbox, purgeOutboxOlderThan, replyDeliveries } from './outbox.server.ts'

useTestDatabase()

const DAY = 86_400_000
const VISITOR = {
  name: 'Léa Martin',
  email: 'lea@exemple.fr',
  message: 'Bonjour, un projet à vous proposer.',
}

/** An e-mail written `daysAgo` days ago, left in `status` (a reply to `messageId` if given). */
async function email(
  daysAgo: number,
  status: 'queued' | 'sent' | 'failed' | 'unconfigured',
  messageId?: string,
) {
  const row = await enqueueEmail(
    getDb(),
    {
      kind: 'reply',
      relatedMessageId: messageId,
      to: { address: 'lea@exemple.fr', name: 'Léa' },
      subject: `${status} ${daysAgo}`,
      html: '<p>Bonjour Léa</p>',
      text: 'Bonjour Léa',
    },
    { configured: status !== 'unconfigured', now: new Date(Date.now() - daysAgo * DAY) },
  )
  if (status === 'sent' || status === 'failed')
    await getDb().updateTable('outbox').set({ status }).where('id', '=', row.id).execute()
}

const subjects = async () => (await listOutbox()).items.map((row) => row.subject).sort()

describe('outbox retention', () => {
  it('deletes finished e-mails past the retention, never queued ones', async () => {
    await email(120, 'sent')
    await email(91, 'failed')
    await email(120, 'queued')
    await email(120, 'unconfigured')
    await email(89, 'sent')
    await email(0, 'sent')
    expect(await outboxRetention.purge(90)).toBe(2)
    expect(await subjects()).toEqual(['queued 120', 'sent 0', 'sent 89', 'unconfigured 120'])
    await expect(purgeOutboxOlderThan(-1)).rejects.toThrow(RangeError)
  })

  it('keeps a failed reply while its message is kept, so Messages can say it failed', async () => {
    const kept = await createMessage(VISITOR)
    const deleted = await createMessage(VISITOR)
    await email(120, 'failed', kept.id)
    await email(120, 'sent', kept.id)
    await email(120, 'failed', deleted.id)
    await deleteMessage(deleted.id)
    expect(await outboxRetention.purge(90)).toBe(2)
    expect(await subjects()).toEqual(['failed 120'])
    expect((await replyDeliveries([kept.id]))[kept.id]?.status).toBe('failed')
  })

  it('never throws: a failed purge is logged and counts nothing', async () => {
    setDatabase(undefined) // no database: the delete fails
    await expect(outboxRetention.purge(90)).resolves.toBe(0)
  })

  it('runs at start-up with OUTBOX_RETENTION_DAYS and is registered as a hook', async () => {
    expect(STARTUP_HOOKS).toContain(outboxRetention.start)
    await email(40, 'sent')
    await email(10, 'sent')
    const env = getEnv({
      ...process.env,
      OUTBOX_RETENTION_DAYS: '30',
      BETTER_AUTH_SECRET: 'retention-test-secret-0123456789abcdef',
    })
    expect(env.OUTBOX_RETENTION_DAYS).toBe(30)
    expect(
      getEnv({ ...process.env, BETTER_AUTH_SECRET: 'x'.repeat(32) }).OUTBOX_RETENTION_DAYS,
    ).toBe(90)
    await outboxRetention.start(env)
    await outboxRetention.stop()
    expect(await subjects()).toEqual(['sent 10'])
  })
})
