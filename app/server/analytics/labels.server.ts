// The words of the dashboard's panels (ADR 072): dictionary strings, country names, and the
// titles of the projects' and posts' pages, read from their repositories.
import type { Kysely } from 'kysely'
import {
  CHANNELS,
  DEVICES,
  decodeCountry,
  type DimName,
  type PanelRow,
} from '#app/domain/analytics.ts'
import { EN_PREFIX } from '#app/domain/i18n/locale.ts'
import type { Database } from '../db/schema.server.ts'
import { listBlogPostTitles } from '../repositories/blog.server.ts'
import { listProjectTitles } from '../repositories/projects.server.ts'
import { listTranslations } from '../repositories/translations.server.ts'
import type { Row } from './sources.server.ts'

let regionNames: Intl.DisplayNames | undefined
function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['fr'], { type: 'region' })
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

/** Labels of the panels' values (dictionary strings, country names, titles of pages). */
export async function labelRows(
  db: Kysely<Database>,
  key: DimName,
  rows: Row[],
  titles: () => Promise<Map<string, string>>,
): Promise<PanelRow[]> {
  const rate = (r: Row) => (r.visits ? Math.round((r.bounces / r.visits) * 100) : 0)
  const base = (r: Row, value: string, label: string): PanelRow => ({
    value,
    label,
    visitors: r.visitors,
    visits: r.visits,
    pageviews: r.pageviews,
    bounceRate: rate(r),
  })
  if (key === 'country')
    return rows.map((r) => {
      const code = decodeCountry(r.value)
      return code ? base(r, code, countryName(code)) : base(r, 'Inconnu', 'Inconnu')
    })
  if (key === 'channel')
    return rows.map((r) => {
      const label = CHANNELS[r.value] || 'Inconnu'
      return base(r, label, label)
    })
  if (key === 'device')
    return rows.map((r) => {
      const label = DEVICES[r.value] || 'Inconnu'
      return base(r, label, label)
    })
  const ids = rows.map((r) => r.value).filter((v) => v > 0)
  const strings = new Map<number, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('analytics_dict')
      .select(['id', 'value'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const f of found) strings.set(Number(f.id), f.value)
  }
  const none = key === 'referrer' ? 'Accès direct' : 'Inconnu'
  const named = key === 'page' || key === 'entry' || key === 'exit' ? await titles() : undefined
  return rows.map((r) => {
    const text = r.value > 0 ? strings.get(r.value) : undefined
    if (text === undefined) return base(r, '(aucun)', none)
    const row = base(r, text, text)
    const title = named?.get(text)
    if (title) row.title = title
    return row
  })
}

interface TitledPage {
  path: string
  title: string
  /** The English twin's path (ADR 074): by id, since a post's English slug may differ. */
  english?: string
}

/** Every project's and post's French page, its title and its English page. */
export async function titledPages(): Promise<TitledPage[]> {
  const [projects, posts, englishPosts] = await Promise.all([
    listProjectTitles(),
    listBlogPostTitles(),
    listTranslations('post'),
  ])
  const pages: TitledPage[] = projects.map((p) => ({
    path: `/projects/${p.id}`,
    title: p.title,
    english: `${EN_PREFIX}/projects/${p.id}`,
  }))
  for (const p of posts) {
    const english = englishPosts.get(p.id)
    pages.push({
      path: `/blog/${p.slug}`,
      title: p.title,
      // A post without an English version has no English page.
      english: english ? `${EN_PREFIX}/blog/${english.slug || p.slug}` : undefined,
    })
  }
  return pages
}

/**
 * Page path → the project's or post's title; the English page is named by the French title
 * followed by « (EN) », as the owner knows the item in the French hub.
 */
export async function pageTitles(): Promise<Map<string, string>> {
  const map = new Map<string, string>()
  for (const page of await titledPages()) {
    map.set(page.path, page.title)
    if (page.english) map.set(page.english, `${page.title} (EN)`)
  }
  return map
}
