// An admin list's search, filters, sort, pages and bulk actions (ADR 091). Everything the list
// shows is in the URL (a GET form and links), so back and forward restore it; the bulk form
// posts the ticked rows (their boxes name it with `form=`) and asks before deleting.
import { useEffect, useRef, useState } from 'react'
import { AlertDialog } from 'radix-ui'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import {
  BULK_ACTION_LABELS,
  bulkDeleteQuestion,
  listParams,
  type ListQuery,
  type ListSpec,
} from '#app/domain/admin-list.ts'
import type { AdminListing, FormFailure } from '#app/domain/admin-collection.ts'
import { buttonStyles } from './buttons.tsx'
import { SelectField, TextField } from './fields.tsx'

const BULK_FORM = 'bulk-form'

/** Pause after the last keystroke before a live search runs (one request per pause). */
const SEARCH_DEBOUNCE_MS = 300

/**
 * The search box, the list's filter selects and its sort (a GET form, ADR 099). A select
 * applies at once; the search waits for Enter or the button, or with `live` for a pause in
 * the typing. `choices` are the values of the filters read from the data (the tags in use);
 * `keep` are the list's parameters outside this form (the messages' status buttons).
 */
export function ListFilters({
  spec,
  query,
  choices = {},
  keep = {},
  live = false,
  label = 'Rechercher et filtrer',
}: {
  spec: ListSpec
  query: ListQuery
  choices?: Record<string, readonly string[]>
  keep?: Record<string, string>
  live?: boolean
  label?: string
}) {
  const { search } = useLocation()
  const submit = useSubmit()
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  // A search still waiting when the tab is left must not navigate back to it.
  useEffect(() => () => clearTimeout(pending.current), [])
  const options = { replace: live, preventScrollReset: true }
  return (
    <Form
      // Remounted on each URL, so back and forward show the list's own filters; a live
      // search keeps its box (and its focus) while the list follows the typing.
      key={live ? 'live' : search}
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-4"
      onSubmit={() => clearTimeout(pending.current)}
      onChange={(event) => {
        const form = event.currentTarget
        clearTimeout(pending.current)
        if (event.target instanceof HTMLSelectElement) void submit(form, options)
        else if (live && event.target instanceof HTMLInputElement && event.target.name === 'q')
          pending.current = setTimeout(() => void submit(form, options), SEARCH_DEBOUNCE_MS)
      }}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <TextField
        id="filtre-q"
        name="q"
        label="Rechercher"
        type="search"
        placeholder="Rechercher..."
        defaultValue={query.q}
        maxLength={200}
      />
      {spec.filters.map((filter) => (
        <SelectField
          key={filter.param}
          id={`filtre-${filter.param}`}
          name={filter.param}
          label={filter.label}
          defaultValue={query.filters[filter.param] ?? ''}
          options={[
            { value: '', label: filter.all },
            ...(filter.options ??
              (choices[filter.param] ?? []).map((value) => ({ value, label: value }))),
          ]}
        />
      ))}
      {spec.sorts.length > 1 ? (
        <SelectField
          id="filtre-tri"
          name="tri"
          label="Trier par"
          defaultValue={query.sort}
          options={spec.sorts}
        />
      ) : null}
      <button type="submit" className={buttonStyles.secondary}>
        Filtrer
      </button>
    </Form>
  )
}

/** A row's box, ticked to take part in the bulk action; unticked after each navigation. */
export function RowCheckbox({ id, name }: { id: string; name: string }) {
  const { key } = useLocation()
  return (
    <input
      // A new list (a bulk action done, a filter, a page) starts with nothing ticked.
      key={key}
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
  spec,
  total,
  failure,
}: {
  spec: ListSpec
  total: number
  failure: FormFailure | undefined
}) {
  const form = useRef<HTMLFormElement>(null)
  const submit = useSubmit()
  const { key } = useLocation()
  const [asking, setAsking] = useState(0)
  // Only a refused bulk action posted `action`.
  const error = failure?.values && 'action' in failure.values ? failure.formError : undefined
  return (
    <>
      <Form
        ref={form}
        // Emptied after each navigation; a refused action (no navigation) keeps its choice.
        key={key}
        id={BULK_FORM}
        method="post"
        // An action bar, not an edit: leaving it loses nothing (ADR 087).
        data-no-guard=""
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
          id="bulk-action"
          options={spec.bulk.map((a) => ({ value: a, label: BULK_ACTION_LABELS[a] }))}
        />
        {spec.bulk.includes('tag') ? (
          <TextField id="bulk-tag" name="tag" label="Étiquette à ajouter" maxLength={50} />
        ) : null}
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

/**
 * « Page précédente », « Page N sur M », « Page suivante », the filters kept; nothing for an
 * unpaged list (no `listing`) or a single page.
 */
export function ListPagination({
  spec,
  listing,
}: {
  spec: ListSpec
  listing: Pick<AdminListing, 'query' | 'pageCount'> | undefined
}) {
  if (!listing || listing.pageCount <= 1) return null
  const { query, pageCount } = listing
  const { page } = query
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={listParams(spec, query, page - 1) || '?'} className={buttonStyles.secondary}>
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
        <Link to={listParams(spec, query, page + 1)} className={buttonStyles.secondary}>
          Page suivante
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
