// Reading back Vitrine's own export (ADR 066). Rows keep their ids, so a second import finds
// them all ('déjà présent'); an existing single document (profile, settings, CV) is never
// overwritten. Post and project bodies are rendered again through the sanitising pipeline
// (ADR 020) rather than trusting stored HTML; a post whose slug another post already has gets
// a suffix. Files are copied under their content-addressed keys after their bytes are sniffed
// (ADR 017): a file whose bytes are not the type its name says is refused. Translations
// (ADR 075) are keyed by item, id and language, and land only beside an item that exists.
// The archive's JSON is parsed in the import worker, which hands the rows over one by one
// (ADR 083). Where mail goes is never imported (ADR 083): the mail settings row is skipped
// and the contact address left empty, so an archive cannot send the owner's alerts elsewhere.
// Revisions land only beside a post that exists, in a known language, with a sane date.
// Pages (ADR 101) are checked with the pages schema (never an address of the app), rendered
// again, renamed with a number when their slug is taken; their revisions land beside them.
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { z } from 'zod'
import { BlogPostFieldsSchema } from '#app/domain/blog.ts'
import { isUrl, MAX_LENGTH, toFieldErrors } from '#app/domain/common.ts'
import { CvSettingsSchema, CvUrlSchema } from '#app/domain/cv.ts'
import { MailSettingsSchema } from '#app/domain/mail.ts'
import { StatsSettingsSchema } from '#app/domain/analytics.ts'
import { ACCEPTED_TYPES } from '#app/domain/media-file.ts'
import { PageSchema } from '#app/domain/page.ts'
import { ProcessStepSchema } from '#app/domain/process.ts'
import { ProfileSchema } from '#app/domain/profile.ts'
import { ProjectSchema } from '#app/domain/project.ts'
import { SettingsSchema } from '#app/domain/settings.ts'
import { SkillSchema } from '#app/domain/skill.ts'
import { TimelineSchema } from '#app/domain/timeline.ts'
import { MEDIA_CATEGORIES } from '#app/domain/types.ts'
import { LOCALES } from '#app/domain/i18n/locale.ts'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import {
  cleanTranslation,
  TRANSLATABLE_FIELDS,
  translationSchema,
  isTerm,
  type TranslatedEntity,
} from '#app/domain/translation.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { parseJson, toJson } from '#app/server/db/util.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { isStorageKey, type MediaStorage } from '#app/server/media/storage.server.ts'
import { privateStore } from '#app/server/media/stores.server.ts'
import { claimFreeEnglishSlug } from '#app/server/repositories/translations.server.ts'
import {
  EXPORTED_TABLES,
  EXPORT_FORMAT,
  EXPORT_JSON,
  EXPORT_VERSION,
  type ExportDocument,
  type ExportedTable,
} from './export.server.ts'
import { progress, type ImportContext } from './pipeline.server.ts'
import type { ItemKind } from './report.server.ts'
import { ImportRefused, type Emit } from './source.server.ts'
import type { OpenZip } from './zip.server.ts'
import { mediaWithKey } from '#app/server/repositories/media.server.ts'

/** Rows larger than this (characters of JSON) are refused without being handed over. */
const MAX_ROW_CHARS = 4_000_000
/** How far in the future a revision's date may be (clock skew between two servers). */
const REVISION_SKEW_MS = 24 * 60 * 60_000

export const VITRINE_NOTES = {
  mail: 'Réglages des e-mails non importés : l’adresse qui reçoit les alertes se règle dans Paramètres › E-mails',
  contact:
    'Adresse e-mail de contact non importée : saisissez-la dans Paramètres (les alertes de nouveaux messages vont d’ici là aux administrateurs)',
}

export const VITRINE_REFUSALS = {
  unreadable: 'Le fichier vitrine-export.json de l’archive est illisible. Rien n’a été importé.',
  newer: (version: number) =>
    `Cet export est au format ${version}, plus récent que celui que ce site sait lire (${EXPORT_VERSION}). Mettez Vitrine à jour, puis recommencez. Rien n’a été importé.`,
}

export function isVitrineZip(zip: OpenZip): boolean {
  return zip.entries.some((e) => e.fileName === EXPORT_JSON)
}

const KIND: Partial<Record<ExportedTable, ItemKind>> = {
  blog_posts: 'post',
  projects: 'project',
  media: 'media',
  pages: 'page',
}

