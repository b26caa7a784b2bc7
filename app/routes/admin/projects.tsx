// Admin tab "Projets": the collection declared in app/ui/admin/collections/projects.tsx (ADR 064),
// with the owner's label of the tags (ADR 092).
import type { Route } from './+types/projects'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { projectTagsLabel } from '#app/domain/settings.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { projects } from '#app/ui/admin/collections/projects.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(projects.id)

const loadCollection = collectionLoader(projects)

/** The collection, and the owner's word over a project's tags (ADR 092). */
export async function loader({ request }: Route.LoaderArgs) {
  const [view, settings] = await Promise.all([loadCollection({ request }), getSiteSettings()])
  return { ...view, tagsLabel: projectTagsLabel(settings) }
}

export const action = collectionAction(projects)

export default function ProjectsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={projects} loaderData={loaderData} actionData={actionData} />
}
