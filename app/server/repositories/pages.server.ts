// The owner's pages (ADR 090): unique slug outside the app's addresses (checked by the schema),
// Markdown rendered once at save time and stored (ADR 020), public only when published. The
// public reads are kept per content generation (ADR 039); every write goes through Kysely, so
// ContentWritesPlugin bumps that generation (ADR 026). Every save keeps a revision, as a
// post's does (ADR 101).
import type { Kysely } from 'kysely'
import {
  PAGE_SLUG_TAKEN_MESSAGE,
  PageSchema,
  type Page,
  type PageFields,
  type PageStatus,
} from '#app/domain/page.ts'
import { cachedRead, cachedReadByKey } from '#app/server/cache/generation.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { isUniqueViolation } from '#app/server/db/dialect.server.ts'
import type { Database, PagesTable } from '#app/server/db/schema.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'
import { ValidationError, parseOrThrow } from '#app/server/http/errors.server.ts'
import { addRevision, type RevisionAuthor } from './blog-revisions.server.ts'
import {
  compareText,
  deleteById,
  firstRow,
  insertPrepared,
  mergePatch,
  seoOf,
} from './collection.server.ts'

/** Who saved, for the revision; omitted by scripts (seed, import, tests) → "Système". */
const SYSTEM_AUTHOR: RevisionAuthor = { id: 'system', name: 'Système' }

/** Keeps the saved French text as a revision of the page (ADR 101). */
async function keepRevision(
  trx: Kysely<Database>,
  page: { id: string; title: string; content: string },
  author: RevisionAuthor,
) {
  const revision = { id: page.id, title: page.title, excerpt: '', content: page.content }
  await addRevision(trx, revision, author, 'fr', undefined, 'page')
}

const COLUMNS = [
  'id',
  'slug',
  'title',
  'content',
  'status',
  'showInMenu',
  'showInFooter',
  'menuOrder',
  'seoTitle',
  'seoDescription',
  'ogImage',
  'createdAt',
  'updatedAt',
] as const

type PageRow = Omit<PagesTable, 'contentHtml'>

function toPage(row: PageRow): Page {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    status: row.status === 'published' ? 'published' : 'draft',
    showInMenu: row.showInMenu === 1,
    showInFooter: row.showInFooter === 1,
    menuOrder: row.menuOrder,
    ...seoOf(row),
    createdAt: row.createdAt,
    ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
  }
}

function toColumns(fields: PageFields, contentHtml: string) {
  return {
    slug: fields.slug,
    title: fields.title,
    content: fields.content,
    contentHtml,
    status: fields.status,
    showInMenu: fields.showInMenu ? 1 : 0,
    showInFooter: fields.showInFooter ? 1 : 0,
    menuOrder: fields.menuOrder,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    ogImage: fields.ogImage,
  }
}

function editable(page: Page): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = page
  return fields
}

async function findPage(db: Kysely<Database>, id: string): Promise<Page | undefined> {
  return firstRow(db.selectFrom('pages').select(COLUMNS).where('id', '=', id), toPage)
}

const slugTaken = () => new ValidationError({ slug: PAGE_SLUG_TAKEN_MESSAGE })

async function assertSlugFree(db: Kysely<Database>, slug: string, exceptId?: string) {
  let query = db.selectFrom('pages').select('id').where('slug', '=', slug)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw slugTaken()
}

