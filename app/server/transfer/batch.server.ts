// The import's writes, many items per transaction (ADR 102). Items are prepared outside any
// transaction (lookups, images, validation; their Markdown was rendered in the worker), then
// written in batches: one transaction of at most BATCH_ITEMS writes and about BATCH_BUDGET_MS,
// one savepoint per item, so an item that fails is rolled back and reported alone while the
// others land. Between batches the event loop runs: the server keeps answering while the
// import holds the database's one connection for a few milliseconds at a time. A batch's
// commit does not wait for its fsync; the import's end does (ADR 117).
import type { Kysely } from 'kysely'
import { log } from '#app/server/core/log.server.ts'
import { withRelaxedCommits } from '#app/server/db/client.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'

/** Most items written in one transaction. */
const BATCH_ITEMS = 200
/**
 * A transaction takes no further item once it has run this long (milliseconds). A request that
 * arrives during an import waits for the batch in hand, and for one more at each of its own
 * awaits: 15 ms keeps `/healthz` under 200 ms where 40 ms did not, at no cost to the import's
 * time (ADR 121).
 */
const BATCH_BUDGET_MS = 15
/** Most items (writing or not) waiting for their batch. */
const MAX_PENDING = 1000
/** An item waits at most this long for its batch to fill (milliseconds). */
const MAX_WAIT_MS = 500

export interface BatchEntry {
  /** The item's write, in its batch's transaction, under its own savepoint. */
  write?: (trx: Kysely<Database>) => Promise<void>
  /**
   * Called in the items' order once the batch is committed, with the write's error when it
   * failed (and was rolled back alone, or with its whole batch). Never throws.
   */
  settle: (error?: unknown) => void
}

export class ImportBatch {
  private readonly items: number
  private readonly budgetMs: number
  private entries: BatchEntry[] = []
  private writes = 0
  private since = 0
  /** Post and page slugs, and source keys, of the items waiting for their batch. */
  readonly postSlugs = new Set<string>()
  readonly pageSlugs = new Set<string>()
  readonly sourceKeys = new Set<string>()

  constructor(options: { items?: number; budgetMs?: number } = {}) {
    this.items = options.items ?? BATCH_ITEMS
    this.budgetMs = options.budgetMs ?? BATCH_BUDGET_MS
  }

  /** Queues an entry; writes the batch when it is full or has waited long enough. */
  async add(entry: BatchEntry): Promise<void> {
    if (this.entries.length === 0) this.since = performance.now()
    this.entries.push(entry)
    if (entry.write) this.writes++
    if (
      this.writes >= this.items ||
      this.entries.length >= MAX_PENDING ||
      performance.now() - this.since >= MAX_WAIT_MS
    )
      await this.flush()
  }

  /** Writes every waiting entry, a transaction at a time, and settles them in order. */
  async flush(): Promise<void> {
    while (this.entries.length > 0) {
      const { taken, errors } = this.entries.some((entry) => entry.write)
        ? await this.writeSome()
        : { taken: this.entries.length, errors: new Map<BatchEntry, unknown>() }
      const settled = this.entries.splice(0, taken)
      for (const entry of settled) {
        if (entry.write) this.writes--
        try {
          entry.settle(errors.get(entry))
        } catch (error) {
          log.error('Import item failed', {
            error: error instanceof Error ? error.stack : String(error),
          })
        }
      }
      // Requests that waited for the connection (or the event loop) go first.
      await new Promise((resolve) => setImmediate(resolve))
    }
    this.postSlugs.clear()
    this.pageSlugs.clear()
    this.sourceKeys.clear()
  }

  /** One transaction over the first entries; how many it took, and the writes that failed. */
  private writeSome(): Promise<{ taken: number; errors: Map<BatchEntry, unknown> }> {
    // A batch's commit does not wait for its fsync: the import is made durable once, at its
    // end, and an import cut short is run again (ADR 117).
    return withRelaxedCommits((db) => this.writeSomeOn(db))
  }

  private async writeSomeOn(
    db: Kysely<Database>,
  ): Promise<{ taken: number; errors: Map<BatchEntry, unknown> }> {
    const errors = new Map<BatchEntry, unknown>()
    let taken = 0
    let trx
    try {
      trx = await db.startTransaction().execute()
    } catch (error) {
      // No transaction to be had (the database locked past its timeout, or gone): every
      // waiting item fails with that reason rather than waiting forever.
      for (const entry of this.entries) if (entry.write) errors.set(entry, error)
      return { taken: this.entries.length, errors }
    }
    try {
      const started = performance.now()
      let writes = 0
      for (const entry of this.entries) {
        taken++
        if (!entry.write) continue
        writes++
        const item = await trx.savepoint('item').execute()
        try {
          await entry.write(item)
        } catch (error) {
          errors.set(entry, error)
          await item.rollbackToSavepoint('item').execute()
        }
        await item.releaseSavepoint('item').execute()
        if (writes >= this.items || performance.now() - started >= this.budgetMs) break
      }
      await trx.commit().execute()
    } catch (error) {
      // The batch itself failed (a full disk at commit, a lost connection): nothing of it
      // was written, and each of its items says so.
      await trx
        .rollback()
        .execute()
        .catch(() => undefined)
      for (const entry of this.entries.slice(0, taken)) if (entry.write) errors.set(entry, error)
    }
    return { taken, errors }
  }
}
