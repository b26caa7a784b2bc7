// The history panel's server side, shared by posts (ADR 020, 077) and pages (ADR 101): the
// revisions of the item being edited with a diff of two of them (?de=…&a=…), and restoring one
// as the item's text (which is a save, so a new revision too).
import { formatDateTime } from '#app/domain/date-time.ts'
import type { DiffPart, RevisionsView } from '#app/domain/admin-collection.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import type { ResourceType } from '#app/domain/activity.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'
import {
  getRevision,
  listRevisions,
  type BlogRevision,
  type RevisionAuthor,
  type RevisionHistory,
} from '../repositories/blog-revisions.server.ts'
import { notFound, withValidation, type Actor } from './admin-actions.server.ts'

export const REVISION_RESTORED = 'Révision restaurée'
export const REVISION_MISSING = "Cette révision n'existe plus."

/** The language of the form a request is about: English for `langue=en`, else French. */
export function formLocale(value: unknown): Locale {
  return value === 'en' ? 'en' : 'fr'
}

/** The item's revisions in the form's language, and the diff asked for in the URL (?de=…&a=…). */
export async function loadRevisionsView(
  request: Request,
  itemId: string,
  history: RevisionHistory = 'post',
): Promise<RevisionsView> {
  const params = new URL(request.url).searchParams
  const locale = formLocale(params.get('langue'))
  const revisions = await listRevisions(itemId, locale, history)
  const fromId = params.get('de')
  const toId = params.get('a')
  if (!fromId || !toId) return { revisions, diff: null }
  const [from, to] = await Promise.all([
    getRevision(itemId, fromId, locale, history),
    getRevision(itemId, toId, locale, history),
  ])
  if (!from || !to) return { revisions, diff: null }
  const { diffLines } = await import('diff') // loaded only to compare revisions (ADR 030)
  // A page has no excerpt: its line is left out rather than compared empty.
  const text = (r: { title: string; excerpt: string; content: string }) =>
    history === 'page'
      ? `# ${r.title}\n\n${r.content}\n`
      : `# ${r.title}\n\n${r.excerpt}\n\n${r.content}\n`
  const parts: DiffPart[] = diffLines(text(from), text(to)).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }))
  return { revisions, diff: { from: from.id, to: to.id, parts } }
}

/** Where a French revision is restored: the item's history, how it is read and saved. */
export interface RestoreTarget {
  history: RevisionHistory
  /**
   * The item's collection as declared once: its tab (/admin/<id>, where the item's form shows
   * the restored text), its resource type and its French error when the item is gone.
   */
  collection: { id: 'blog' | 'pages'; resourceType: ResourceType; toasts: { missing: string } }
  get(id: string): Promise<{ id: string } | undefined>
  /** Saves the revision's texts as the item's (a save keeps a revision); gone → undefined. */
  save(
    id: string,
    revision: BlogRevision,
    author: RevisionAuthor,
  ): Promise<{ title: string } | undefined>
}

type AdminForm = { id: string; values: Record<string, unknown> }

/** Restores the French revision `revisionId` of the item `form.id`, with an activity entry. */
export async function restoreRevision(
  request: Request,
  admin: Actor,
  form: AdminForm,
  target: RestoreTarget,
) {
  const revisionId = typeof form.values.revisionId === 'string' ? form.values.revisionId : ''
  const item = form.id ? await target.get(form.id) : undefined
  if (!item) return notFound(target.collection.toasts.missing)
  const revision = await getRevision(item.id, revisionId, 'fr', target.history)
  if (!revision) return notFound(REVISION_MISSING)
  return withValidation(form.values, async () => {
    const restored = await target.save(item.id, revision, {
      id: admin.id,
      name: admin.name || admin.email,
    })
    if (!restored) return notFound(target.collection.toasts.missing)
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: target.collection.resourceType,
      resourceId: item.id,
      resourceName: restored.title,
      details: `Révision du ${formatDateTime(revision.createdAt)} restaurée`,
    })
    const editUrl = `/admin/${target.collection.id}?edit=${encodeURIComponent(item.id)}`
    return redirectWithToast(editUrl, {
      kind: 'success',
      message: REVISION_RESTORED,
    })
  })
}
