// Cache invalidation across app servers on PostgreSQL (ADR 033): two Kysely instances with
// their own listening channels stand for two processes on one database (`npm run
// test:postgres`; skipped on SQLite, where data_version does this job).
import { afterEach, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import { openPostgres, setDatabase, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { contentGeneration, externalChangesArriveAsEvents } from './generation.server.ts'

const database = useTestDatabase()
const opened: DatabaseHandle[] = []

/** A second "process": its own pool and its own listening channel on the same database. */
async function server(): Promise<
  DatabaseHandle & { channel: NonNullable<DatabaseHandle['channel']> }
> {
  const handle = openPostgres(database.current.file, { max: 4 })
  opened.push(handle)
  await handle.channel!.start()
  return handle as DatabaseHandle & { channel: NonNullable<DatabaseHandle['channel']> }
}

afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close()
})

describe.runIf(TEST_POSTGRES)('content changes across app servers', () => {
  it("a content write on A reaches B's listener, and A returns only after its own echo", async () => {
    const a = await server()
    const b = await server()
    let seenByB = 0
    let seenByA = 0
    b.channel.onRemoteChange(() => seenByB++)
    a.channel.onRemoteChange(() => seenByA++)
    await a.db.updateTable('settings').set({ data: '{}' }).where('id', '=', 'none').execute()
    // The write returned after A's own notification came back: PostgreSQL dispatched it.
    expect(a.channel.lastEcho).toBeGreaterThan(0)
    await vi.waitFor(() => expect(seenByB).toBe(1))
    expect(seenByA).toBe(0)
  })
})

describe.runIf(TEST_POSTGRES)('content changes and transactions', () => {
  it('notifies once per committed transaction, never for a rollback or a quiet table', async () => {
    const a = await server()
    const b = await server()
    let seenByB = 0
    b.channel.onRemoteChange(() => seenByB++)
    // A rolled-back content write and a quiet write (activity log) send nothing…
    await a.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('settings').set({ data: '{}' }).where('id', '=', 'none').execute()
        throw new Error('rollback')
      })
      .catch(() => undefined)
    await a.db
      .insertInto('activity_logs')
      .values({
        id: 'quiet-1',
        userId: '',
        userName: 'Visiteur',
        userInfo: '{}',
        action: 'access',
        resourceType: 'admin',
        resourceId: '/',
        resourceName: 'Accueil',
        details: '',
        timestamp: new Date().toISOString(),
      } as never)
      .execute()
    // …a committed transaction with two content writes sends one notification, at commit.
    await a.db.transaction().execute(async (trx) => {
      await trx.updateTable('settings').set({ data: '{}' }).where('id', '=', 'none').execute()
      await trx.updateTable('profile').set({ data: '{}' }).where('id', '=', 'none').execute()
      // Not before the commit: B has seen nothing while the transaction runs.
      await sql1(b)
      expect(seenByB).toBe(0)
    })
    // Notifications arrive in commit order: when this one is seen, an earlier one would be.
    await vi.waitFor(() => expect(seenByB).toBeGreaterThanOrEqual(1))
    await sql1(b)
    expect(seenByB).toBe(1)
  })

  it("bumps B's content generation, and bypasses B's caches while its listener is down", async () => {
    const a = await server()
    const b = openPostgres(database.current.file, { max: 4, channel: { reconnectMs: 400 } })
    opened.push(b)
    await b.channel!.start()
    setDatabase(b) // B is this process: its channel drives contentGeneration()
    // Learned from a socket event: the page cache answers after the poll phase (ADR 051).
    expect(externalChangesArriveAsEvents()).toBe(true)
    const start = contentGeneration()
    expect(contentGeneration()).toBe(start) // cheap and stable: no query, no change
    await a.db.updateTable('settings').set({ data: '{}' }).where('id', '=', 'none').execute()
    await vi.waitFor(() => expect(contentGeneration()).toBeGreaterThan(start))
    const afterWrite = contentGeneration()
    expect(contentGeneration()).toBe(afterWrite)

    // Cut B's listening session: while it is down, every call is a new generation (no cache
    // can serve), then it reconnects, bumps once for what it may have missed, and is stable.
    const admin = new pg.Client({ connectionString: database.current.file })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend($1)', [b.channel!.backendPid])
    } finally {
      await admin.end()
    }
    await vi.waitFor(() => expect(b.channel!.listening).toBe(false), { interval: 5 })
    const down = contentGeneration()
    expect(contentGeneration()).toBeGreaterThan(down)
    await vi.waitFor(() => expect(b.channel!.listening).toBe(true), { timeout: 5_000 })
    const back = contentGeneration()
    expect(contentGeneration()).toBe(back)
    await a.db.updateTable('profile').set({ data: '{}' }).where('id', '=', 'none').execute()
    await vi.waitFor(() => expect(contentGeneration()).toBeGreaterThan(back))
    setDatabase(database.current)
  })
})

/** One round trip on B's pool (lets B's event loop read what PostgreSQL sent it). */
async function sql1(handle: DatabaseHandle): Promise<void> {
  await handle.db.selectFrom('settings').select('id').limit(1).execute()
}
