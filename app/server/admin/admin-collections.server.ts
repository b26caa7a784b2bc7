// The server half of the admin collections (ADR 064, ADR 079): the one registry that binds each
// declared collection (app/domain/collections/, by id) to the repository that stores it, and
// the loader and action steps every collection tab shares. Each tab's loader and action check
// the admin before calling these (collectionLoader and collectionAction do it for a tab that
// is only its collection).
import { data } from 'react-router'
import {
  STALE_SAVE_MESSAGE,
  VERSION_FIELD,
  versionOf,
  type CollectionData,
  type CollectionDefinition,
  type CrudView,
  type FormFailure,
} from '#app/domain/admin-collection.ts'
import type { TranslatedEntity } from '#app/domain/translation.ts'
import type { CollectionId, CollectionItems } from '#app/domain/collections/registry.ts'
import {
  handleCrudIntent,
  listUrlOf,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type Actor,
  type formFailure,
} from './admin-actions.server.ts'
import { hasImageWithoutAlt, IMAGE_ALT_MISSING_MESSAGE } from '#app/domain/markdown.ts'
import { viewCounts } from '../analytics/view-counts.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { requireAdmin } from '../auth/guard.server.ts'
import { libraryStorage } from '../media/uploads.server.ts'
import * as blog from '../repositories/blog.server.ts'
import * as media from '../repositories/media.server.ts'
import * as pages from '../repositories/pages.server.ts'
import * as steps from '../repositories/process.server.ts'
import * as projects from '../repositories/projects.server.ts'
import * as skills from '../repositories/skills.server.ts'
import * as timeline from '../repositories/timeline.server.ts'
import {
  deleteTranslations,
  englishNamesOf,
  listTranslations,
  staleTranslationIds,
  staleTranslationOf,
} from '../repositories/translations.server.ts'
import { saveItemTranslation } from './translation-admin.server.ts'

/** Where a collection's items are read and written. */
export interface CollectionStore<T> {
  get(id: string): Promise<T | undefined>
  list(): Promise<T[]>
  /** For a new item's order (ordered collections). */
  count?(): Promise<number>
  create(values: Record<string, unknown>, actor: Actor): Promise<T>
  update(id: string, values: Record<string, unknown>, actor: Actor): Promise<T | undefined>
  remove(id: string): Promise<boolean>
}

/**
 * Every image the owner writes into a text carries its alternative, or is marked decorative
 * (ADR 093). Checked on the hub's saves only: an import keeps the text it was given.
 */
function altChecked(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.content === 'string' && hasImageWithoutAlt(values.content))
    throw new ValidationError({ content: IMAGE_ALT_MISSING_MESSAGE })
  return values
}

/** A revision (a post's, a page's) is signed by the admin who saved it. */
const author = (actor: Actor) => ({ id: actor.id, name: actor.name || actor.email })

/** Each collection's repository, by the declaration's id: one entry per declared collection. */
const REPOSITORIES: { [K in CollectionId]: CollectionStore<CollectionItems[K]> } = {
  projects: {
    get: projects.getProject,
    list: projects.listProjects,
    count: projects.countProjects,
    create: (values) => projects.createProject(altChecked(values)),
    update: (id, values) => projects.updateProject(id, altChecked(values)),
    remove: projects.deleteProject,
  },
  skills: {
    get: skills.getSkill,
    list: skills.listSkills,
    create: skills.createSkill,
    update: skills.updateSkill,
    remove: skills.deleteSkill,
  },
  timeline: {
    get: timeline.getTimelineItem,
    list: timeline.listTimeline,
    create: timeline.createTimelineItem,
    update: timeline.updateTimelineItem,
    remove: timeline.deleteTimelineItem,
  },
  process: {
    get: steps.getProcessStep,
    list: steps.listProcessSteps,
    count: steps.countProcessSteps,
    create: steps.createProcessStep,
    update: steps.updateProcessStep,
    remove: steps.deleteProcessStep,
  },
  blog: {
    get: blog.getBlogPost,
    list: blog.listAllBlogPosts,
    create: (values, actor) => blog.createBlogPost(altChecked(values), author(actor)),
    update: (id, values, actor) => blog.updateBlogPost(id, altChecked(values), author(actor)),
    remove: blog.deleteBlogPost,
  },
  pages: {
    get: pages.getPage,
    list: pages.listPages,
    create: (values, actor) => pages.createPage(values, undefined, author(actor)),
    update: (id, values, actor) => pages.updatePage(id, values, author(actor)),
    remove: pages.deletePage,
  },
  media: {
    get: media.getMediaItem,
    list: () => media.listMedia(),
    count: media.countMedia,
    create: media.createMediaItem,
    update: media.updateMediaItem,
    // Its files go too, unless another item holds the same content.
    async remove(id) {
      const keys = await media.storedKeysOf(id)
      const removed = await media.deleteMediaItem(id)
      if (removed && keys.length > 0) await media.removeUnusedFiles(libraryStorage(), keys)
      return removed
    },
  },
}

