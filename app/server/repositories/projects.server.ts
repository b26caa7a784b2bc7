// Projects: public pages and the hub's projects tab.
import { cachedRead, cachedReadByKey } from '#app/server/cache/generation.server.ts'
import type { Kysely } from 'kysely'
import { ProjectSchema, type ProjectFields, type ProjectInput } from '#app/domain/project.ts'
import type { Project } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database, ProjectsTable } from '#app/server/db/schema.server.ts'
import {
  createId,
  fromBool,
  nowIso,
  parseJson,
  toBool,
  toJson,
} from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import { renderBefore, renderMarkdown } from '#app/server/content/markdown.server.ts'
import { PROJECTS_LIST, type ListQuery } from '#app/domain/admin-list.ts'
import { jsonArrayHolds } from '#app/server/db/dialect.server.ts'
import { foldedOrder, textSearchFilter } from '#app/server/db/search.server.ts'
import {
  countRows,
  deleteById,
  readListPage,
  type ListPage,
  tagsInUse,
  firstRow,
  mergePatch,
  storedHtml,
  nextOrder,
  seoOf,
  updateExisting,
} from './collection.server.ts'
import { englishVersionIds } from './translations.server.ts'

const COLUMNS = [
  'id',
  'title',
  'description',
  'thumbnail',
  'tags',
  'images',
  'content',
  'featured',
  'order',
  'url',
  'startDate',
  'endDate',
  'createdAt',
  'updatedAt',
  'seoTitle',
  'seoDescription',
  'ogImage',
] as const

function toProject(row: ProjectsTable): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    tags: parseJson<string[]>(row.tags, []),
    images: parseJson<string[]>(row.images, []),
    content: row.content,
    featured: toBool(row.featured),
    order: row.order,
    ...(row.url ? { url: row.url } : {}),
    // A row imported from an archive older than the dates: the month it was created (ADR 092).
    startDate: row.startDate || row.createdAt.slice(0, 7),
    ...(row.endDate ? { endDate: row.endDate } : {}),
    createdAt: row.createdAt,
    ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
    ...seoOf(row),
  }
}

/** The editable fields of a stored project, as the schema accepts them. */
function editable(project: Project): ProjectInput {
  return {
    title: project.title,
    description: project.description,
    thumbnail: project.thumbnail,
    url: project.url,
    content: project.content,
    featured: project.featured,
    order: project.order,
    tags: project.tags,
    images: project.images,
    startDate: project.startDate,
    endDate: project.endDate,
    seoTitle: project.seoTitle,
    seoDescription: project.seoDescription,
    ogImage: project.ogImage,
  }
}

/**
 * The columns a create and an update write alike. `contentHtml` is rendered by the caller
 * before its write transaction (ADR 081).
 */
function toColumns(
  fields: ProjectFields,
  order: number,
  contentHtml: string | null,
  createdAt: string,
) {
  return {
    title: fields.title,
    description: fields.description,
    thumbnail: fields.thumbnail,
    tags: toJson(fields.tags),
    images: toJson(fields.images),
    content: fields.content,
    contentHtml,
    featured: fromBool(fields.featured),
    order,
    url: fields.url ?? null,
    // Blank start: the month the project was created in (ADR 092).
    startDate: fields.startDate ?? createdAt.slice(0, 7),
    endDate: fields.endDate ?? '',
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    ogImage: fields.ogImage,
  }
}

