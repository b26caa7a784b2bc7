// Creative process steps, their reordering (ADR 012) and the process form.
import { cachedRead } from '#app/server/cache/generation.server.ts'
import type { Kysely } from 'kysely'
import {
  PROCESS_REORDER_MESSAGE,
  ProcessStepSchema,
  type ProcessStepInput,
} from '#app/domain/process.ts'
import type { ProcessStep } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { CreativeProcessTable, Database } from '#app/server/db/schema.server.ts'
import { createId } from '#app/server/db/util.server.ts'
import { ValidationError, parseOrThrow } from '#app/server/http/errors.server.ts'
import {
  countRows,
  deleteById,
  firstRow,
  mergePatch,
  nextOrder,
  updateExisting,
} from './collection.server.ts'

const COLUMNS = ['id', 'title', 'description', 'order'] as const

function toStep(row: CreativeProcessTable): ProcessStep {
  return { id: row.id, title: row.title, description: row.description, order: row.order }
}

function selectSteps(db: Kysely<Database>) {
  return db
    .selectFrom('creative_process')
    .select(COLUMNS)
    .orderBy('order', 'asc')
    .orderBy('title', 'asc')
    .orderBy('id', 'asc')
}

async function findStep(db: Kysely<Database>, id: string): Promise<ProcessStep | undefined> {
  return firstRow(db.selectFrom('creative_process').select(COLUMNS).where('id', '=', id), toStep)
}

/** Steps by order ascending (numbered on the home page). */
async function readProcessSteps(): Promise<ProcessStep[]> {
  return (await selectSteps(getDb()).execute()).map(toStep)
}

/** Steps by order. Read once per content generation (ADR 027). */
export const listProcessSteps: () => Promise<ProcessStep[]> = cachedRead(
  'process-steps',
  readProcessSteps,
)

export async function getProcessStep(id: string): Promise<ProcessStep | undefined> {
  return findStep(getDb(), id)
}

export async function countProcessSteps(): Promise<number> {
  return countRows(getDb(), 'creative_process')
}

/** Validates then inserts; order defaults to count + 1 (1 for the first). */
export async function createProcessStep(input: ProcessStepInput): Promise<ProcessStep> {
  const fields = parseOrThrow(ProcessStepSchema, input)
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row: CreativeProcessTable = {
        id: createId(),
        title: fields.title,
        description: fields.description,
        order: fields.order ?? (await nextOrder(trx, 'creative_process')),
      }
      await trx.insertInto('creative_process').values(row).execute()
      return toStep(row)
    })
}

/** Partial update: untouched fields kept. Missing id → undefined. */
export async function updateProcessStep(
  id: string,
  patch: ProcessStepInput,
): Promise<ProcessStep | undefined> {
  return updateExisting(getDb(), findStep, id, async (trx, current) => {
    const { id: _currentId, ...values } = current
    const fields = parseOrThrow(ProcessStepSchema, mergePatch(values, patch))
    const changes: Omit<CreativeProcessTable, 'id'> = {
      title: fields.title,
      description: fields.description,
      order: fields.order ?? current.order,
    }
    await trx.updateTable('creative_process').set(changes).where('id', '=', id).execute()
    return toStep({ id, ...changes })
  })
}

/**
 * Deletes a step and numbers the others 1..n again, in their order: the home page numbers
 * them by position, and a gap would let the next new step (count + 1) tie with the
 * last one.
 */
export async function deleteProcessStep(id: string): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      if (!(await deleteById(trx, 'creative_process', id))) return false
      await numberInOrder(trx, await selectSteps(trx).execute())
      return true
    })
}

/** Gives `steps` the orders 1..n in the order given (only those that change are written). */
async function numberInOrder(
  trx: Kysely<Database>,
  steps: readonly { id: string; order?: number }[],
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (step.order === index + 1) continue
    await trx
      .updateTable('creative_process')
      .set({ order: index + 1 })
      .where('id', '=', step.id)
      .execute()
  }
}

/**
 * Persists a new order (move up/down, ADR 012): `ids` must be exactly the existing steps,
 * each once; they are renumbered 1..n in one transaction. Otherwise ValidationError and
 * nothing is written (the list changed under the admin's feet).
 */
export async function reorderProcessSteps(ids: readonly string[]): Promise<ProcessStep[]> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const existing = await trx.selectFrom('creative_process').select('id').execute()
      const known = new Set(existing.map((row) => row.id))
      const given = new Set(ids)
      const matches =
        ids.length === known.size && given.size === ids.length && ids.every((id) => known.has(id))
      if (!matches) throw new ValidationError({ '': PROCESS_REORDER_MESSAGE })
      await numberInOrder(
        trx,
        ids.map((id) => ({ id })),
      )
      return (await selectSteps(trx).execute()).map(toStep)
    })
}
