// Admin tab "Processus Créatif": the collection declared in
// app/ui/admin/collections/process.tsx (ADR 064), and its own 'reorder' intent.
import type { Route } from './+types/process'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { reorderStepsIntent } from '#app/server/admin/process-admin.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { process } from '#app/ui/admin/collections/process.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(process.id)

export const loader = collectionLoader(process)

export const action = collectionAction(process, (request, admin) => ({
  reorder: (form) => reorderStepsIntent(request, admin, form),
}))

export default function ProcessTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={process} loaderData={loaderData} actionData={actionData} />
}
