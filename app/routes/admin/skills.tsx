// Admin tab "Compétences": the collection declared in app/ui/admin/collections/skills.tsx (ADR 064).
import type { Route } from './+types/skills'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { skills } from '#app/ui/admin/collections/skills.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(skills.id)

export const loader = collectionLoader(skills)

export const action = collectionAction(skills)

export default function SkillsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={skills} loaderData={loaderData} actionData={actionData} />
}
