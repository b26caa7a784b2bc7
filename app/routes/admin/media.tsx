// Admin tab "Médias": the collection declared in app/ui/admin/collections/media.tsx
// (ADR 064), its filters, and a delete refused until the owner has seen where the item is used.
import type { Route } from './+types/media'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import {
  bulkMediaIntent,
  loadMediaTab,
  unconfirmedUsedDelete,
} from '#app/server/admin/media-admin.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { media } from '#app/ui/admin/collections/media.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(media.id)

export const loader = collectionLoader(media, loadMediaTab)

export const action = collectionAction(media, (request, admin) => ({
  delete: (form) => unconfirmedUsedDelete(request, media, form),
  bulk: (form) => bulkMediaIntent(request, admin, media, form),
}))

export default function MediaTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={media} loaderData={loaderData} actionData={actionData} />
}
