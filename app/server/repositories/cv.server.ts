// The CV: a single document keyed 'main'. Its URL is overwritten on update; the
// protection settings get their defaults when the URL is first set and are kept afterwards.
import { CV_FILE_PATH, CvSettingsSchema, CvUrlSchema, DEFAULT_CV_SETTINGS } from '#app/domain/cv.ts'
import type { Cv, CvSettings } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'
import { nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import type { Kysely } from 'kysely'

const MAIN = 'main'

interface StoredCv {
  url?: string
  settings?: Partial<CvSettings>
  file?: { key: string; mime: string }
}

async function readStored(db: Kysely<Database>) {
  const row = await db
    .selectFrom('cv')
    .select(['data', 'updatedAt'])
    .where('id', '=', MAIN)
    .executeTakeFirst()
  if (!row) return undefined
  return { data: parseJson<StoredCv>(row.data, {}), updatedAt: row.updatedAt }
}

function toCv(data: StoredCv, updatedAt: string | null): Cv {
  return {
    url: data.url ?? '',
    ...(updatedAt ? { updatedAt } : {}),
    settings: { ...DEFAULT_CV_SETTINGS, ...data.settings },
    ...(data.file && data.url === CV_FILE_PATH ? { file: data.file } : {}),
  }
}

async function write(db: Kysely<Database>, data: StoredCv): Promise<Cv> {
  const updatedAt = nowIso()
  const json = toJson(data)
  await db
    .insertInto('cv')
    .values({ id: MAIN, data: json, updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data: json, updatedAt }))
    .execute()
  return toCv(data, updatedAt)
}

/** undefined while no CV was ever saved. */
export async function getCv(): Promise<Cv | undefined> {
  const stored = await readStored(getDb())
  return stored ? toCv(stored.data, stored.updatedAt) : undefined
}

/** Sets the URL; the first time, the settings become requireAuth, no watermark, tracking. */
export async function updateCvUrl(url: unknown): Promise<Cv> {
  const data = parseOrThrow(CvUrlSchema, { url })
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const stored = await readStored(trx)
      const settings: CvSettings = { ...DEFAULT_CV_SETTINGS, ...stored?.data.settings }
      // Keeping the uploaded file's own address keeps the file; any other URL replaces it.
      const file = data.url === CV_FILE_PATH ? stored?.data.file : undefined
      return write(trx, { url: data.url, settings, ...(file ? { file } : {}) })
    })
}

/** Partial update of requireAuth, addWatermark, trackDownloads; the rest is kept. */
export async function updateCvSettings(partial: unknown): Promise<Cv> {
  const patch = parseOrThrow(CvSettingsSchema, partial)
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const stored = await readStored(trx)
      const settings: CvSettings = { ...DEFAULT_CV_SETTINGS, ...stored?.data.settings, ...patch }
      return write(trx, {
        ...(stored?.data.url ? { url: stored.data.url } : {}),
        ...(stored?.data.file ? { file: stored.data.file } : {}),
        settings,
      })
    })
}

/**
 * An uploaded CV file (private storage, ADR 018) becomes the CV: its URL is the guarded
 * CV_FILE_PATH. Returns the key of the file it replaces, if any, for removal.
 */
export async function setCvFile(file: { key: string; mime: string }): Promise<string | undefined> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const stored = await readStored(trx)
      const settings: CvSettings = { ...DEFAULT_CV_SETTINGS, ...stored?.data.settings }
      await write(trx, { url: CV_FILE_PATH, settings, file })
      const previous = stored?.data.file?.key
      return previous && previous !== file.key ? previous : undefined
    })
}
