// Admin tab "Médias": the collection declared in app/ui/admin/collections/media.tsx
// (ADR 064), its filters, and a delete refused until the owner has seen where the item is used.
import type { Route } from './+types/media'
import { saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  bulkMediaIntent,
  loadMediaTab,
  unconfirmedUsedDelete,
} from '#app/server/admin/media-admin.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { media } from '#app/ui/admin/collections/media.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(media.id)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadMediaTab(request, media)
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return saveCollection(request, admin, media, {
    delete: (form) => unconfirmedUsedDelete(request, media, form),
    bulk: (form) => bulkMediaIntent(request, admin, media, form),
  })
}

export default function MediaTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={media} loaderData={loaderData} actionData={actionData} />
}
