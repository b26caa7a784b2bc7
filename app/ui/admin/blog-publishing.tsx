// Blog tab pieces (ADR 020): category/tag fields offering the existing values,
// the category rename form, and the revisions panel (diff of two revisions, restore), the
// French form's or, with `locale="en"`, the English form's (ADR 077).
import { useId } from 'react'
import { DiffParts } from './diff-parts.tsx'
import { Form } from 'react-router'
import type { FormFailure, RevisionsView } from '#app/domain/admin-collection.ts'
import { SubmitButton } from './buttons.tsx'
import { SelectField, TextField } from './fields.tsx'
import { draftKey, hasUnsavedCopy } from './markdown-editor.tsx'
import { lazyDateTimeFormat } from '#app/domain/lazy-intl.ts'

const dateTime = lazyDateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
})

/**
 * A text field offering the existing values (native datalist): picking one avoids the typo
 * that would create a new category; typing a new value creates it. With `multiple`, the
 * suggestions complete the last comma-separated item.
 */
export function TaxonomyField({
  options,
  multiple,
  ...props
}: Parameters<typeof TextField>[0] & { options: string[]; multiple?: boolean }) {
  const listId = useId()
  return (
    <>
      <TextField {...props} list={multiple ? undefined : listId} autoComplete="off" />
      {multiple ? (
        options.length > 0 ? (
          <p className="-mt-2 text-xs text-zinc-600 md:col-span-2">
            Tags existants : {options.join(', ')}
          </p>
        ) : null
      ) : (
        <datalist id={listId}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
    </>
  )
}

export function CategoryRenameForm({
  categories,
  failure,
}: {
  categories: string[]
  failure: FormFailure | undefined
}) {
  if (categories.length === 0) return null
  const errors = failure?.fieldErrors ?? {}
  return (
    <details
      className="mb-6 rounded-lg border border-zinc-200 bg-white p-4"
      open={!!errors.from || !!errors.to}
    >
      <summary className="cursor-pointer text-sm font-medium text-zinc-800">
        Renommer une catégorie
      </summary>
      <Form
        method="post"
        noValidate
        className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end"
      >
        <SelectField
          name="from"
          label="Catégorie à renommer"
          options={categories.map((c) => ({ value: c, label: c }))}
          error={errors.from}
        />
        <TextField name="to" label="Nouveau nom" required error={errors.to} />
        <SubmitButton intent="rename-category" pendingLabel="Renommage…">
          Renommer
        </SubmitButton>
      </Form>
    </details>
  )
}

export const RESTORE_OVER_UNSAVED =
  "Restaurer cette révision ? Le texte non enregistré de l'éditeur sera remplacé et perdu."

/**
 * The history of a post or a page (ADR 101) under its form: each revision with « Restaurer »,
 * and two compared.
 */
export function RevisionsPanel({
  postId,
  view,
  locale = 'fr',
  collection = 'blog',
}: {
  postId: string
  view: RevisionsView
  /** Whose history: the post's (French form) or its English version's (English form). */
  locale?: 'fr' | 'en'
  /** The tab whose item it is: a page has no excerpt, and its own browser copy. */
  collection?: 'blog' | 'pages'
}) {
  const { revisions, diff } = view
  if (revisions.length === 0) return null
  const options = revisions.map((r) => ({
    value: r.id,
    label: `${dateTime.format(new Date(r.createdAt))} — ${r.authorName}`,
  }))
  return (
    <section
      aria-labelledby="revisions-title"
      className="mt-8 rounded-lg border border-zinc-200 bg-white p-6"
    >
      <h2 id="revisions-title" className="text-lg font-semibold text-zinc-900">
        Révisions
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        {collection === 'pages'
          ? 'Chaque enregistrement conserve le titre et le contenu (les plus anciennes au-delà de 30 sont effacées).'
          : 'Chaque enregistrement conserve le titre, l’extrait et le contenu (les plus anciennes au-delà de 30 sont effacées).'}
      </p>
      <ol className="mt-4 divide-y divide-zinc-100" aria-label="Liste des révisions">
        {revisions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <time dateTime={r.createdAt}>{dateTime.format(new Date(r.createdAt))}</time> ·{' '}
              {r.authorName} · <span className="text-zinc-600">{r.title}</span>
            </span>
            <Form
              method="post"
              onSubmit={(event) => {
                // The editor's unsaved text would be replaced (and its browser copy dropped);
                // the English form keeps no browser copy.
                if (
                  locale === 'fr' &&
                  hasUnsavedCopy(draftKey(collection, postId)) &&
                  !window.confirm(RESTORE_OVER_UNSAVED)
                )
                  event.preventDefault()
              }}
            >
              <input type="hidden" name="id" value={postId} />
              <input type="hidden" name="revisionId" value={r.id} />
              {locale === 'en' ? <input type="hidden" name="langue" value="en" /> : null}
              <button
                type="submit"
                name="intent"
                value="restore"
                aria-label={`Restaurer la révision du ${dateTime.format(new Date(r.createdAt))}`}
                className="rounded-md border border-zinc-300 bg-white px-3 py-1 text-sm font-medium text-zinc-800 hover:bg-zinc-50"
              >
                Restaurer
              </button>
            </Form>
          </li>
        ))}
      </ol>
      {revisions.length > 1 ? (
        <Form method="get" className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end">
          <input type="hidden" name="edit" value={postId} />
          {locale === 'en' ? <input type="hidden" name="langue" value="en" /> : null}
          <SelectField
            name="de"
            label="Comparer la révision"
            options={options}
            defaultValue={diff?.from ?? revisions[1]?.id}
          />
          <SelectField
            name="a"
            label="avec la révision"
            options={options}
            defaultValue={diff?.to ?? revisions[0]?.id}
          />
          <button
            type="submit"
            className="rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50"
          >
            Comparer
          </button>
        </Form>
      ) : null}
      {diff ? (
        <pre
          aria-label="Différences entre les deux révisions"
          data-testid="revision-diff"
          className="mt-4 max-h-[60vh] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 text-xs whitespace-pre-wrap"
        >
          <DiffParts parts={diff.parts} />
        </pre>
      ) : null}
    </section>
  )
}
