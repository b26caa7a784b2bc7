// Admin tab "Blog": the collection declared in app/ui/admin/collections/blog.tsx (ADR 064),
// and its own intents: restore a revision, rename a category (ADR 020), autosave the form and
// discard that autosave (ADR 092).
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/blog'
import { saveCollection } from '#app/server/admin/admin-collections.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  bulkPostsIntent,
  loadBlogTab,
  renameCategoryIntent,
  restoreRevisionIntent,
} from '#app/server/admin/blog-admin.server.ts'
import {
  applyNewsletterChoice,
  readNewsletterChoice,
} from '#app/server/newsletter/publish.server.ts'
import { autosaveIntent, discardAutosaveIntent } from '#app/server/admin/blog-autosave.server.ts'
import { AUTOSAVE_INTENT, DISCARD_AUTOSAVE_INTENT } from '#app/domain/autosave.ts'
import { blog } from '#app/ui/admin/collections/blog.tsx'
import { CollectionTab } from '#app/ui/admin/collections/collection.tsx'
import { tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta(blog.id)

export async function loader({ request }: Route.LoaderArgs) {
  return loadBlogTab(request, await requireAdmin(request), blog)
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  // « Envoyer aux abonnés » is read from the parsed form before the save and applied after
  // it (ADR 097).
  let newsletter: Awaited<ReturnType<typeof readNewsletterChoice>>
  const answer = await saveCollection(
    request,
    admin,
    blog,
    {
      restore: (form) => restoreRevisionIntent(request, admin, form),
      'rename-category': (form) => renameCategoryIntent(request, admin, form),
      bulk: (form) => bulkPostsIntent(request, admin, form),
      [AUTOSAVE_INTENT]: (form) => autosaveIntent(admin, form),
      [DISCARD_AUTOSAVE_INTENT]: (form) => discardAutosaveIntent(admin, form),
    },
    async (form) => {
      newsletter = await readNewsletterChoice(form)
    },
  )
  await applyNewsletterChoice(newsletter, answer)
  return answer
}

/** An autosave changes nothing the form shows: no reload of the tab after it (ADR 092). */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  if (intent === AUTOSAVE_INTENT || intent === DISCARD_AUTOSAVE_INTENT) return false
  return defaultShouldRevalidate
}

export default function BlogTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionTab collection={blog} loaderData={loaderData} actionData={actionData} />
}
