// The pages tab beyond create/update/delete (ADR 101): the edited page's revisions with their
// diff, and restoring one, through the history code the blog uses.
import type { CollectionDefinition, PagesData } from '#app/domain/admin-collection.ts'
import { pagesCollection } from '#app/domain/collections/pages.ts'
import { getPage, updatePage } from '../repositories/pages.server.ts'
import type { Actor } from './admin-actions.server.ts'
import { loadCollection, type AdminForm } from './admin-collections.server.ts'
import { loadRevisionsView, restoreRevision, type RestoreTarget } from './revisions-admin.server.ts'

/** The pages tab's view, with the revisions of the page being edited. */
export async function loadPagesTab(
  request: Request,
  pages: CollectionDefinition<'pages'>,
): Promise<PagesData> {
  const view = await loadCollection(request, pages)
  const revisions = view.item ? await loadRevisionsView(request, view.item.id, 'page') : null
  return { ...view, revisions }
}

/** A page's history, restored through the page's own save: its title and text. */
const PAGE_TARGET: RestoreTarget = {
  history: 'page',
  collection: pagesCollection,
  get: getPage,
  save: (id, revision, author) =>
    updatePage(id, { title: revision.title, content: revision.content }, author),
}

/** Restores a revision of the page as its title and text (a new revision too). */
export async function restorePageRevisionIntent(request: Request, admin: Actor, form: AdminForm) {
  return restoreRevision(request, admin, form, PAGE_TARGET)
}
