// Admin tab "Projets": the collection declared in app/ui/admin/collections/projects.tsx (ADR 064),
// with the owner's label of the tags (ADR 092), and its list's search, filters, pages and bulk
// action (ADR 099).
import type { Route } from './+types/projects'
import { collectionAction } from '#app/server/admin/admin-collections.server.ts'
import { bulkProjectsIntent, loadProjectsTab } from '#app/server/admin/projects-admin.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { projectTagsLabel } from '#app/domain/settings.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { projects } from '#app/ui/admin/collections/projects.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(projects.id)

/** The collection, and the owner's word over a project's tags (ADR 092). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [view, settings] = await Promise.all([
    loadProjectsTab(request, projects),
    getSiteSettings(),
  ])
  return { ...view, tagsLabel: projectTagsLabel(settings) }
}

export const action = collectionAction(projects, (request, admin) => ({
  bulk: (form) => bulkProjectsIntent(request, admin, projects, form),
}))

export default function ProjectsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={projects} loaderData={loaderData} actionData={actionData} />
}