/**
 * The tab's view from the URL (list, `?new`, `?edit=<id>`; an unknown id is a 404), and the
 * order a new item starts with. `list` replaces the stored list (a filtered one).
 */

export async function loadCollection<K extends CollectionId>(
  request: Request,
  collection: CollectionDefinition<K>,
  list?: () => Promise<CollectionItems[K][]>,
): Promise<CollectionData<CollectionItems[K]>> {
  const store: CollectionStore<CollectionItems[K]> = REPOSITORIES[collection.id]
  const view = await loadCrudView(request, {
    get: (id) => store.get(id),
    list: list ?? (() => store.list()),
    missing: collection.labels.missing,
  })
  const nextOrder = view.mode === 'create' && store.count ? (await store.count()) + 1 : 0
  // Each item's English version, for the list's markers and the form beside the French one.
  const translations = collection.translation
    ? Object.fromEntries(await listTranslations(collection.translation.entity))
    : undefined
  const data = {
    ...view,
    nextOrder,
    ...(translations ? { translations } : {}),
    ...(collection.translation ? await reviewData(collection.translation.entity, view) : {}),
  }
  // Posts and projects show their page views in the list (ADR 072).
  const pageOf = collection.publicPath
  if (!pageOf || view.mode !== 'list') return data
  const counts = await viewCounts(view.items.map(pageOf))
  const views = Object.fromEntries(
    view.items.map((item) => [(item as { id: string }).id, counts.get(pageOf(item)) ?? 0]),
  )
  return { ...data, views }
}

/**
 * What the hub shows of stale English versions and English names (ADR 094): the list's
 * « Traduction à revoir » markers, or the edited item's French differences and the English
 * names of its tags and category.
 */
async function reviewData(
  entity: TranslatedEntity,
  view: CrudView<{ id: string }>,
): Promise<Pick<CollectionData<unknown>, 'staleIds' | 'stale' | 'englishNames'>> {
  if (view.mode === 'list') return { staleIds: await staleTranslationIds(entity, view.items) }
  const item = view.item
  if (!item) return {}
  const { tags, category } = item as { tags?: unknown; category?: unknown }
  const tagNames = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []
  const categoryNames =
    entity === 'post' && typeof category === 'string' && category ? [category] : []
  const [stale, tagsEn, categoriesEn] = await Promise.all([
    staleTranslationOf(entity, item.id, item),
    englishNamesOf('tag', tagNames),
    englishNamesOf('category', categoryNames),
  ])
  return {
    stale,
    englishNames: [
      ...categoryNames.map((french) => ({
        kind: 'category' as const,
        french,
        english: categoriesEn[french] ?? '',
      })),
      ...tagNames.map((french) => ({
        kind: 'tag' as const,
        french,
        english: tagsEn[french] ?? '',
      })),
    ],
  }
}

export type AdminForm = Awaited<ReturnType<typeof readAdminForm>>

/** A collection's own intent (e.g. 'reorder'); null: go on with the shared steps. */
export type OwnIntent = (
  form: AdminForm,
) => Promise<Response | ReturnType<typeof formFailure> | null>

