// Autosave of a post's form, French or English (ADR 092). `AutosaveStatus` sits in the form
// near its save button: a moment after typing stops it sends the form's title, excerpt and
// body to the tab's `autosave` intent (a fetcher: no navigation, no reload of the tab) and
// says when they were kept. `AutosaveBanner` offers, when the form opens, the admin's autosave
// newer than the saved version: « Reprendre » writes it into the form's fields as if typed
// (so the form is dirty and the guard of ADR 087 protects it), « Effacer » drops it.
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_FAILED,
  AUTOSAVE_INTENT,
  DISCARD_AUTOSAVE_INTENT,
  autosavedAt,
  resumeQuestion,
  type AutosaveView,
} from '#app/domain/autosave.ts'
import { buttonStyles } from './buttons.tsx'

type Locale = 'fr' | 'en'
const TEXT_FIELDS = ['title', 'excerpt', 'content'] as const

/** The form's field names: the English form's are prefixed `en.` (ADR 075). */
const fieldName = (locale: Locale, field: string) => (locale === 'en' ? `en.${field}` : field)

const BLOG_ACTION = '/admin/blog'

interface AutosaveAnswer {
  savedAt?: string
  formError?: string
}

export function AutosaveStatus({ postId, locale }: { postId: string; locale: Locale }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const fetcher = useFetcher<AutosaveAnswer>()
  const submit = fetcher.submit
  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    let timer: number | undefined
    let last = ''
    const send = () => {
      const fields = new FormData(form)
      const texts = Object.fromEntries(
        TEXT_FIELDS.map((field) => {
          const value = fields.get(fieldName(locale, field))
          return [field, typeof value === 'string' ? value : '']
        }),
      )
      const snapshot = JSON.stringify(texts)
      if (snapshot === last) return
      last = snapshot
      void submit(
        { intent: AUTOSAVE_INTENT, id: postId, langue: locale, ...texts },
        { method: 'post', action: BLOG_ACTION },
      )
    }
    const schedule = (event: Event) => {
      // Only the texts are kept; a status or date change waits for the save.
      const target = event.target
      if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return
      if (!TEXT_FIELDS.some((field) => target.name === fieldName(locale, field))) return
      window.clearTimeout(timer)
      timer = window.setTimeout(send, AUTOSAVE_DELAY_MS)
    }
    // A save takes over: no autosave after it (the save removes the earlier one).
    const cancel = () => window.clearTimeout(timer)
    form.addEventListener('input', schedule)
    form.addEventListener('submit', cancel)
    return () => {
      window.clearTimeout(timer)
      form.removeEventListener('input', schedule)
      form.removeEventListener('submit', cancel)
    }
  }, [postId, locale, submit])

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  const text = answer?.savedAt
    ? autosavedAt(answer.savedAt)
    : answer?.formError
      ? `${AUTOSAVE_FAILED} ${answer.formError}`
      : ''
  return (
    <p
      ref={ref}
      // Announced politely, but not a status region: the save's own toast is the form's
      // status (tests and keep-focus.tsx look for that one).
      aria-live="polite"
      data-testid="autosave-status"
      className="self-center text-sm text-zinc-600"
    >
      {text}
    </p>
  )
}

/** Writes `value` into a field as typing would (React's controlled fields see it). */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

export function AutosaveBanner({
  postId,
  locale,
  autosave,
}: {
  postId: string
  locale: Locale
  autosave: AutosaveView | null
}) {
  const ref = useRef<HTMLDivElement>(null)
  const fetcher = useFetcher()
  const [done, setDone] = useState(false)
  if (!autosave || done) return null
  const resume = () => {
    const form = ref.current?.closest('form')
    if (!form) return
    for (const field of TEXT_FIELDS) {
      const element = form.elements.namedItem(fieldName(locale, field))
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
        typeInto(element, autosave[field])
    }
    setDone(true)
  }
  const discard = () => {
    void fetcher.submit(
      { intent: DISCARD_AUTOSAVE_INTENT, id: postId, langue: locale },
      { method: 'post', action: BLOG_ACTION },
    )
    setDone(true)
  }
  return (
    <div
      ref={ref}
      role="region"
      aria-label="Version non enregistrée"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 md:col-span-2"
    >
      <p className="flex-1">{resumeQuestion(autosave.savedAt)} ?</p>
      <button type="button" className={buttonStyles.primary} onClick={resume}>
        Reprendre
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={discard}>
        Effacer
      </button>
    </div>
  )
}
