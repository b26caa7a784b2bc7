// Server side of the activity beacon (routes/resources/activity-beacon.ts): validation of
// what the browser reports and the enrichment of the caller's own recent entries.
import type { z } from 'zod'
import { ClientInfoSchema, UNKNOWN } from '#app/domain/activity.ts'
import type { UserInfo } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { parseJson, toJson } from '#app/server/db/util.server.ts'

/** Only entries this recent can be enriched. */
export const BEACON_WINDOW_MS = 5 * 60 * 1000
/** At most this many entries are touched by one beacon. */
const MAX_ENTRIES = 50

/** The shared schema, with the referrer cut to origin + path. */
export const BeaconSchema = ClientInfoSchema.transform((info) => ({
  ...info,
  referrer: info.referrer === undefined ? undefined : shortReferrer(info.referrer),
}))
export type BeaconInput = z.output<typeof BeaconSchema>

/** Origin and path of an http(s) URL; anything else is dropped. */
export function shortReferrer(value: string): string | undefined {
  const raw = value.trim()
  if (!raw || !URL.canParse(raw)) return undefined
  const url = new URL(raw)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return `${url.origin}${url.pathname}`
}

/** What the server derived from a request: an entry is enriched only by the same device. */
export type DeviceFingerprint = Pick<UserInfo, 'ip' | 'browser' | 'os' | 'device'>

/**
 * Fills the still-unknown browser fields of the user's recent entries written from the same
 * device (address, browser, system): a beacon from a phone never labels what a laptop or a
 * script did. Returns the count.
 */
export async function enrichRecentActivity(
  userId: string,
  input: BeaconInput,
  device: DeviceFingerprint,
  now = Date.now(),
): Promise<number> {
  const patch = {
    language: input.language,
    screenResolution: input.screenResolution,
    timezone: input.timezone,
    referrer: input.referrer,
  }
  if (Object.values(patch).every((v) => v === undefined)) return 0
  const db = getDb()
  const since = new Date(now - BEACON_WINDOW_MS).toISOString()
  const rows = await db
    .selectFrom('activity_logs')
    .select(['id', 'userInfo'])
    .where('userId', '=', userId)
    .where('timestamp', '>=', since)
    .orderBy('timestamp', 'desc')
    .limit(MAX_ENTRIES)
    .execute()
  // Entries written after an earlier beacon already carry its fields (ADR 081): the write
  // transaction is opened only when some entry is left to fill.
  const isUnknown = (v: string | undefined) => !v || v === UNKNOWN
  const updates: { id: string; userInfo: Partial<UserInfo> }[] = []
  for (const row of rows) {
    const info = parseJson<Partial<UserInfo>>(row.userInfo, {})
    // Entries already enriched (by an earlier beacon) are left as they are.
    if (!isUnknown(info.screenResolution) || !isUnknown(info.timezone)) continue
    const sameDevice = (Object.keys(device) as (keyof DeviceFingerprint)[]).every(
      (key) => info[key] === device[key],
    )
    if (!sameDevice) continue
    const next: Partial<UserInfo> = { ...info }
    for (const [key, value] of Object.entries(patch) as [
      keyof typeof patch,
      string | undefined,
    ][]) {
      if (value !== undefined && isUnknown(info[key])) next[key] = value
    }
    updates.push({ id: row.id, userInfo: next })
  }
  if (updates.length === 0) return 0
  await db.transaction().execute(async (trx) => {
    for (const { id, userInfo } of updates)
      await trx
        .updateTable('activity_logs')
        .set({ userInfo: toJson(userInfo) })
        .where('id', '=', id)
        .execute()
  })
  return updates.length
}
