// Admin tab "Projets": the collection declared in app/ui/admin/collections/projects.tsx (ADR 064).
import type { Route } from './+types/projects'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { projects } from '#app/ui/admin/collections/projects.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(projects.id)

export const loader = collectionLoader(projects)

export const action = collectionAction(projects)

export default function ProjectsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={projects} loaderData={loaderData} actionData={actionData} />
}
