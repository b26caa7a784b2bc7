// Admin-only steps of the media tab beyond the shared collection ones (ADR 064): one page of
// the list's search and filters from the URL (ADR 099), the tags to filter by, where each item
// is used, the refusal of a delete the owner has not confirmed knowing where the item is used,
// and the bulk action, which keeps the items in use.
import { MEDIA_USED_CONFIRMED } from '#app/domain/media.ts'
import { MEDIA_LIST, readListQuery } from '#app/domain/admin-list.ts'
import type { AdminListing, CollectionDefinition, MediaData } from '#app/domain/admin-collection.ts'
import { listUrlOf, type Actor, type readAdminForm } from './admin-actions.server.ts'
import { loadCollection, removeItem } from './admin-collections.server.ts'
import { bulkIntent } from './admin-list.server.ts'
import { findMediaUsages } from '../media/usage.server.ts'
import {
  getMediaItem,
  listAdminMedia,
  listMediaTags,
  updateMediaItem,
} from '../repositories/media.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'

/** The media tab's view; in the list, only the page the URL asks for and where its items are used. */
export async function loadMediaTab(
  request: Request,
  media: CollectionDefinition<'media'>,
): Promise<MediaData> {
  const query = readListQuery(MEDIA_LIST, new URL(request.url).searchParams)
  let listing: AdminListing | undefined
  const view = await loadCollection(request, media, async () => {
    const { items, ...page } = await listAdminMedia(query)
    listing = { query: { ...query, page: page.page }, total: page.total, pageCount: page.pageCount }
    return items
  })
  if (listing) listing.choices = { tag: await listMediaTags() }
  return {
    ...view,
    ...(listing ? { listing } : {}),
    // Where each item of the page is used, for the delete dialog.
    usages: Object.fromEntries(
      await Promise.all(view.items.map(async (m) => [m.id, await findMediaUsages(m.url)] as const)),
    ),
  }
}

/** « 2 médias utilisés conservés : supprimez-les un par un » (ADR 099). */
export function mediaKeptMessage(count: number): string {
  return count > 1
    ? `${count} médias utilisés conservés : supprimez-les un par un`
    : '1 média utilisé conservé : supprimez-le seul'
}

/**
 * Tag or delete the ticked media (ADR 099). A delete refuses an item in use, as the single
 * delete does until the owner has seen where: it is kept and the toast says so.
 */
export async function bulkMediaIntent(
  request: Request,
  admin: Actor,
  media: CollectionDefinition<'media'>,
  form: { values: Record<string, unknown>; formData: FormData },
) {
  return bulkIntent(request, admin, form, {
    spec: MEDIA_LIST,
    collection: media,
    get: getMediaItem,
    keptMessage: mediaKeptMessage,
    async apply(item, action, tag) {
      if (action === 'delete') {
        const usages = await findMediaUsages(item.url)
        if (usages.length > 0) return { kept: usages.join(', ') }
        return removeItem(media, item.id)
      }
      if (action !== 'tag') return false
      if (item.tags.includes(tag)) return true
      try {
        return !!(await updateMediaItem(item.id, { tags: [...item.tags, tag] }))
      } catch (error) {
        // A tag the item's own form would refuse: that item is left as it was.
        if (error instanceof ValidationError) return false
        throw error
      }
    },
  })
}

/**
 * The server decides: a used item is only deleted once the owner has been told where. A
 * delete without that confirmation goes back to the list with a French error toast; any
 * other request gets null (carry on).
 */
export async function unconfirmedUsedDelete(
  request: Request,
  media: CollectionDefinition<'media'>,
  form: Awaited<ReturnType<typeof readAdminForm>>,
) {
  if (form.intent !== 'delete' || !form.id) return null
  const item = await getMediaItem(form.id)
  const usages = item ? await findMediaUsages(item.url) : []
  if (usages.length === 0 || form.values[MEDIA_USED_CONFIRMED] === 'true') return null
  return redirectWithToast(listUrlOf(request, `/admin/${media.id}`, media.keepParams ?? []), {
    kind: 'error',
    message: `Ce média est utilisé (${usages.join(', ')}) : confirmez sa suppression.`,
  })
}
