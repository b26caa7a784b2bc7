// Admin tab "Parcours": the collection declared in app/ui/admin/collections/timeline.tsx (ADR 064).
import type { Route } from './+types/timeline'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { timeline } from '#app/ui/admin/collections/timeline.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(timeline.id)

export const loader = collectionLoader(timeline)

export const action = collectionAction(timeline)

export default function TimelineTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={timeline} loaderData={loaderData} actionData={actionData} />
}