/** The columns that identify a row (its id unless said otherwise). */
const KEY_COLUMNS: Partial<Record<ExportedTable, readonly string[]>> = {
  import_source: ['sourceKey'],
  translations: ['entity', 'entityId', 'locale'],
}

/** The table of each translated kind of item whose rows have ids of their own. */
const TRANSLATED_TABLE: Partial<Record<TranslatedEntity, ExportedTable>> = {
  project: 'projects',
  post: 'blog_posts',
  skill: 'skills',
  timeline: 'timeline',
  process: 'creative_process',
  media: 'media',
  page: 'pages',
}

/** The ids of the single documents that can be translated (profile, settings, legal pages). */
const DOCUMENT_IDS: Partial<Record<TranslatedEntity, readonly string[]>> = {
  profile: ['profile'],
  settings: ['settings'],
  legal: Object.keys(LEGAL_PAGES),
}

const isEntity = (value: unknown): value is TranslatedEntity =>
  typeof value === 'string' && Object.hasOwn(TRANSLATABLE_FIELDS, value)

const LABEL: Record<ExportedTable, string> = {
  profile: 'Profil',
  settings: 'Paramètres',
  cv: 'CV',
  projects: 'Projet',
  skills: 'Compétence',
  timeline: 'Parcours',
  creative_process: 'Étape du processus',
  media: 'Média',
  blog_posts: 'Article',
  blog_revisions: 'Révision',
  pages: 'Page',
  page_revisions: 'Révision de page',
  import_source: 'Source d’import',
  translations: 'Traduction',
}

