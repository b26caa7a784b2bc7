// Admin tab "Compétences": the collection declared in app/ui/admin/collections/skills.tsx (ADR 064).
import type { Route } from './+types/skills'
import { loadCollection, saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { skills } from '#app/ui/admin/collections/skills.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(skills.id)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadCollection(request, skills)
}

export async function action({ request }: Route.ActionArgs) {
  return saveCollection(request, await requireAdmin(request), skills)
}

export default function SkillsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={skills} loaderData={loaderData} actionData={actionData} />
}
