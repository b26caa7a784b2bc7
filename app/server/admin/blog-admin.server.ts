// Admin-only steps of the blog tab beyond create/update/delete (ADR 020): the
// revisions view with a diff of two revisions, restoring a revision, renaming a category.
// The English form of a post (`?edit=<id>&langue=en`) has its own revisions (ADR 077);
// each form offers the admin's autosave of it (ADR 092).
import { defaultBlogAuthor } from '#app/domain/author.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import type { BlogData, CollectionDefinition } from '#app/domain/admin-collection.ts'
import { redirectWithToast } from '../http/toast.server.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { formFailure, notFound, withValidation, type Actor } from './admin-actions.server.ts'
import { loadCollection } from './admin-collections.server.ts'
import { loadAutosave } from './blog-autosave.server.ts'
import { getProfile } from '../repositories/profile.server.ts'
import {
  deleteBlogPost,
  getBlogPost,
  listAdminBlogPosts,
  listAllBlogTaxonomy,
  renameBlogCategory,
  updateBlogPost,
} from '../repositories/blog.server.ts'
import { getRevision } from '../repositories/blog-revisions.server.ts'
import {
  formLocale,
  loadRevisionsView,
  REVISION_MISSING,
  REVISION_RESTORED,
  restoreRevision,
  type RestoreTarget,
} from './revisions-admin.server.ts'
import {
  deleteTranslations,
  getTranslation,
  saveTranslation,
} from '../repositories/translations.server.ts'
import { POSTS_LIST, readAdminListQuery, type BulkAction } from '#app/domain/admin-list.ts'
import { bulkIntent } from './admin-list.server.ts'
import type { BlogPost } from '#app/domain/types.ts'
import { blogCollection } from '#app/domain/collections/blog.ts'

export const CATEGORY_RENAMED = (from: string, to: string, n: number) =>
  `Catégorie « ${from} » renommée en « ${to} » (${n} article${n > 1 ? 's' : ''})`
export const CATEGORY_MISSING = 'Choisissez une catégorie existante'

/**
 * The blog tab's view with the author a new post is signed with (the profile's, else the
 * admin's), the existing categories and tags, and the revisions of the post being edited.
 */
export async function loadBlogTab(
  request: Request,
  admin: Actor,
  blog: CollectionDefinition<'blog'>,
): Promise<BlogData> {
  // The list is one page of the search, filters and sort in the URL (ADR 091).
  const query = readAdminListQuery(new URL(request.url).searchParams)
  let listing: BlogData['listing']
  const view = await loadCollection(request, blog, async () => {
    const { items, ...rest } = await listAdminBlogPosts(query)
    listing = { query: { ...query, page: rest.page }, total: rest.total, pageCount: rest.pageCount }
    return items
  })
  const author = defaultBlogAuthor({ profile: await getProfile(), account: admin })
  const [taxonomy, revisions, autosave] = await Promise.all([
    listAllBlogTaxonomy(),
    view.item ? loadRevisionsView(request, view.item.id, 'post') : null,
    view.item ? loadAutosave(request, admin.id, view.item) : null,
  ])
  return {
    ...view,
    defaultAuthor: author.name,
    defaultAvatar: author.avatar ?? '',
    taxonomy,
    revisions,
    autosave,
    now: new Date().toISOString(),
    ...(listing ? { listing } : {}),
  }
}

type AdminForm = { id: string; values: Record<string, unknown> }

/**
 * Saves the revision's exact title, excerpt and body as the post's (a new revision too); with
 * `langue=en`, an English revision as the post's English version, its slug, category, status
 * and date kept.
 */
export async function restoreRevisionIntent(request: Request, admin: Actor, form: AdminForm) {
  if (formLocale(form.values.langue) === 'fr')
    return restoreRevision(request, admin, form, POST_TARGET)
  const revisionId = typeof form.values.revisionId === 'string' ? form.values.revisionId : ''
  const post = form.id ? await getBlogPost(form.id) : undefined
  if (!post) return notFound(blogCollection.toasts.missing)
  const revision = await getRevision(post.id, revisionId, 'en')
  if (!revision) return notFound(REVISION_MISSING)
  return restoreEnglishRevision(request, admin, post.id, revision)
}