/** Most recent first by start (ADR 092), then the owner's order. */
function selectProjects(db: Kysely<Database>) {
  return db
    .selectFrom('projects')
    .select(COLUMNS)
    .orderBy('startDate', 'desc')
    .orderBy('order', 'asc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
}

async function findProject(db: Kysely<Database>, id: string): Promise<Project | undefined> {
  return firstRow(db.selectFrom('projects').select(COLUMNS).where('id', '=', id), toProject)
}

/** All projects, most recent start first, then order ascending, then oldest first. */
async function readProjects(): Promise<Project[]> {
  const rows = await selectProjects(getDb()).execute()
  return rows.map(toProject)
}

/** Every project (the public list, the sitemap). Read once per content generation (ADR 039). */
export const listProjects: () => Promise<Project[]> = cachedRead('projects', readProjects)

async function readFeaturedProjects(): Promise<Project[]> {
  const rows = await selectProjects(getDb()).where('featured', '=', 1).execute()
  return rows.map(toProject)
}

/** Featured projects (home page). Read once per content generation (ADR 027). */
export const listFeaturedProjects: () => Promise<Project[]> = cachedRead(
  'featured-projects',
  readFeaturedProjects,
)

/** A project by id. Read once per content generation and id (ADR 039). */
export const getProject: (id: string) => Promise<Project | undefined> = cachedReadByKey(
  'project',
  (id: string) => findProject(getDb(), id),
)

/** Rendered Markdown of a project's text (ADR 020): stored at save, rendered once if missing. */
export async function getProjectContentHtml(project: Project): Promise<string> {
  const stored = await storedContentHtml(project.id)
  if (typeof stored === 'string') return stored
  const { html } = await renderMarkdown(project.content)
  await getDb()
    .updateTable('projects')
    .set({ contentHtml: html })
    .where('id', '=', project.id)
    .execute()
  return html
}

/** The stored HTML of a project's text: read once per content generation and id (ADR 039). */
const storedContentHtml = cachedReadByKey('project-content-html', async (id: string) => {
  const row = await getDb()
    .selectFrom('projects')
    .select('contentHtml')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.contentHtml ?? null
})

export async function countProjects(): Promise<number> {
  return countRows(getDb(), 'projects')
}

/** Every tag in use, once, in French alphabetical order (the public filter buttons). */
export async function listProjectTags(): Promise<string[]> {
  return tagsInUse(getDb(), 'projects')
}

/** Validates then inserts; order defaults to count + 1. Throws ValidationError. */
export async function createProject(input: ProjectInput): Promise<Project> {
  const fields = parseOrThrow(ProjectSchema, input)
  const { html } = await renderMarkdown(fields.content)
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const createdAt = nowIso()
      const row: ProjectsTable = {
        id: createId(),
        ...toColumns(fields, fields.order ?? (await nextOrder(trx, 'projects')), html, createdAt),
        createdAt,
        updatedAt: null,
      }
      await trx.insertInto('projects').values(row).execute()
      return toProject(row)
    })
}

/** Partial update: untouched fields kept, updatedAt set. Missing id → undefined. */
export async function updateProject(id: string, patch: ProjectInput): Promise<Project | undefined> {
  // Markdown is rendered before the write transaction, from the row as it is now (ADR 081).
  const before = await findProject(getDb(), id)
  if (!before) return undefined
  const rendered = await renderBefore(
    parseOrThrow(ProjectSchema, mergePatch(editable(before), patch)).content,
  )
  return updateExisting(getDb(), findProject, id, async (trx, current) => {
    const fields = parseOrThrow(ProjectSchema, mergePatch(editable(current), patch))
    const changes: Omit<ProjectsTable, 'id'> = {
      ...toColumns(
        fields,
        fields.order ?? current.order,
        await rendered.htmlOf(fields.content, () => storedHtml(trx, 'projects', id)),
        current.createdAt,
      ),
      createdAt: current.createdAt,
      updatedAt: nowIso(),
    }
    await trx.updateTable('projects').set(changes).where('id', '=', id).execute()
    return toProject({ id, ...changes })
  })
}

export async function deleteProject(id: string): Promise<boolean> {
  return deleteById(getDb(), 'projects', id)
}

/** Every project's id and title (the statistics name pages by them, ADR 072). */
export async function listProjectTitles(): Promise<{ id: string; title: string }[]> {
  return getDb().selectFrom('projects').select(['id', 'title']).execute()
}

/**
 * One page of the projects' admin list (ADR 099): searched in the title, description and
 * tags, filtered by « En vedette », the English version and a tag, sorted in SQL.
 */
export async function listAdminProjects(query: ListQuery): Promise<ListPage<Project>> {
  const db = getDb()
  let base = db.selectFrom('projects')
  const search = textSearchFilter(['title', 'description', 'tags'], query.q)
  if (search) base = base.where(search)
  const { vedette, version, tag } = query.filters
  if (vedette) base = base.where('featured', '=', vedette === 'oui' ? 1 : 0)
  if (version) {
    base = base.where('id', version === 'en' ? 'in' : 'not in', englishVersionIds(db, 'project'))
  }
  if (tag) base = base.where(jsonArrayHolds(db, 'tags', tag))
  const sorted = base.select(COLUMNS)
  const ordered =
    query.sort === 'title'
      ? sorted.orderBy(foldedOrder('title'), 'asc')
      : query.sort === 'recent'
        ? sorted.orderBy('createdAt', 'desc')
        : query.sort === 'oldest'
          ? sorted.orderBy('createdAt', 'asc')
          : sorted.orderBy('startDate', 'desc').orderBy('order', 'asc').orderBy('createdAt', 'asc')
  return readListPage(
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    PROJECTS_LIST.pageSize,
    query.page,
    async (limit, offset) =>
      (await ordered.orderBy('id', 'asc').limit(limit).offset(offset).execute()).map(toProject),
  )
}