/** Every page, drafts included (the hub): menu order, then title. */
export async function listPages(): Promise<Page[]> {
  const rows = await getDb()
    .selectFrom('pages')
    .select(COLUMNS)
    .orderBy('menuOrder', 'asc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toPage).sort((a, b) => a.menuOrder - b.menuOrder || compareText(a.title, b.title))
}

/** Any page by id, whatever its status (the hub). */
export async function getPage(id: string): Promise<Page | undefined> {
  return findPage(getDb(), id)
}

/** A page and its rendered body. */
export interface PageView {
  page: Page
  html: string
}

async function readPageView(slug: string, status?: PageStatus): Promise<PageView | undefined> {
  let query = getDb()
    .selectFrom('pages')
    .select([...COLUMNS, 'contentHtml'])
    .where('slug', '=', slug)
  if (status) query = query.where('status', '=', status)
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const { contentHtml, ...rest } = row
  const html = contentHtml ?? (await renderMarkdown(row.content)).html
  return { page: toPage(rest), html }
}

/** The public page at /<slug>: undefined for a draft or an unknown slug (once per generation). */
export const getPublicPage: (slug: string) => Promise<PageView | undefined> = cachedReadByKey(
  'public-page',
  (slug: string) => readPageView(slug, 'published'),
)

/** Any page by slug, drafts included: the admin's preview (`?apercu`). */
export async function getPagePreview(slug: string): Promise<PageView | undefined> {
  return readPageView(slug)
}

/** The published pages (sitemap, menu, footer): menu order, then title; once per generation. */
export const listPublishedPages: () => Promise<Page[]> = cachedRead('published-pages', async () =>
  (await listPages()).filter((page) => page.status === 'published'),
)

/**
 * Validates (slug outside the app's addresses), checks the slug is free, renders, inserts,
 * keeps a revision.
 */
export async function createPage(
  input: Record<string, unknown>,
  alsoInTransaction?: (trx: Kysely<Database>, page: Page) => Promise<void>,
  author: RevisionAuthor = SYSTEM_AUTHOR,
): Promise<Page> {
  const row = await preparePage(input)
  return insertPrepared(
    getDb(),
    row,
    (trx, prepared) => insertPage(trx, prepared, author),
    alsoInTransaction,
  )
}

/**
 * A new page's row, validated and rendered before any transaction (ADR 081); `rendered` is
 * its Markdown already rendered by the import worker (ADR 102), used when it is the text
 * validated. Throws ValidationError.
 */
export async function preparePage(
  input: Record<string, unknown>,
  rendered?: { markdown: string; html: string },
): Promise<PagesTable> {
  const fields = parseOrThrow(PageSchema, input)
  const html =
    rendered?.markdown === fields.content
      ? rendered.html
      : (await renderMarkdown(fields.content)).html
  return { id: createId(), ...toColumns(fields, html), createdAt: nowIso(), updatedAt: null }
}

/** Inserts a prepared page and its revision within `trx`; a taken slug is a ValidationError. */
export async function insertPage(
  trx: Kysely<Database>,
  row: PagesTable,
  author: RevisionAuthor = SYSTEM_AUTHOR,
): Promise<Page> {
  try {
    await assertSlugFree(trx, row.slug)
    await trx.insertInto('pages').values(row).execute()
    const page = toPage(row)
    await keepRevision(trx, page, author)
    return page
  } catch (error) {
    // A concurrent writer may take the slug between the check and the insert.
    if (isUniqueViolation(error, 'pages', 'slug')) throw slugTaken()
    throw error
  }
}

/**
 * Partial update, kept as a revision: untouched fields kept; missing id → undefined. Throws
 * ValidationError.
 */
export async function updatePage(
  id: string,
  patch: Record<string, unknown>,
  author: RevisionAuthor = SYSTEM_AUTHOR,
): Promise<Page | undefined> {
  const current = await getPage(id)
  if (!current) return undefined
  const fields = parseOrThrow(PageSchema, mergePatch(editable(current), patch))
  // Rendered before the transaction, so no connection waits on it (ADR 081).
  const { html } = await renderMarkdown(fields.content)
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        if (!(await findPage(trx, id))) return undefined
        await assertSlugFree(trx, fields.slug, id)
        const changes = { ...toColumns(fields, html), updatedAt: nowIso() }
        await trx.updateTable('pages').set(changes).where('id', '=', id).execute()
        await keepRevision(trx, { id, ...fields }, author)
        return toPage({ id, createdAt: current.createdAt, ...changes })
      })
  } catch (error) {
    if (isUniqueViolation(error, 'pages', 'slug')) throw slugTaken()
    throw error
  }
}

export async function deletePage(id: string): Promise<boolean> {
  return deleteById(getDb(), 'pages', id)
}