/** A post's French history, restored through the post's own save (ADR 020). */
const POST_TARGET: RestoreTarget = {
  history: 'post',
  collection: blogCollection,
  get: getBlogPost,
  save: (id, revision, author) =>
    updateBlogPost(
      id,
      { title: revision.title, excerpt: revision.excerpt, content: revision.content },
      author,
    ),
}

async function restoreEnglishRevision(
  request: Request,
  admin: Actor,
  postId: string,
  revision: { title: string; excerpt: string; content: string; createdAt: string },
) {
  const current = await getTranslation('post', postId)
  const restored = await saveTranslation(
    'post',
    postId,
    'en',
    {
      ...current,
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      // A version removed since stays unseen until the owner publishes it again.
      ...(current ? {} : { status: 'draft' }),
    },
    { id: admin.id, name: admin.name || admin.email },
  )
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: 'blog',
    resourceId: postId,
    resourceName: restored.title ?? revision.title,
    details: `Révision anglaise du ${formatDateTime(revision.createdAt)} restaurée`,
  })
  return redirectWithToast(`/admin/blog?edit=${encodeURIComponent(postId)}&langue=en`, {
    kind: 'success',
    message: REVISION_RESTORED,
  })
}

/** Renames a category on every post that has it (ADR 020). */
export async function renameCategoryIntent(request: Request, admin: Actor, form: AdminForm) {
  const from = typeof form.values.from === 'string' ? form.values.from : ''
  const to = typeof form.values.to === 'string' ? form.values.to.trim() : ''
  if (!from) return formFailure({ from: CATEGORY_MISSING }, form.values)
  return withValidation(form.values, async () => {
    const count = await renameBlogCategory(from, to)
    if (count === 0) return formFailure({ from: CATEGORY_MISSING }, form.values)
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'blog',
      resourceName: to,
      details: `Catégorie « ${from} » renommée en « ${to} »`,
    })
    return redirectWithToast('/admin/blog', {
      kind: 'success',
      message: CATEGORY_RENAMED(from, to, count),
    })
  })
}

/**
 * A bulk action on the ticked posts of a page (ADR 091): publish, unpublish, delete or add a
 * tag; each post goes through the same repository calls as its own form (a revision, the
 * caches, its English version deleted with it). A post deleted meanwhile is skipped.
 */
export async function bulkPostsIntent(
  request: Request,
  admin: Actor,
  form: { values: Record<string, unknown>; formData: FormData },
) {
  const author = { id: admin.id, name: admin.name || admin.email }
  const nowIso = new Date().toISOString()
  return bulkIntent(request, admin, form, {
    spec: POSTS_LIST,
    collection: blogCollection,
    get: getBlogPost,
    apply: (post, action, tag) => applyBulk(post, action, tag, nowIso, author),
  })
}

async function applyBulk(
  post: BlogPost,
  action: BulkAction,
  tag: string,
  now: string,
  author: { id: string; name: string },
): Promise<boolean> {
  switch (action) {
    case 'delete': {
      const removed = await deleteBlogPost(post.id)
      if (removed) await deleteTranslations('post', post.id)
      return removed
    }
    case 'publish':
      // A draft goes out now; a scheduled post keeps its date.
      return !!(await updateBlogPost(
        post.id,
        { status: 'published', publishedAt: post.status === 'draft' ? now : post.publishedAt },
        author,
      ))
    case 'unpublish':
      return !!(await updateBlogPost(post.id, { status: 'draft' }, author))
    case 'tag':
      return post.tags.includes(tag)
        ? true
        : !!(await updateBlogPost(post.id, { tags: [...post.tags, tag] }, author))
    default:
      return false
  }
}
