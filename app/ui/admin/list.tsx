// List-view building blocks for admin tabs: add button, empty state, rows with edit/delete
// actions, and the form-view frame with its cancel link (the tab heading is in tabs.tsx).
import type { ReactNode } from 'react'
import { Pencil, Plus } from 'lucide-react'
import { ButtonLink, buttonStyles } from './buttons.tsx'
import { DISCARD_ATTRIBUTE } from './unsaved-changes.tsx'
import { Link, useLocation } from 'react-router'

/** "Add" button opening the form view in create mode (`?new`). */
export function AddButton({ label, to = '?new' }: { label: string; to?: string }) {
  return (
    <ButtonLink to={to} variant="primary">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )
}

/** The French hint shown when a list has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500">
      {children}
    </p>
  )
}

/** An accessible list of rows (use `ItemRow` children). `label` names the list. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white"
    >
      {children}
    </ul>
  )
}

/** A row: main content on the left, actions (edit, delete, move…) on the right. */
export function ItemRow({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3">
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">{children}</div>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
    </li>
  )
}

/** Row edit button opening the form view in edit mode (`?edit=<id>`). */
export function EditLink({ id, itemName }: { id: string; itemName: string }) {
  return (
    <Link
      to={`?edit=${encodeURIComponent(id)}`}
      aria-label={`Modifier ${itemName}`}
      className={buttonStyles.ghost}
    >
      <Pencil className="h-4 w-4" aria-hidden="true" />
    </Link>
  )
}

/** Cancel link of a form view: back to the list (drops `?new` / `?edit`). */
export function CancelLink({ to, children = 'Annuler' }: { to?: string; children?: ReactNode }) {
  const { pathname } = useLocation()
  return (
    // An explicit « Annuler » discards the edits: the unsaved-changes guard lets it go (ADR 087).
    <ButtonLink to={to ?? pathname} variant="secondary" {...{ [DISCARD_ATTRIBUTE]: '' }}>
      {children}
    </ButtonLink>
  )
}

/** Frame of a form view: heading (h2, replaces the list's), body, and the buttons. */
export function FormPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="admin-form-title"
      className="rounded-lg border border-zinc-200 bg-white p-6"
    >
      <h2 id="admin-form-title" className="mb-4 text-xl font-semibold text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Button row at the bottom of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>
}