async function columnsOf(): Promise<Map<string, Set<string>>> {
  const tables = await getDb().introspection.getTables()
  return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export async function readExportDocument(zip: OpenZip): Promise<ExportDocument> {
  const entry = zip.entries.find((e) => e.fileName === EXPORT_JSON)
  if (!entry) throw new ImportRefused(VITRINE_REFUSALS.unreadable)
  let doc: unknown
  try {
    doc = JSON.parse(await zip.text(entry))
  } catch {
    throw new ImportRefused(VITRINE_REFUSALS.unreadable)
  }
  if (
    !isRecord(doc) ||
    doc.format !== EXPORT_FORMAT ||
    !isRecord(doc.tables) ||
    typeof doc.version !== 'number'
  )
    throw new ImportRefused(VITRINE_REFUSALS.unreadable)
  if (doc.version > EXPORT_VERSION) throw new ImportRefused(VITRINE_REFUSALS.newer(doc.version))
  return doc as unknown as ExportDocument
}

const entryIndex = new WeakMap<OpenZip, Map<string, OpenZip['entries'][number]>>()

/** An entry by name, through an index built once per archive (a library may hold thousands). */
function entryNamed(zip: OpenZip, name: string) {
  let index = entryIndex.get(zip)
  if (!index) {
    index = new Map(zip.entries.map((e) => [e.fileName, e]))
    entryIndex.set(zip, index)
  }
  return index.get(name)
}

async function copyFile(
  zip: OpenZip,
  folder: string,
  key: string,
  store: MediaStorage,
): Promise<'created' | 'present' | string> {
  if (!isStorageKey(key)) return 'nom de fichier refusé'
  if (await store.stat(key)) return 'present'
  const entry = entryNamed(zip, `${folder}/${key}`)
  if (!entry) return 'absent de l’archive'
  const temp = await store.tempPath()
  try {
    await pipeline(await zip.stream(entry), createWriteStream(temp))
    const { fileTypeFromFile } = await import('file-type')
    const sniffed = await fileTypeFromFile(temp)
    const ext = key.slice(key.lastIndexOf('.') + 1)
    const expected = sniffed ? ACCEPTED_TYPES[sniffed.mime]?.ext : undefined
    if (!expected || (expected !== ext && !(expected === 'heic' && ext === 'heif')))
      return 'contenu qui ne correspond pas à son type'
    await store.commit(temp, key)
    return 'created'
  } finally {
    await rm(temp, { force: true })
  }
}

function check(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  if (result.success) return undefined
  return Object.entries(toFieldErrors(result.error))
    .map(([field, message]) => (field ? `${field} : ${message}` : message))
    .join(' ; ')
}

const list = (text: unknown) => parseJson<unknown>(String(text ?? ''), [])
const doc = (text: unknown) => parseJson<unknown>(String(text ?? ''), {})

/**
 * What the editor would refuse, the import refuses too: each row is checked with the same
 * domain schema as its admin form (a URL column holding `javascript:` never lands), with the
 * French reason; undefined when the row is acceptable.
 */
export function rowProblem(table: ExportedTable, row: Record<string, unknown>): string | undefined {
  switch (table) {
    case 'projects':
      return check(ProjectSchema, {
        ...row,
        tags: list(row.tags),
        images: list(row.images),
        featured: row.featured === 1,
      })
    case 'skills':
      return check(SkillSchema, row)
    case 'timeline':
      return check(TimelineSchema, { ...row, tags: list(row.tags) })
    case 'creative_process':
      return check(ProcessStepSchema, row)
    case 'blog_posts': {
      if (typeof row.publishedAt === 'string' && Number.isNaN(Date.parse(row.publishedAt)))
        return 'date de publication invalide'
      const { publishedAt: _date, ...fields } = row
      return check(BlogPostFieldsSchema, {
        ...fields,
        tags: list(row.tags),
        author: doc(row.author),
        readTime: row.readTimeAuto === 1 ? undefined : row.readTime,
      })
    }
    case 'media':
      // The alternative text may be missing on an uploaded image (the library flags it).
      if (typeof row.url !== 'string' || !isUrl(row.url)) return 'URL invalide'
      if (!MEDIA_CATEGORIES.some((c) => c === row.category)) return 'catégorie invalide'
      return undefined
    case 'profile':
      return check(ProfileSchema, doc(row.data))
    case 'settings':
      if (row.id === 'main') return check(SettingsSchema, doc(row.data))
      if (row.id === 'mail') return check(MailSettingsSchema, doc(row.data))
      if (row.id === 'statistics') return check(StatsSettingsSchema, doc(row.data))
      return 'réglage inconnu'
    case 'cv': {
      const data = doc(row.data) as { url?: unknown; settings?: unknown }
      return check(CvUrlSchema, { url: data.url }) ?? check(CvSettingsSchema, data.settings ?? {})
    }
    case 'import_source':
      if (row.oldPath !== null && (typeof row.oldPath !== 'string' || !row.oldPath.startsWith('/')))
        return 'ancienne adresse invalide'
      if (row.targetUrl !== null && (typeof row.targetUrl !== 'string' || !isUrl(row.targetUrl)))
        return 'URL invalide'
      return undefined
    case 'translations': {
      if (!isEntity(row.entity)) return 'type de contenu inconnu'
      if (!LOCALES.some((l) => l !== 'fr' && l === row.locale)) return 'langue inconnue'
      if (typeof row.updatedAt !== 'string') return 'date de mise à jour invalide'
      const data = typeof row.data === 'string' ? parseJson<unknown>(row.data, null) : null
      if (!isRecord(data)) return 'traduction illisible'
      return check(translationSchema(row.entity), data)
    }
    case 'pages':
      return check(PageSchema, {
        ...row,
        showInMenu: row.showInMenu === 1,
        showInFooter: row.showInFooter === 1,
      })
    case 'page_revisions':
    case 'blog_revisions': {
      const owner = table === 'blog_revisions' ? row.postId : row.pageId
      if (typeof owner !== 'string' || owner === '')
        return table === 'blog_revisions' ? 'article inconnu' : 'page inconnue'
      if (!LOCALES.some((l) => l === (row.locale ?? 'fr'))) return 'langue inconnue'
      // Saved versions only: autosaves are never exported (ADR 092).
      if ((row.kind ?? 'save') !== 'save') return 'révision illisible'
      const created = typeof row.createdAt === 'string' ? Date.parse(row.createdAt) : Number.NaN
      if (Number.isNaN(created)) return 'date de la révision invalide'
      if (created > Date.now() + REVISION_SKEW_MS) return 'date de la révision dans le futur'
      const limits = { title: MAX_LENGTH.short, excerpt: MAX_LENGTH.text, content: MAX_LENGTH.long }
      for (const [column, max] of Object.entries(limits)) {
        const value = row[column]
        if (typeof value !== 'string' || value.length > max) return 'révision illisible'
      }
      return undefined
    }
  }
}

/** Why a translation row has nothing to translate on this site, if so. */
async function missingItem(row: Record<string, unknown>): Promise<string | undefined> {
  const entity = row.entity as TranslatedEntity
  const id = String(row.entityId)
  // A tag's or category's English name needs no item: it names a French name (ADR 094).
  if (isTerm(entity)) return undefined
  const documents = DOCUMENT_IDS[entity]
  if (documents) return documents.includes(id) ? undefined : 'élément traduit inconnu'
  const table = TRANSLATED_TABLE[entity]
  if (!table) return 'élément traduit inconnu'
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables chosen above
  const found = await (getDb() as any)
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return found ? undefined : 'l’élément traduit est absent de ce site et de l’archive'
}

function rowLabel(table: ExportedTable, raw: unknown, keys: readonly string[]): string {
  let name: unknown = '?'
  if (isRecord(raw))
    name =
      table === 'translations'
        ? `${String(raw.entity)} ${String(raw.entityId)} (${String(raw.locale)})`
        : (raw.title ?? raw.name ?? raw[keys[0]!] ?? '?')
  return `${LABEL[table]} « ${String(name).slice(0, 80)} »`
}

/** Reads the archive's JSON in the worker and hands its rows over, table by table. */
export async function parseVitrine(zip: OpenZip, emit: Emit): Promise<void> {
  const doc = await readExportDocument(zip)
  for (const table of EXPORTED_TABLES) {
    const rows: unknown[] = Array.isArray(doc.tables[table]) ? doc.tables[table] : []
    const keyColumns = KEY_COLUMNS[table] ?? ['id']
    for (const row of rows) {
      if (JSON.stringify(row).length > MAX_ROW_CHARS) {
        await emit({
          type: 'fail',
          kind: KIND[table] ?? 'content',
          item: rowLabel(table, row, keyColumns),
          reason: 'ligne trop volumineuse',
          step: KIND[table] !== undefined,
        })
        continue
      }
      await emit({ type: 'row', table, row })
    }
  }
}

export interface VitrineTarget {
  zip: OpenZip
  columns: Map<string, Set<string>>
}

/** Opens what the rows of an archive need on the main thread: its files and the columns. */
export async function vitrineTarget(zip: OpenZip): Promise<VitrineTarget> {
  return { zip, columns: await columnsOf() }
}

/** A revision's post or page: on this site already, or earlier in the archive. */
const OWNER = {
  blog_revisions: {
    table: 'blog_posts',
    column: 'postId',
    missing: 'article absent de ce site et de l’archive',
  },
  page_revisions: {
    table: 'pages',
    column: 'pageId',
    missing: 'page absente de ce site et de l’archive',
  },
} as const

const isTable = (table: string): table is ExportedTable =>
  (EXPORTED_TABLES as readonly string[]).includes(table)

/** One row of the archive into its table, unless present or refused; counted in the report. */
export async function importVitrineRow(
  ctx: ImportContext,
  target: VitrineTarget,
  table: string,
  raw: unknown,
): Promise<void> {
  if (!isTable(table)) return
  const { report } = ctx
  const { zip, columns } = target
  const db = getDb()
  const known = columns.get(table)
  if (!known) return
  const keyColumns = KEY_COLUMNS[table] ?? ['id']
  const kind = KIND[table] ?? 'content'
  const label = rowLabel(table, raw, keyColumns)
  try {
    if (
      !isRecord(raw) ||
      keyColumns.some((column) => typeof raw[column] !== 'string' || raw[column] === '')
    )
      throw new ImportRefused('ligne illisible')
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any exported table
    const anyDb = db as any
    let lookup = anyDb.selectFrom(table).select(keyColumns[0])
    for (const column of keyColumns) lookup = lookup.where(column, '=', raw[column])
    const exists = await lookup.executeTakeFirst()
    if (exists) {
      report.count(kind, 'present')
      return
    }
    const row = Object.fromEntries(Object.entries(raw).filter(([column]) => known.has(column)))
    if (table === 'settings' && row.id === 'mail') {
      report.count(kind, 'skipped')
      report.note(VITRINE_NOTES.mail)
      return
    }
    const problem = rowProblem(table, row)
    if (problem) throw new ImportRefused(problem)
    if (table === 'translations') {
      const missing = await missingItem(row)
      if (missing) throw new ImportRefused(missing)
      // Stored as the hub stores it: blanks dropped, an English slug in the slug form.
      const data = cleanTranslation(parseJson<Record<string, string>>(String(row.data), {}))
      // Never another post's English address (ADR 084): renamed as French slugs are.
      const renamed =
        row.entity === 'post'
          ? await claimFreeEnglishSlug(db, String(row.entityId), data)
          : undefined
      if (renamed)
        report.note(
          `${label} : le slug anglais « ${renamed.from} » est déjà pris, l’article devient « ${renamed.to} »`,
        )
      row.data = toJson(data)
    }
    if (table === 'blog_posts') {
      const slug = String(row.slug ?? '')
      let candidate = slug
      for (
        let n = 2;
        await db
          .selectFrom('blog_posts')
          .select('id')
          .where('slug', '=', candidate)
          .executeTakeFirst();
        n++
      )
        candidate = `${slug}-${n}`
      if (candidate !== slug) {
        report.note(
          `${label} : le slug « ${slug} » est déjà pris, l’article devient « ${candidate} »`,
        )
        row.slug = candidate
      }
    }
    if (table === 'pages') {
      const slug = String(row.slug ?? '')
      let candidate = slug
      for (
        let n = 2;
        await db.selectFrom('pages').select('id').where('slug', '=', candidate).executeTakeFirst();
        n++
      )
        candidate = `${slug}-${n}`
      if (candidate !== slug) {
        report.note(
          `${label} : le slug « ${slug} » est déjà pris, la page devient « ${candidate} »`,
        )
        row.slug = candidate
      }
    }
    if (table === 'blog_posts' || table === 'projects' || table === 'pages')
      row.contentHtml = (await renderMarkdown(String(row.content ?? ''))).html
    if (table === 'media') {
      // A file this library holds already (its key is its hash, ADR 093) stays one entry.
      const storageKey = String(row.storageKey ?? '')
      if (storageKey !== '' && (await mediaWithKey(storageKey))) {
        report.count(kind, 'present')
        return
      }
      // The hash must name this file: the key begins with it (ADR 017). Anything else, or an
      // archive made before migration 027, gets the key's first 32 digits.
      const hash = typeof row.contentHash === 'string' ? row.contentHash : ''
      if (!/^[0-9a-f]{64}$/.test(hash) || !storageKey.startsWith(hash.slice(0, 32)))
        row.contentHash = storageKey.slice(0, 32)
      const keys = [
        String(row.storageKey ?? ''),
        ...parseJson<string[]>(String(row.variants ?? ''), []),
      ].filter(Boolean)
      for (const file of keys) {
        const outcome = await copyFile(zip, 'media', file, ctx.storage)
        if (outcome !== 'created' && outcome !== 'present')
          throw new ImportRefused(`fichier ${file} : ${outcome}`)
      }
    }
    if (table === 'cv') {
      const file = parseJson<{ file?: { key?: string } }>(String(row.data ?? ''), {}).file
      if (file?.key) {
        const outcome = await copyFile(
          zip,
          'private',
          file.key,
          ctx.options.privateStorage ?? privateStore(),
        )
        if (outcome !== 'created' && outcome !== 'present')
          throw new ImportRefused(`fichier du CV : ${outcome}`)
      }
    }
    const owner = table === 'blog_revisions' || table === 'page_revisions' ? OWNER[table] : null
    if (owner) {
      const found = await db
        .selectFrom(owner.table)
        .select('id')
        .where('id', '=', String(row[owner.column]))
        .executeTakeFirst()
      if (!found) throw new ImportRefused(owner.missing)
    }
    if (table === 'settings') {
      const data = parseJson<{ customJs?: string; contact?: { email?: string } }>(
        String(row.data ?? ''),
        {},
      )
      if (data.contact?.email) {
        row.data = toJson({ ...data, contact: { ...data.contact, email: '' } })
        report.note(VITRINE_NOTES.contact)
      }
      if (data.customJs?.trim())
        report.note(
          'Les paramètres importés contiennent du JavaScript personnalisé : relisez-le dans Paramètres',
        )
    }
    await anyDb.insertInto(table).values(row).execute()
    report.count(kind, 'created')
  } catch (error) {
    report.fail(
      kind,
      label,
      error instanceof ImportRefused ? error.message : 'ligne refusée par la base de données',
    )
  } finally {
    if (kind !== 'content') progress(ctx)
  }
}
