// The full export (ADR 066): one .zip streamed with yazl, holding
//   vitrine-export.json — format version and every table of content and settings as rows;
//   posts/<slug>.md, projects/<title>-<id>.md, pages/<slug>.md — the texts with YAML front
//     matter, readable without Vitrine;
//   media/<key> — the media library's stored files (originals and their variants);
//   private/<key> — the private CV file.
// Never: accounts, password hashes, sessions, second-factor secrets, the auth secret,
// rate-limit counters, the activity log, the mail outbox, nor visitors' messages (their
// personal data, not the owner's content: ADR 066).
import { dailyStatisticsCsv } from '../analytics/csv.server.ts'
import { SUBSCRIBERS_CSV, subscribersCsv } from '../newsletter/csv.server.ts'
import { PassThrough, type Readable } from 'node:stream'
import { stringify as toYaml } from 'yaml'
import { ZipFile } from 'yazl'
import { slugify } from '#app/domain/blog.ts'
import { getDatabaseHandle, getDb } from '#app/server/db/client.server.ts'
import { parseJson } from '#app/server/db/util.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import type { MediaStorage } from '#app/server/media/storage.server.ts'
import { privateStore, publicStore } from '#app/server/media/stores.server.ts'

export const EXPORT_FORMAT = 'vitrine-export'
export const EXPORT_VERSION = 1
export const EXPORT_JSON = 'vitrine-export.json'
export const STATISTICS_CSV = 'statistiques/quotidien.csv'

/** The tables an export carries, parents first. */
export const EXPORTED_TABLES = [
  'profile',
  'settings',
  'cv',
  'projects',
  'skills',
  'timeline',
  'creative_process',
  'media',
  'blog_posts',
  'blog_revisions',
  // The owner's pages and their history (ADR 101).
  'pages',
  'page_revisions',
  'import_source',
  // The owner's English versions (ADR 075), after every item they translate.
  'translations',
] as const
export type ExportedTable = (typeof EXPORTED_TABLES)[number]

export interface ExportDocument {
  format: typeof EXPORT_FORMAT
  version: number
  exportedAt: string
  tables: Record<ExportedTable, Record<string, unknown>[]>
}

/** Every exported table, read in one transaction: one consistent state while the site runs. */
export async function readExportTables(): Promise<ExportDocument> {
  const tables = {} as ExportDocument['tables']
  let transaction = getDb().transaction()
  // PostgreSQL's default gives each statement its own snapshot; SQLite's transaction is one.
  if (getDatabaseHandle()?.dialect === 'postgres')
    transaction = transaction.setIsolationLevel('repeatable read')
  await transaction.execute(async (trx) => {
    for (const table of EXPORTED_TABLES) {
      const rows = (await trx.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]
      // Stored HTML is re-rendered on import from the Markdown, which is the source. An
      // autosave is one person's unsaved typing on this site, not content (ADR 092).
      tables[table] = rows
        .filter(
          (row) =>
            (table !== 'blog_revisions' && table !== 'page_revisions') || row.kind !== 'autosave',
        )
        .map((row) => {
          const { contentHtml: _html, ...rest } = row
          return rest
        })
    }
  })
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    tables,
  }
}

function frontMatter(data: Record<string, unknown>, body: string): string {
  const clean = Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  )
  return `---\n${toYaml(clean).trimEnd()}\n---\n\n${body.trimEnd()}\n`
}

export function postMarkdown(row: Record<string, unknown>): string {
  const author = parseJson<{ name?: string }>(String(row.author ?? ''), {})
  return frontMatter(
    {
      title: row.title,
      slug: row.slug,
      date: row.publishedAt ?? row.createdAt,
      draft: row.status === 'draft' ? true : undefined,
      status: row.status,
      category: row.category,
      tags: parseJson<string[]>(String(row.tags ?? ''), []),
      description: row.excerpt,
      image: row.thumbnail,
      author: author.name || undefined,
    },
    String(row.content ?? ''),
  )
}

export function pageMarkdown(row: Record<string, unknown>): string {
  return frontMatter(
    {
      title: row.title,
      slug: row.slug,
      draft: row.status === 'draft' ? true : undefined,
      status: row.status,
      description: row.seoDescription,
      image: row.ogImage,
      menu: row.showInMenu === 1 ? true : undefined,
      footer: row.showInFooter === 1 ? true : undefined,
      order: row.menuOrder,
      date: row.createdAt,
    },
    String(row.content ?? ''),
  )
}

