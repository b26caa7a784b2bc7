// Admin tab "Blog": the collection declared in app/ui/admin/collections/blog.tsx (ADR 064),
// and its own intents: restore a revision, rename a category (ADR 020).
import type { Route } from './+types/blog'
import { saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  bulkPostsIntent,
  loadBlogTab,
  renameCategoryIntent,
  restoreRevisionIntent,
} from '#app/server/admin/blog-admin.server.ts'
import { blog } from '#app/ui/admin/collections/blog.tsx'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(blog.id)

export async function loader({ request }: Route.LoaderArgs) {
  return loadBlogTab(request, await requireAdmin(request), blog)
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return saveCollection(request, admin, blog, {
    restore: (form) => restoreRevisionIntent(request, admin, form),
    'rename-category': (form) => renameCategoryIntent(request, admin, form),
    bulk: (form) => bulkPostsIntent(request, admin, form),
  })
}

export default function BlogTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={blog} loaderData={loaderData} actionData={actionData} />
}
