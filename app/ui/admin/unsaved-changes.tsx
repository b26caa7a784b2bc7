// Never lose an edit (ADR 087): a form whose fields differ from what they held when the admin
// first touched them asks before any in-app navigation (React Router's blocker) and before the
// tab is closed or reloaded. "Rester" keeps the page as it is, typed text included.
//
// Dirtiness is computed when a navigation is asked for, not tracked in state: each POST form
// inside the guard gets a baseline (its serialized fields) the first time it is focused or
// typed in; a form that left the page (saved and remounted, or replaced by the list) no
// longer counts, and a refused save still differs from its baseline, so it stays protected.
import { useCallback, useEffect, useRef, type ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'
import { useBlocker } from 'react-router'
import { buttonStyles } from './buttons.tsx'

export const UNSAVED_TITLE = 'Modifications non enregistrées'
export const UNSAVED_QUESTION =
  'Quitter sans enregistrer ? Les modifications de ce formulaire seront perdues.'
export const STAY_LABEL = 'Rester'
export const LEAVE_LABEL = 'Quitter sans enregistrer'
/** Marks a control whose navigation discards the edits on purpose (« Annuler »). */
export const DISCARD_ATTRIBUTE = 'data-discard-changes'

/** A form's fields as one comparable string (files by name and size). */
export function serializeForm(form: HTMLFormElement): string {
  const entries: [string, string][] = []
  for (const [key, value] of new FormData(form)) {
    entries.push([key, typeof value === 'string' ? value : `${value.name}:${value.size}`])
  }
  return JSON.stringify(entries)
}

function isTrackedForm(form: HTMLFormElement | null): form is HTMLFormElement {
  return !!form && form.method.toLowerCase() === 'post' && !form.hasAttribute('data-no-guard')
}

/** Wraps the forms to protect; one per page (a router holds one blocker at a time). */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null)
  const baselines = useRef(new Map<HTMLFormElement, string>())
  // Set during the click of an « Annuler »: its navigation is a choice, not an accident.
  const discarding = useRef(false)

  const isDirty = useCallback(() => {
    for (const [form, baseline] of baselines.current) {
      if (!form.isConnected) {
        baselines.current.delete(form)
        continue
      }
      if (serializeForm(form) !== baseline) return true
    }
    return false
  }, [])

  useEffect(() => {
    const root = container.current
    if (!root) return
    // The baseline is taken before the first change: on focus, or at the latest on input.
    const remember = (event: Event) => {
      const target = event.target
      const form =
        target instanceof HTMLFormElement
          ? target
          : target instanceof Element
            ? target.closest('form')
            : null
      if (isTrackedForm(form) && !baselines.current.has(form))
        baselines.current.set(form, serializeForm(form))
    }
    const onClick = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest(`[${DISCARD_ATTRIBUTE}]`))
        return
      discarding.current = true
      window.setTimeout(() => {
        discarding.current = false
      }, 0)
    }
    root.addEventListener('click', onClick, true)
    root.addEventListener('focusin', remember, true)
    root.addEventListener('pointerdown', remember, true)
    root.addEventListener('beforeinput', remember, true)
    return () => {
      root.removeEventListener('click', onClick, true)
      root.removeEventListener('focusin', remember, true)
      root.removeEventListener('pointerdown', remember, true)
      root.removeEventListener('beforeinput', remember, true)
    }
  }, [])

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // A save posts to this very address (the router does not ask blockers about the
    // redirect that follows a save); a refused save stays here, still dirty.
    const samePage =
      currentLocation.pathname === nextLocation.pathname &&
      currentLocation.search === nextLocation.search
    return !samePage && !discarding.current && isDirty()
  })

  return (
    <div ref={container}>
      {children}
      <AlertDialog.Root
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset()
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-zinc-900 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">{UNSAVED_TITLE}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-zinc-600">
              {UNSAVED_QUESTION}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={buttonStyles.secondary}>
                {STAY_LABEL}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonStyles.danger}
                onClick={() => {
                  if (blocker.state === 'blocked') blocker.proceed()
                }}
              >
                {LEAVE_LABEL}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  )
}