export function projectMarkdown(row: Record<string, unknown>): string {
  return frontMatter(
    {
      title: row.title,
      description: row.description,
      tags: parseJson<string[]>(String(row.tags ?? ''), []),
      image: row.thumbnail,
      images: parseJson<string[]>(String(row.images ?? ''), []),
      url: row.url,
      featured: row.featured === 1 ? true : undefined,
      order: row.order,
      date: row.createdAt,
    },
    String(row.content ?? ''),
  )
}

function storedKeys(row: Record<string, unknown>): string[] {
  const main = typeof row.storageKey === 'string' ? row.storageKey : ''
  return [main, ...parseJson<string[]>(String(row.variants ?? ''), [])].filter((k) => k !== '')
}

export interface ExportStores {
  media?: MediaStorage
  private?: MediaStorage
  /** Subscribers are personal data: out of the export unless asked (ADR 097). */
  withSubscribers?: boolean
}

/**
 * The export as a zip stream. The tables are read first (one consistent JSON); the files
 * follow one at a time as the consumer reads, so memory stays flat whatever the library's size.
 */
export async function exportZip(
  stores: ExportStores = {},
): Promise<{ stream: Readable; summary: ExportSummary }> {
  const env = getEnv()
  // The disk or the S3 bucket, whichever the site uses (ADR 068).
  const media = stores.media ?? publicStore(env)
  const privateFiles = stores.private ?? privateStore(env)
  const doc = await readExportTables()
  const zip = new ZipFile()
  zip.addBuffer(Buffer.from(JSON.stringify(doc, null, 2)), EXPORT_JSON)
  // The statistics' daily totals, as readable CSV (ADR 072): anonymous, for the owner's own use
  // elsewhere; not read back by an import. Raw events and salts never leave the database.
  zip.addBuffer(Buffer.from(await dailyStatisticsCsv()), STATISTICS_CSV)
  if (stores.withSubscribers) zip.addBuffer(Buffer.from(await subscribersCsv()), SUBSCRIBERS_CSV)
  const names = new Set<string>()
  const unique = (name: string) => {
    let candidate = name
    for (let n = 2; names.has(candidate); n++) candidate = name.replace(/\.md$/, `-${n}.md`)
    names.add(candidate)
    return candidate
  }
  for (const row of doc.tables.blog_posts)
    zip.addBuffer(Buffer.from(postMarkdown(row)), unique(`posts/${String(row.slug)}.md`))
  for (const row of doc.tables.projects)
    zip.addBuffer(
      Buffer.from(projectMarkdown(row)),
      unique(`projects/${slugify(String(row.title)) || 'projet'}-${String(row.id)}.md`),
    )
  for (const row of doc.tables.pages)
    zip.addBuffer(Buffer.from(pageMarkdown(row)), unique(`pages/${String(row.slug)}.md`))
  const summary: ExportSummary = {
    posts: doc.tables.blog_posts.length,
    projects: doc.tables.projects.length,
    pages: doc.tables.pages.length,
    files: 0,
    missing: [],
  }
  const seen = new Set<string>()
  const addFile = async (store: MediaStorage, key: string, folder: string) => {
    if (seen.has(`${folder}/${key}`)) return
    seen.add(`${folder}/${key}`)
    if (!(await store.stat(key))) {
      summary.missing.push(`${folder}/${key}`)
      return
    }
    summary.files++
    // Already compressed formats: stored, not deflated again.
    zip.addReadStreamLazy(`${folder}/${key}`, { compress: false }, (cb) =>
      cb(null, store.read(key)),
    )
  }
  for (const row of doc.tables.media)
    for (const key of storedKeys(row)) await addFile(media, key, 'media')
  for (const row of doc.tables.cv) {
    const file = parseJson<{ file?: { key?: string } }>(String(row.data ?? ''), {}).file
    if (file?.key) await addFile(privateFiles, file.key, 'private')
  }
  zip.end()
  const out = new PassThrough()
  ;(zip.outputStream as Readable).pipe(out)
  return { stream: out, summary }
}

export interface ExportSummary {
  posts: number
  projects: number
  pages: number
  files: number
  /** Files a row names that are not in storage (reported, the export goes on). */
  missing: string[]
}

export function exportFileName(now = new Date()): string {
  return `vitrine-export-${now.toISOString().slice(0, 10)}.zip`
}
