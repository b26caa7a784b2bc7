// All-time page views shown beside each project and post in the admin lists (ADR 072).
import type { Kysely } from 'kysely'
import { DIM } from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { titledPages } from './labels.server.ts'
import { DICT } from './store.server.ts'

/**
 * All-time page views of the given paths (the posts' and projects' admin lists). A project's
 * or post's French page counts its English twin's views too.
 */
export async function viewCounts(
  paths: string[],
  db: Kysely<Database> = getDb(),
): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map()
  const twins = new Map<string, string>()
  for (const page of await titledPages()) if (page.english) twins.set(page.path, page.english)
  const asked = [...new Set(paths)]
  const wanted = asked.flatMap((path) => {
    const twin = twins.get(path)
    return twin ? [path, twin] : [path]
  })
  const counted = await pathViews([...new Set(wanted)], db)
  const out = new Map<string, number>()
  for (const path of asked) {
    const twin = twins.get(path)
    if (!counted.has(path) && !(twin && counted.has(twin))) continue
    out.set(path, (counted.get(path) ?? 0) + (twin ? (counted.get(twin) ?? 0) : 0))
  }
  return out
}

/** All-time page views of each of these exact paths. */
async function pathViews(paths: string[], db: Kysely<Database>): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (let i = 0; i < paths.length; i += 500) {
    const rows = await db
      .selectFrom('analytics_rollup')
      .innerJoin('analytics_dict', 'analytics_dict.id', 'analytics_rollup.value')
      .select((eb) => ['analytics_dict.value as path', eb.fn.sum<number>('pageviews').as('n')])
      .where('analytics_rollup.gran', '=', 1)
      .where('analytics_rollup.dim', '=', DIM.page)
      .where('analytics_dict.kind', '=', DICT.path)
      .where('analytics_dict.value', 'in', paths.slice(i, i + 500))
      .groupBy('analytics_dict.value')
      .execute()
    for (const r of rows) out.set(r.path, Number(r.n))
  }
  return out
}
