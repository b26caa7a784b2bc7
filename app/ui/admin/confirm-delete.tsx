// Delete button + accessible confirmation dialog (Radix AlertDialog) asking the exact French
// question with 'Annuler' / 'Supprimer'. Works without JavaScript: the trigger is a link to
// `?delete=<id>`, which server-renders the dialog open; with JavaScript it opens in place
// (Enter or Space) and focus returns to the trigger when it closes.
import { useState, type ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'
import { Form, Link, useNavigate, useSearchParams } from 'react-router'
import { Trash2 } from 'lucide-react'
import { buttonStyles, SubmitButton } from './buttons.tsx'

export const DELETE_PARAM = 'delete'

/**
 * Row delete control. Posts `intent=<intent>` and `id=<id>` to the current route's action
 * once confirmed. `itemName` names the item for screen readers ("Supprimer <itemName>").
 */
export function ConfirmDelete({
  id,
  itemName,
  question,
  intent = 'delete',
  hiddenFields,
  warning,
  children,
}: {
  id: string
  itemName: string
  /** The exact French question, e.g. 'Êtes-vous sûr de vouloir supprimer ce projet ?' */
  question: string
  intent?: string
  /** Extra fields posted with the delete (e.g. the current filter). */
  hiddenFields?: Record<string, string>
  /** Shown under the question (e.g. where a media item is still used). */
  warning?: ReactNode
  /** Trigger content; defaults to a bin icon. */
  children?: ReactNode
}) {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const [openedHere, setOpenedHere] = useState(false)
  const fromUrl = searchParams.get(DELETE_PARAM) === id
  const open = openedHere || fromUrl

  const withParam = new URLSearchParams(searchParams)
  withParam.set(DELETE_PARAM, id)
  const withoutParam = new URLSearchParams(searchParams)
  withoutParam.delete(DELETE_PARAM)
  const cleanHref = `?${withoutParam.toString()}`

  function close() {
    setOpenedHere(false)
    if (fromUrl) void navigate(cleanHref, { replace: true, preventScrollReset: true })
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? setOpenedHere(true) : close())}>
      {/* Trigger: Radix knows the opener, so closing (Escape, 'Annuler') returns focus to it. */}
      <AlertDialog.Trigger asChild>
        <Link
          to={`?${withParam.toString()}`}
          role="button"
          // Radix's type="button" means nothing on a link.
          type={undefined}
          aria-label={`Supprimer ${itemName}`}
          preventScrollReset
          className={buttonStyles.ghost + ' text-red-600'}
          onClick={(event) => {
            event.preventDefault()
            setOpenedHere(true)
          }}
          // A link opens on Enter only; role="button" promises Space too. Like a native
          // button: no page scroll on keydown, activation on keyup.
          onKeyDown={(event) => {
            if (event.key === ' ') event.preventDefault()
          }}
          onKeyUp={(event) => {
            if (event.key !== ' ') return
            event.preventDefault()
            setOpenedHere(true)
          }}
        >
          {children ?? <Trash2 className="h-4 w-4" aria-hidden="true" />}
        </Link>
      </AlertDialog.Trigger>
      {/* No portal: the dialog must also render on the server (no-JS confirmation page). */}
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-zinc-900 shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold">{question}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-zinc-600">
          « {itemName} » — cette action est irréversible.
        </AlertDialog.Description>
        {warning}
        <Form method="post" className="mt-6 flex justify-end gap-3" preventScrollReset>
          <input type="hidden" name="id" value={id} />
          {Object.entries(hiddenFields ?? {}).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <AlertDialog.Cancel asChild>
            <Link
              to={cleanHref}
              replace
              preventScrollReset
              className={buttonStyles.secondary}
              onClick={(event) => {
                event.preventDefault()
                close()
              }}
            >
              Annuler
            </Link>
          </AlertDialog.Cancel>
          <SubmitButton intent={intent} variant="danger">
            Supprimer
          </SubmitButton>
        </Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
