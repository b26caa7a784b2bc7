// The outbox with several app servers (ADR 033): two workers on two database pools (two
// processes) drain one queue and a real SMTP server receives each e-mail once. On PostgreSQL
// the claim skips a row another worker holds locked instead of waiting for it.
import { afterEach, describe, expect, it } from 'vitest'
import pg from 'pg'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  startSmtpServer,
  testMailConfig as configFor,
  type TestSmtpServer,
} from '../../../tests/fixtures/smtp.ts'
import { openDatabase, openPostgres, type DatabaseHandle } from '../db/client.server.ts'
import { configureMail } from './config.server.ts'
import { claimNext, enqueueEmail } from './outbox.server.ts'
import { MailWorker } from './worker.server.ts'

const database = useTestDatabase()
let smtp: TestSmtpServer | undefined
let other: DatabaseHandle | undefined
const workers: MailWorker[] = []

afterEach(async () => {
  configureMail(undefined)
  for (const w of workers.splice(0)) await w.stop()
  await smtp?.close()
  smtp = undefined
  await other?.close()
  other = undefined
})

/** A second process's own connection(s) to the same database. */
function secondProcess(): DatabaseHandle {
  other = TEST_POSTGRES
    ? openPostgres(database.current.file, { max: 4 })
    : openDatabase(database.current.file)
  return other
}

async function queue(count: number, at = new Date()) {
  for (let i = 0; i < count; i++) {
    await enqueueEmail(
      database.current.db,
      {
        kind: 'test',
        to: { address: `v${i}@exemple.fr` },
        subject: `Essai ${i}`,
        html: `<p>Essai ${i}</p>`,
        text: `Essai ${i}`,
        notBefore: new Date(at.getTime() + i).toISOString(),
      },
      { configured: true, now: at },
    )
  }
}

describe('outbox workers on two app servers', () => {
  it('two workers on two pools send each of 20 e-mails exactly once', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    const b = secondProcess()
    await queue(20, new Date(Date.now() - 60_000))
    const a1 = new MailWorker({ config, concurrency: 3 })
    const b1 = new MailWorker({ config, concurrency: 3, db: () => b.db })
    workers.push(a1, b1)
    const [sentByA, sentByB] = await Promise.all([a1.runOnce(), b1.runOnce()])
    expect(sentByA + sentByB).toBe(20)
    await smtp.waitFor(20)
    const ids = smtp.received.map((m) => m.parsed.messageId)
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
    const rows = await database.current.db.selectFrom('outbox').select(['status']).execute()
    expect(rows.every((row) => row.status === 'sent')).toBe(true)
    // Nothing is left to send by either worker.
    expect(await claimNext(new Date(Date.now() + 1_000))).toBeUndefined()
  })

  it.runIf(TEST_POSTGRES)(
    'a claim skips the row another worker holds locked instead of waiting for it',
    async () => {
      const at = new Date(Date.now() - 60_000)
      await queue(2, at)
      const [first, second] = await database.current.db
        .selectFrom('outbox')
        .select('id')
        .orderBy('nextAttemptAt')
        .execute()
      // Another server's claim in progress: the first due row is locked by its transaction.
      const holder = new pg.Client({ connectionString: database.current.file })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select id from outbox where id = $1 for update', [first!.id])
        const b = secondProcess()
        const claimed = await claimNext(new Date(), undefined, b.db)
        expect(claimed?.id).toBe(second!.id)
        await holder.query('rollback')
      } finally {
        await holder.end()
      }
      // Once released, the first row is claimable, once.
      expect((await claimNext(new Date()))?.id).toBe(first!.id)
      expect(await claimNext(new Date())).toBeUndefined()
    },
  )
})
