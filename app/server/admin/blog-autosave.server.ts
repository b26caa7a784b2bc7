// Autosave of the blog form (ADR 092): the texts a post's form holds, kept a moment after
// typing stops as the author's one autosave of the post in that language. It never writes
// the post or its English version (so it never publishes, never changes a public text, and
// leaves the page cache alone: blog_revisions is a quiet table, ADR 026). A save removes it;
// the form opened again offers it when it is newer than the saved version and differs.
import { data } from 'react-router'
import { AUTOSAVE_POST_MISSING, AutosaveSchema, type AutosaveView } from '#app/domain/autosave.ts'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { getDb } from '../db/client.server.ts'
import { parseJson } from '../db/util.server.ts'
import {
  discardAutosave,
  getAutosave,
  saveAutosave,
} from '../repositories/blog-revisions.server.ts'
import type { Actor } from './admin-actions.server.ts'

type AdminForm = { id: string; values: Record<string, unknown> }

/** What the autosave answers the form: the time it kept the texts. */
type AutosaveAnswer = FormFailure & { savedAt?: string }

async function postExists(id: string): Promise<boolean> {
  if (!id) return false
  const row = await getDb()
    .selectFrom('blog_posts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return !!row
}

function refused(status: number, formError: string, fieldErrors: Record<string, string> = {}) {
  return data<AutosaveAnswer>({ fieldErrors, values: {}, formError }, { status })
}

/**
 * Keeps the form's texts as the admin's autosave of the post. A post not saved yet has no
 * autosave (its browser copy stands in, ADR 020): the id must be a stored post's.
 */
export async function autosaveIntent(admin: Actor, form: AdminForm) {
  if (!(await postExists(form.id))) return refused(404, AUTOSAVE_POST_MISSING)
  const parsed = AutosaveSchema.safeParse(form.values)
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message
    return refused(400, Object.values(fieldErrors)[0] ?? '', fieldErrors)
  }
  const { langue, ...texts } = parsed.data
  const savedAt = await saveAutosave(
    form.id,
    langue,
    { id: admin.id, name: admin.name || admin.email },
    texts,
  )
  return data<AutosaveAnswer>({ fieldErrors: {}, values: {}, savedAt })
}

/** Drops the admin's autosave of the post in the form's language (« Effacer »). */
export async function discardAutosaveIntent(admin: Actor, form: AdminForm) {
  if (!(await postExists(form.id))) return refused(404, AUTOSAVE_POST_MISSING)
  const locale: Locale = form.values.langue === 'en' ? 'en' : 'fr'
  await discardAutosave(getDb(), form.id, locale, admin.id)
  return data<AutosaveAnswer>({ fieldErrors: {}, values: {} })
}

/** The saved texts of the post in `locale` and their time (the English version's own). */
async function savedVersion(
  post: { id: string; title: string; excerpt: string; content: string } & Versioned,
  locale: Locale,
) {
  if (locale === 'fr') return { ...post, savedAt: post.updatedAt ?? post.createdAt }
  const row = await getDb()
    .selectFrom('translations')
    .select(['data', 'updatedAt'])
    .where('entity', '=', 'post')
    .where('entityId', '=', post.id)
    .where('locale', '=', 'en')
    .executeTakeFirst()
  if (!row) return { title: '', excerpt: '', content: '', savedAt: '' }
  const english = parseJson<Record<string, unknown>>(row.data, {})
  const text = (key: string) => (typeof english[key] === 'string' ? english[key] : '')
  return {
    title: text('title'),
    excerpt: text('excerpt'),
    content: text('content'),
    savedAt: row.updatedAt,
  }
}

type Versioned = { createdAt: string; updatedAt?: string }

/**
 * The admin's autosave of the post in the form's language (`langue=en`: the English form) to
 * offer when the form opens: newer than the saved version and different from it, else null.
 */
export async function loadAutosave(
  request: Request,
  adminId: string,
  post: { id: string; title: string; excerpt: string; content: string } & Versioned,
): Promise<AutosaveView | null> {
  const locale: Locale = new URL(request.url).searchParams.get('langue') === 'en' ? 'en' : 'fr'
  const [autosave, saved] = await Promise.all([
    getAutosave(post.id, locale, adminId),
    savedVersion(post, locale),
  ])
  if (!autosave || autosave.createdAt <= saved.savedAt) return null
  const same =
    autosave.title === saved.title &&
    autosave.excerpt === saved.excerpt &&
    autosave.content === saved.content
  if (same) return null
  const { createdAt, ...texts } = autosave
  return { ...texts, savedAt: createdAt }
}