/**
 * Reads the tab's form and runs the collection's own intent for it, if any; then create,
 * update or delete (validated by the repository, a refusal keeps the typing), an activity
 * entry as `admin`, and back to the list with a French toast; any other intent is a French 400.
 * `beforeSave` sees the parsed form before anything is written (the body is read once).
 */
export async function saveCollection<K extends CollectionId>(
  request: Request,
  admin: Actor,
  collection: CollectionDefinition<K>,
  own: Record<string, OwnIntent> = {},
  beforeSave?: (form: AdminForm) => Promise<void>,
) {
  const form = await readAdminForm(request)
  await beforeSave?.(form)
  // Own keys only: an intent named like an Object.prototype member is just unknown.
  const answer = Object.hasOwn(own, form.intent) ? await own[form.intent]?.(form) : null
  if (answer) return answer
  const store: CollectionStore<CollectionItems[K]> = REPOSITORIES[collection.id]
  const expected = form.values[VERSION_FIELD]
  delete form.values[VERSION_FIELD]
  // Two tabs on one item (ADR 087): a save made from a form older than the item is refused.
  if (form.intent === 'update' && typeof expected === 'string' && expected !== '' && form.id) {
    const current = (await store.get(form.id)) as
      { updatedAt?: string; createdAt?: string } | undefined
    if (current && versionOf(current) !== '' && versionOf(current) !== expected) {
      return data<FormFailure>(
        {
          fieldErrors: {},
          values: form.values,
          formError: collection.toasts.stale ?? STALE_SAVE_MESSAGE,
        },
        { status: 409 },
      )
    }
  }
  if (form.intent === 'translate' && collection.translation) {
    return saveItemTranslation(
      request,
      admin,
      collection,
      collection.translation.entity,
      form,
      (id) => store.get(id),
    )
  }
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: listUrlOf(request, `/admin/${collection.id}`, collection.keepParams ?? []),
    resourceType: collection.resourceType,
    nameOf: collection.nameOf,
    formDefaults: collection.formDefaults,
    get: (id) => store.get(id),
    create: (values) => store.create(values, admin),
    update: (id, values) => store.update(id, values, admin),
    remove: (id) => removeItem(collection, id),
    messages: collection.toasts,
  })
  return result ?? unknownIntent(form.intent)
}

/**
 * Deletes one item as its form's delete does (its bulk action too, ADR 099): the row, its
 * files (media), and its translations (ADR 075).
 */
export async function removeItem<K extends CollectionId>(
  collection: CollectionDefinition<K>,
  id: string,
): Promise<boolean> {
  const removed = await REPOSITORIES[collection.id].remove(id)
  if (removed && collection.translation) await deleteTranslations(collection.translation.entity, id)
  return removed
}

/**
 * The loader of a collection tab: the admin checked, then the view (the shared one, or the
 * tab's own `load` built on it).
 */
export function collectionLoader<K extends CollectionId>(
  collection: CollectionDefinition<K>,
): (args: { request: Request }) => Promise<CollectionData<CollectionItems[K]>>
export function collectionLoader<K extends CollectionId, D>(
  collection: CollectionDefinition<K>,
  load: (request: Request, collection: CollectionDefinition<K>) => Promise<D>,
): (args: { request: Request }) => Promise<D>
export function collectionLoader<K extends CollectionId>(
  collection: CollectionDefinition<K>,
  load: (
    request: Request,
    collection: CollectionDefinition<K>,
  ) => Promise<unknown> = loadCollection,
) {
  return async ({ request }: { request: Request }) => {
    await requireAdmin(request)
    return load(request, collection)
  }
}

/**
 * The action of a collection tab: the admin checked, then the tab's own intents (`own`, made
 * for this request and admin), else the shared steps.
 */
export function collectionAction<K extends CollectionId>(
  collection: CollectionDefinition<K>,
  own?: (request: Request, admin: Actor) => Record<string, OwnIntent>,
) {
  return async ({ request }: { request: Request }) => {
    const admin = await requireAdmin(request)
    return saveCollection(request, admin, collection, own?.(request, admin))
  }
}
