// Rate-limit buckets in the database (ADR 033): the behaviours of ADR 023 on a real table, on
// SQLite and on PostgreSQL (`npm run test:postgres`), and, on PostgreSQL, two stores on two
// Kysely instances (two app servers) enforcing one limit.
import { afterEach, describe, expect, it } from 'vitest'
import { openPostgres, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { createDatabaseStore, type DatabaseStore } from './rate-limit-store.server.ts'
import {
  hit,
  isOver,
  rateLimitStore,
  retryAfterHeader,
  type RateLimitRule,
} from './rate-limit.server.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'

const database = useTestDatabase()
const stores: DatabaseStore[] = []
const store = (options: Parameters<typeof createDatabaseStore>[1] = {}) => {
  const made = createDatabaseStore(database.current.db, { sweepEveryMs: 0, ...options })
  stores.push(made)
  return made
}
afterEach(() => {
  for (const made of stores.splice(0)) made.stop()
})

const rule: RateLimitRule = { limit: 3, windowMs: 60_000 }
const t0 = Date.parse('2030-01-01T10:00:00.000Z')

describe('rate limits in the database', () => {
  it('allows `limit` hits per window, refuses the next, and starts over after the window', async () => {
    const s = store()
    const counts = []
    for (let i = 0; i < 4; i++) counts.push((await s.increment('k', rule, t0 + i))?.count)
    expect(counts).toEqual([1, 2, 3, 4])
    expect(await s.peek('k', t0 + 10)).toMatchObject({ count: 4, limit: 3, resetAt: t0 + 60_000 })
    expect(await s.peek('k', t0 + 60_000)).toBeUndefined()
    expect(await s.increment('k', rule, t0 + 60_000)).toMatchObject({
      count: 1,
      resetAt: t0 + 120_000,
    })
    await s.delete('k')
    expect(await s.peek('k', t0 + 60_001)).toBeUndefined()
  })

  it('caps the live keys of one owner without creating the refused ones', async () => {
    const s = store({ maxKeysPerOwner: 3 })
    for (let i = 0; i < 3; i++) {
      expect(await s.increment(`sign-up:account:${i}`, rule, t0, '203.0.113.9')).not.toBeNull()
    }
    expect(await s.increment('sign-up:account:x', rule, t0, '203.0.113.9')).toBeNull()
    expect(await s.peek('sign-up:account:x', t0)).toBeUndefined()
    expect(await s.size()).toBe(3)
    // A key the owner already holds still counts; another owner is not affected.
    expect(await s.increment('sign-up:account:0', rule, t0, '203.0.113.9')).toMatchObject({
      count: 2,
    })
    expect(await s.increment('sign-up:account:x', rule, t0, '203.0.113.10')).not.toBeNull()
    // The owner's keys free up with their windows.
    expect(await s.increment('sign-up:account:y', rule, t0 + 60_000, '203.0.113.9')).not.toBeNull()
  })

  it('sweeps expired buckets, then idle ones past the soft bound, never a live block', async () => {
    const s = store({ maxKeys: 10, hardMaxKeys: 100 })
    const strict = { limit: 1, windowMs: 60_000 }
    await s.increment('blocked', strict, t0)
    await s.increment('blocked', strict, t0) // count 2 ≥ 1: a live block
    await s.increment('old', strict, t0 - 60_000) // window over at t0
    for (let i = 0; i < 14; i++) await s.increment(`idle-${i}`, rule, t0 + i)
    // The tenth key met the soft bound: the expired bucket went at once (one sweep a second).
    expect(await s.size()).toBe(15)
    expect(await s.peek('old', t0 - 1)).toBeUndefined()
    // Then the least recently used idle buckets, down to 90 % of the bound.
    expect(await s.sweep(t0 + 20)).toBe(9)
    expect(await s.peek('blocked', t0 + 20)).toMatchObject({ count: 2 })
    // The most recently used idle buckets stay, the oldest went first.
    expect(await s.peek('idle-13', t0 + 20)).toBeDefined()
    expect(await s.peek('idle-0', t0 + 20)).toBeUndefined()
  })

  it('refuses new keys past the hard bound, keeping every live block', async () => {
    const s = store({ maxKeys: 2, hardMaxKeys: 3 })
    const strict = { limit: 1, windowMs: 60_000 }
    for (const key of ['a', 'b', 'c']) {
      await s.increment(key, strict, t0)
      await s.increment(key, strict, t0)
    }
    await s.sweep(t0)
    expect(await s.increment('d', strict, t0)).toBeNull()
    expect(await s.peek('a', t0)).toMatchObject({ count: 2 })
    // Once the blocks expire, the sweep makes room again.
    await s.sweep(t0 + 60_000)
    expect(await s.increment('d', strict, t0 + 60_000)).not.toBeNull()
  })

  it('writes nothing that empties the page cache', async () => {
    const { contentGeneration } = await import('../cache/generation.server.ts')
    const before = contentGeneration()
    const s = store()
    await s.increment('quiet', rule, t0, '203.0.113.1')
    await s.sweep(t0)
    expect(contentGeneration()).toBe(before)
  })

  it.runIf(TEST_POSTGRES)(
    'is the store of a PostgreSQL database, with Retry-After from the row',
    async () => {
      const limit = { limit: 1, windowMs: 90_000 }
      const now = Date.now()
      expect(await hit('retry', limit, now)).toBe(true)
      expect(await hit('retry', limit, now)).toBe(false)
      expect(await isOver('retry', limit, now)).toBe(true)
      expect(await retryAfterHeader('retry', 60, now + 1_000)).toBe('89')
      expect(await rateLimitStore().size()).toBe(1)
      const rows = await database.current.db.selectFrom('rate_limit').selectAll().execute()
      expect(rows).toMatchObject([{ key: 'retry', count: 2, allowed: 1 }])
    },
  )
})

describe.runIf(TEST_POSTGRES)('two app servers on one PostgreSQL', () => {
  let other: DatabaseHandle | undefined
  afterEach(async () => {
    await other?.close()
    other = undefined
  })

  it('two stores on two Kysely instances enforce one limit, even hit concurrently', async () => {
    // `file` is the URL with its password masked; the test cluster has none.
    other = openPostgres(database.current.file, { max: 4 })
    const a = store()
    const b = createDatabaseStore(other.db, { sweepEveryMs: 0 })
    stores.push(b)
    const account = { limit: 30, windowMs: 15 * 60_000 }
    // 40 attempts spread over both servers, all at once.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).increment('sign-in:account:owner@exemple.fr', account, t0 + i),
      ),
    )
    const counts = results.map((bucket) => bucket?.count).sort((x, y) => x! - y!)
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(results.filter((bucket) => bucket && bucket.count <= account.limit)).toHaveLength(30)
    expect(await a.peek('sign-in:account:owner@exemple.fr', t0 + 50)).toMatchObject({ count: 40 })
    expect(await b.peek('sign-in:account:owner@exemple.fr', t0 + 50)).toMatchObject({ count: 40 })
  })

  it('the per-owner cap holds across servers', async () => {
    other = openPostgres(database.current.file, { max: 4 })
    const a = store({ maxKeysPerOwner: 4 })
    const b = createDatabaseStore(other.db, { sweepEveryMs: 0, maxKeysPerOwner: 4 })
    stores.push(b)
    for (let i = 0; i < 4; i++) {
      expect(await (i % 2 ? a : b).increment(`k${i}`, rule, t0, '198.51.100.1')).not.toBeNull()
    }
    expect(await a.increment('k4', rule, t0, '198.51.100.1')).toBeNull()
    expect(await b.increment('k5', rule, t0, '198.51.100.1')).toBeNull()
    expect(await a.size()).toBe(4)
  })
})
