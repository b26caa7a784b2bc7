// Admin tab "Projets": the collection declared in app/ui/admin/collections/projects.tsx (ADR 064).
import type { Route } from './+types/projects'
import { loadCollection, saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { projects } from '#app/ui/admin/collections/projects.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(projects.id)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadCollection(request, projects)
}

export async function action({ request }: Route.ActionArgs) {
  return saveCollection(request, await requireAdmin(request), projects)
}

export default function ProjectsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={projects} loaderData={loaderData} actionData={actionData} />
}
