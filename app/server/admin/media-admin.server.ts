// Admin-only steps of the media tab beyond the shared collection ones (ADR 064): the list's
// filters from the URL, the tags to filter by, where each item is used, and the refusal of
// a delete the owner has not confirmed knowing where the item is used.
import { MEDIA_USED_CONFIRMED } from '#app/domain/media.ts'
import { MEDIA_CATEGORIES, type MediaCategory } from '#app/domain/types.ts'
import type { CollectionDefinition, MediaData } from '#app/domain/admin-collection.ts'
import { listUrlOf, type readAdminForm } from './admin-actions.server.ts'
import { loadCollection } from './admin-collections.server.ts'
import { findMediaUsages } from '../media/usage.server.ts'
import { getMediaItem, listMedia, listMediaTags } from '../repositories/media.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'

function isCategory(value: string | null): value is MediaCategory {
  return value !== null && (MEDIA_CATEGORIES as readonly string[]).includes(value)
}

/** The media tab's view, filtered by the URL's search, category and tag. */
export async function loadMediaTab(
  request: Request,
  media: CollectionDefinition<'media'>,
): Promise<MediaData> {
  const url = new URL(request.url)
  const q = url.searchParams.get('q')?.trim() ?? ''
  const categoryParam = url.searchParams.get('category')
  const category = isCategory(categoryParam) ? categoryParam : undefined
  const tag = url.searchParams.get('tag')?.trim() || undefined
  const view = await loadCollection(request, media, () => listMedia({ q, category, tag }))
  return {
    ...view,
    tags: view.mode === 'list' ? await listMediaTags() : [],
    filters: { q, category: category ?? '', tag: tag ?? '' },
    // Where each item is used, for the delete dialog.
    usages: Object.fromEntries(
      await Promise.all(view.items.map(async (m) => [m.id, await findMediaUsages(m.url)] as const)),
    ),
  }
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
