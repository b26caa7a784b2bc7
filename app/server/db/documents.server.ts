// The single-document tables (profile, settings, cv): one JSON row per id ('main'; the settings
// table also holds 'mail' and 'statistics'). One way to read and write such a row.
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { parseOrThrow } from '../http/errors.server.ts'
import { getDb } from './client.server.ts'
import type { Database } from './schema.server.ts'
import { nowIso, parseJson, toJson } from './util.server.ts'

type DocumentTableName = 'profile' | 'settings' | 'cv'

/** The document's parsed JSON; undefined when it was never written or cannot be read. */
export async function readDocument(
  table: DocumentTableName,
  id: string,
  db: Kysely<Database> = getDb(),
): Promise<unknown> {
  const row = await db.selectFrom(table).select('data').where('id', '=', id).executeTakeFirst()
  return parseJson<unknown>(row?.data, undefined)
}

/** Writes the document whole, with a fresh updatedAt. */
export async function writeDocument(
  table: DocumentTableName,
  id: string,
  value: unknown,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  const data = toJson(value)
  const updatedAt = nowIso()
  await db
    .insertInto(table)
    .values({ id, data, updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updatedAt }))
    .execute()
}

/**
 * A settings document under its own key of the settings table ('mail', 'newsletter'): read
 * against its schema (nothing stored, or a row that no longer parses, counts as `defaults`),
 * saved only once it parses (else a ValidationError with the French messages).
 */
export function settingsDocument<S extends z.ZodType>(
  id: string,
  schema: S,
  defaults: z.output<S>,
) {
  return {
    async read(db: Kysely<Database> = getDb()): Promise<z.output<S>> {
      const parsed = schema.safeParse(await readDocument('settings', id, db))
      return parsed.success ? parsed.data : defaults
    },
    async save(input: unknown): Promise<z.output<S>> {
      const settings = parseOrThrow(schema, input)
      await writeDocument('settings', id, settings)
      return settings
    },
  }
}
