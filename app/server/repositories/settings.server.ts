// Site settings: a single document keyed 'main', saved by merging then re-read.
// Public pages read `getSiteSettings()`, which falls back to French defaults.
import { cachedRead } from '#app/server/cache/generation.server.ts'
import { mergeSettings, SettingsSchema, withDefaultSettings } from '#app/domain/settings.ts'
import type { SiteSettings } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { parseJson } from '#app/server/db/util.server.ts'
import { writeDocument } from '#app/server/db/documents.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'

const MAIN = 'main'

export async function getSettings(): Promise<SiteSettings | undefined> {
  const row = await getDb()
    .selectFrom('settings')
    .select(['data', 'updatedAt'])
    .where('id', '=', MAIN)
    .executeTakeFirst()
  if (!row) return undefined
  const data = parseJson<Omit<SiteSettings, 'updatedAt'> | undefined>(row.data, undefined)
  if (!data) return undefined
  return { ...data, ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}) }
}

/** Never undefined: stored settings, or French fallbacks before the first save. */
async function readSiteSettings(): Promise<SiteSettings> {
  return withDefaultSettings(await getSettings())
}

/** Never undefined: stored settings, or French fallbacks before the first save. Read once per content generation (ADR 027). */
export const getSiteSettings: () => Promise<SiteSettings> = cachedRead(
  'site-settings',
  readSiteSettings,
)

/**
 * Merges `input` (typed or flat form names like "contact.email") over the stored settings —
 * socialMedia, contact and legal key by key — validates the whole, writes it with a fresh
 * updatedAt, and returns the settings as re-read from the database.
 */
export async function updateSettings(input: unknown): Promise<SiteSettings> {
  const db = getDb()
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('settings')
      .select(['data'])
      .where('id', '=', MAIN)
      .executeTakeFirst()
    const stored = parseJson<Record<string, unknown>>(row?.data, {})
    const settings = parseOrThrow(SettingsSchema, mergeSettings(stored, input))
    await writeDocument('settings', MAIN, settings, trx)
  })
  const saved = await getSettings()
  if (!saved) throw new Error('Settings vanished right after being saved')
  return saved
}
