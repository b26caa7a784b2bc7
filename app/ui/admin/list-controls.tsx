// An admin list's search, filters, sort, pages and bulk actions (ADR 091). Everything the list
// shows is in the URL (a GET form and links), so back and forward restore it; the bulk form
// posts the ticked rows (their boxes name it with `form=`) and asks before deleting.
import { useRef, useState } from 'react'
import { AlertDialog } from 'radix-ui'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import {
  ADMIN_LANGUAGES,
  ADMIN_LANGUAGE_LABELS,
  ADMIN_SORTS,
  ADMIN_SORT_LABELS,
  ADMIN_STATUSES,
  BULK_ACTIONS,
  BULK_ACTION_LABELS,
  adminListParams,
  bulkDeleteQuestion,
  type AdminListQuery,
} from '#app/domain/admin-list.ts'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import { STATUS_LABELS } from '#app/domain/publishing.ts'
import { buttonStyles } from './buttons.tsx'
import { SelectField, TextField } from './fields.tsx'

const BULK_FORM = 'bulk-form'

/** The search box and the status, language and sort selects (a GET form). */
export function ListFilters({ query }: { query: AdminListQuery }) {
  const { search } = useLocation()
  const submit = useSubmit()
  return (
    <Form
      // Remounted on each URL, so back and forward show the list's own filters.
      key={search}
      method="get"
      role="search"
      aria-label="Rechercher et filtrer"
      className="mb-4 grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 md:grid-cols-[1fr_10rem_12rem_12rem_auto] md:items-end"
      onChange={(event) => {
        // A select applies at once; the search box waits for Enter or the button.
        if (event.target instanceof HTMLSelectElement) submit(event.currentTarget)
      }}
    >
      <TextField name="q" label="Rechercher" type="search" defaultValue={query.q} maxLength={200} />
      <SelectField
        name="statut"
        label="Statut"
        defaultValue={query.status}
        options={[
          { value: '', label: 'Tous les statuts' },
          ...ADMIN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        ]}
      />
      <SelectField
        name="version"
        label="Langue"
        defaultValue={query.language}
        options={[
          { value: '', label: 'Toutes les langues' },
          ...ADMIN_LANGUAGES.map((l) => ({ value: l, label: ADMIN_LANGUAGE_LABELS[l] })),
        ]}
      />
      <SelectField
        name="tri"
        label="Trier par"
        defaultValue={query.sort}
        options={ADMIN_SORTS.map((s) => ({ value: s, label: ADMIN_SORT_LABELS[s] }))}
      />
      <button type="submit" className={buttonStyles.secondary}>
        Filtrer
      </button>
    </Form>
  )
}

/** A row's box, ticked to take part in the bulk action. */
export function RowCheckbox({ id, name }: { id: string; name: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={BULK_FORM}
      aria-label={`Sélectionner ${name}`}
      className="mr-3 size-4 shrink-0 align-middle"
    />
  )
}

/** The bulk action bar: an action, a tag for « Ajouter une étiquette », « Appliquer ». */
export function BulkActions({
  total,
  failure,
}: {
  total: number
  failure: FormFailure | undefined
}) {
  const form = useRef<HTMLFormElement>(null)
  const submit = useSubmit()
  const [asking, setAsking] = useState(0)
  // Only a refused bulk action posted `action`.
  const error = failure?.values && 'action' in failure.values ? failure.formError : undefined
  return (
    <>
      <Form
        ref={form}
        id={BULK_FORM}
        method="post"
        aria-label="Actions groupées"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          const target = event.currentTarget
          const action = (target.elements.namedItem('action') as HTMLSelectElement | null)?.value
          if (action !== 'delete') return
          event.preventDefault()
          const ticked = [...target.elements].filter(
            (el) => el instanceof HTMLInputElement && el.name === 'ids' && el.checked,
          ).length
          setAsking(Math.max(ticked, 1))
        }}
      >
        <input type="hidden" name="intent" value="bulk" />
        <SelectField
          name="action"
          label="Action groupée"
          options={BULK_ACTIONS.map((a) => ({ value: a, label: BULK_ACTION_LABELS[a] }))}
        />
        <TextField name="tag" label="Étiquette à ajouter" maxLength={50} />
        <button type="submit" className={buttonStyles.secondary}>
          Appliquer
        </button>
        <p className="text-sm text-zinc-600" aria-live="polite">
          {total} élément{total > 1 ? 's' : ''}
        </p>
        {error ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Form>
      <AlertDialog.Root open={asking > 0} onOpenChange={(open) => !open && setAsking(0)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold text-zinc-900">
              {bulkDeleteQuestion(asking)}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-zinc-600">
              Cette action est définitive.
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={buttonStyles.secondary}>Annuler</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonStyles.danger}
                onClick={() => {
                  if (form.current) void submit(form.current, { method: 'post' })
                }}
              >
                Supprimer
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  )
}

/** « Page précédente », « Page N sur M », « Page suivante », the filters kept. */
export function ListPagination({ query, pageCount }: { query: AdminListQuery; pageCount: number }) {
  if (pageCount <= 1) return null
  const { page } = query
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={adminListParams(query, page - 1) || '?'} className={buttonStyles.secondary}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Page précédente
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-zinc-600">
        Page {page} sur {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={adminListParams(query, page + 1)} className={buttonStyles.secondary}>
          Page suivante
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
