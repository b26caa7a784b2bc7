// Admin tab "Parcours": the collection declared in app/ui/admin/collections/timeline.tsx (ADR 064).
import type { Route } from './+types/timeline'
import { loadCollection, saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { timeline } from '#app/ui/admin/collections/timeline.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(timeline.id)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadCollection(request, timeline)
}

export async function action({ request }: Route.ActionArgs) {
  return saveCollection(request, await requireAdmin(request), timeline)
}

export default function TimelineTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={timeline} loaderData={loaderData} actionData={actionData} />
}
