// Rate-limit buckets in the database (ADR 033): the store several app
// servers on one PostgreSQL share, so that N servers enforce one limit. Same behaviours as the
// memory store (ADR 023):
//
// - a hit is ONE statement, `INSERT … SELECT … WHERE <may create> ON CONFLICT (key) DO UPDATE
//   … RETURNING`: concurrent hits on one key from any server are counted one after the other
//   by the row lock the upsert takes, never lost;
// - a key that is new (or whose window is over) is created only when its owner holds fewer
//   than `maxKeysPerOwner` live buckets and the table is under its hard bound; otherwise
//   nothing is written and the hit is refused (refused requests create no bucket);
// - a live block (count ≥ allowed, window running) is never deleted; the sweep deletes
//   expired buckets, then, past the soft bound, the least recently used idle ones.
//
// The SQL is portable (SQLite ≥ 3.35 runs it too, which the tests use); only PostgreSQL
// servers select this store (client.server.ts), SQLite keeps the in-memory one.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.server.ts'
import { log } from '../core/log.server.ts'
import {
  HARD_MAX_KEYS,
  MAX_KEYS,
  MAX_KEYS_PER_OWNER,
  type MemoryStoreOptions,
  type RateLimitBucket,
  type RateLimitStore,
} from './rate-limit.server.ts'

/** How often expired (and, past the soft bound, idle) buckets are deleted. */
export const SWEEP_INTERVAL_MS = 60_000

export interface DatabaseStore extends RateLimitStore {
  /** Deletes expired buckets, then idle ones past the soft bound; returns the rows left. */
  sweep(now?: number): Promise<number>
  /** Stops the periodic sweep. */
  stop(): void
}

const iso = (ms: number) => new Date(ms).toISOString()

type Row = { count: number; allowed: number; resetAt: string; owner: string | null }

const toBucket = (row: Row): RateLimitBucket => ({
  count: Number(row.count),
  limit: Number(row.allowed),
  resetAt: Date.parse(row.resetAt),
  ...(row.owner === null ? {} : { owner: row.owner }),
})

export function createDatabaseStore(
  db: Kysely<Database>,
  options: MemoryStoreOptions & { sweepEveryMs?: number } = {},
): DatabaseStore {
  const maxKeys = options.maxKeys ?? MAX_KEYS
  const hardMax = options.hardMaxKeys ?? HARD_MAX_KEYS
  const perOwner = options.maxKeysPerOwner ?? MAX_KEYS_PER_OWNER
  // Rows in the table at the last sweep, plus the keys this process created since: the hard
  // bound is checked against it instead of a count(*) per hit. Other servers' new keys are
  // seen at the next sweep, so the bound may be passed by what they create meanwhile.
  let rows = 0
  let sweptAt = -Infinity

  const sweep = async (now = Date.now()): Promise<number> => {
    const at = iso(now)
    await db.deleteFrom('rate_limit').where('resetAt', '<=', at).execute()
    rows = await count()
    if (rows >= maxKeys) {
      // Idle buckets (not blocking) least recently used first, down to 90 % of the bound.
      const excess = rows - Math.floor(maxKeys * 0.9)
      const idle = db
        .selectFrom('rate_limit')
        .select('key')
        .where(sql<boolean>`${sql.ref('count')} < ${sql.ref('allowed')}`)
        .orderBy('usedAt')
        .limit(excess)
      await db.deleteFrom('rate_limit').where('key', 'in', idle).execute()
      rows = await count()
    }
    return rows
  }

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('rate_limit')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  let timer: ReturnType<typeof setInterval> | undefined
  if (options.sweepEveryMs !== 0) {
    timer = setInterval(() => {
      sweep().catch((error: unknown) =>
        log.warn('Limites de requêtes : nettoyage impossible', { error: String(error) }),
      )
    }, options.sweepEveryMs ?? SWEEP_INTERVAL_MS)
    timer.unref()
  }

  return {
    async increment(key, rule, now, owner) {
      // Past the soft bound, make room first (as the memory store does), at most once a second.
      if (rows >= maxKeys && now - sweptAt >= 1_000) {
        sweptAt = now
        await sweep(now)
      }
      const at = iso(now)
      const mayCreate = rows < hardMax ? 1 : 0
      const live = db
        .selectFrom('rate_limit')
        .select(sql.lit(1).as('one'))
        .where('key', '=', key)
        .where('resetAt', '>', at)
      const ownerLive = db
        .selectFrom('rate_limit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner', '=', owner ?? '')
        .where('resetAt', '>', at)
      // The window is over when the stored resetAt is not after this hit (usedAt = now).
      const expired = sql<boolean>`${sql.ref('rate_limit.resetAt')} <= ${sql.ref('excluded.usedAt')}`
      const row = await db
        .insertInto('rate_limit')
        .columns(['key', 'owner', 'count', 'allowed', 'resetAt', 'usedAt'])
        .expression(
          db
            .selectNoFrom([
              sql<string>`cast(${key} as text)`.as('key'),
              sql<string | null>`cast(${owner ?? null} as text)`.as('owner'),
              sql<number>`cast(1 as integer)`.as('count'),
              sql<number>`cast(${rule.limit} as integer)`.as('allowed'),
              sql<string>`cast(${iso(now + rule.windowMs)} as text)`.as('resetAt'),
              sql<string>`cast(${at} as text)`.as('usedAt'),
            ])
            .where((eb) =>
              eb.or([
                eb.exists(live),
                eb.and([
                  eb(sql.lit(mayCreate), '=', 1),
                  owner === undefined ? sql<boolean>`1 = 1` : eb(ownerLive, '<', perOwner),
                ]),
              ]),
            ),
        )
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limit.count')} + 1 end`,
            owner: sql<
              string | null
            >`case when ${expired} then ${sql.ref('excluded.owner')} else ${sql.ref('rate_limit.owner')} end`,
            resetAt: sql<string>`case when ${expired} then ${sql.ref('excluded.resetAt')} else ${sql.ref('rate_limit.resetAt')} end`,
            allowed: sql.ref('excluded.allowed'),
            usedAt: sql.ref('excluded.usedAt'),
          }),
        )
        .returning(['count', 'allowed', 'resetAt', 'owner'])
        .executeTakeFirst()
      if (!row) return null
      if (row.count === 1) rows += 1
      return toBucket(row)
    },
    async peek(key, now) {
      const row = await db
        .selectFrom('rate_limit')
        .select(['count', 'allowed', 'resetAt', 'owner'])
        .where('key', '=', key)
        .where('resetAt', '>', iso(now))
        .executeTakeFirst()
      return row ? toBucket(row) : undefined
    },
    async delete(key) {
      await db.deleteFrom('rate_limit').where('key', '=', key).execute()
    },
    async clear() {
      await db.deleteFrom('rate_limit').execute()
      rows = 0
    },
    size: count,
    sweep,
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}
