// Admin tab "Pages": the collection declared in app/ui/admin/collections/pages.tsx (ADR 090),
// and its own intent: restore a revision (ADR 101).
import type { Route } from './+types/pages'
import { collectionAction, collectionLoader } from '#app/server/admin/admin-collections.server.ts'
import { loadPagesTab, restorePageRevisionIntent } from '#app/server/admin/pages-admin.server.ts'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { pages } from '#app/ui/admin/collections/pages.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(pages.id)

export const loader = collectionLoader(pages, loadPagesTab)

export const action = collectionAction(pages, (request, admin) => ({
  restore: (form) => restorePageRevisionIntent(request, admin, form),
}))

export default function PagesTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={pages} loaderData={loaderData} actionData={actionData} />
}
