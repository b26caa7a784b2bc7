// Markdown editor of posts and project texts (ADR 020): a plain textarea (works
// without JavaScript) with a toolbar and shortcuts, a side-by-side live preview rendered by
// the server pipeline (/api/markdown-preview, the same HTML as the published page), word
// count and reading time, a browser-side copy of unsaved text (restored after a closed tab
// or an expired session) and a warning before leaving with unsaved changes.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import {
  Bold,
  Code,
  Heading2,
  Image as ImageIcon,
  Italic,
  Link as LinkIcon,
  List,
  Quote,
} from 'lucide-react'
import { countWords, DECORATIVE_IMAGE_TITLE, readingTime } from '#app/domain/markdown.ts'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { fieldAria, FieldNotes } from './fields.tsx'
import { ImageAltDialog, type ImageAltChoice } from './image-alt-dialog.tsx'
import { MediaPickerButtons } from './media-url-field.tsx'

export const PREVIEW_URL = '/api/markdown-preview'
export const PREVIEW_DELAY_MS = 400
export const PREVIEW_FAILED = 'Aperçu indisponible (connexion perdue ?). Votre texte est conservé.'
export const DRAFT_FOUND =
  'Une version non enregistrée de ce texte a été retrouvée dans ce navigateur.'

type Edit = { before: string; after: string; placeholder: string; block?: boolean }

/** What each toolbar button (and shortcut) wraps around the selection. */
const ACTIONS = {
  bold: {
    label: 'Gras',
    shortcut: 'Ctrl+B',
    key: 'b',
    Icon: Bold,
    edit: { before: '**', after: '**', placeholder: 'texte en gras' },
  },
  italic: {
    label: 'Italique',
    shortcut: 'Ctrl+I',
    key: 'i',
    Icon: Italic,
    edit: { before: '_', after: '_', placeholder: 'texte en italique' },
  },
  heading: {
    label: 'Section',
    shortcut: 'Ctrl+H',
    key: 'h',
    Icon: Heading2,
    edit: { before: '## ', after: '', placeholder: 'Titre de section', block: true },
  },
  link: {
    label: 'Lien',
    shortcut: 'Ctrl+K',
    key: 'k',
    Icon: LinkIcon,
    edit: { before: '[', after: '](https://)', placeholder: 'texte du lien' },
  },
  list: {
    label: 'Liste',
    shortcut: 'Ctrl+L',
    key: 'l',
    Icon: List,
    edit: { before: '- ', after: '', placeholder: 'élément', block: true },
  },
  quote: {
    label: 'Citation',
    shortcut: 'Ctrl+Q',
    key: 'q',
    Icon: Quote,
    edit: { before: '> ', after: '', placeholder: 'citation', block: true },
  },
  code: {
    label: 'Code',
    shortcut: 'Ctrl+E',
    key: 'e',
    Icon: Code,
    edit: { before: '```\n', after: '\n```', placeholder: 'code', block: true },
  },
  image: {
    label: 'Image',
    shortcut: 'Ctrl+G',
    key: 'g',
    Icon: ImageIcon,
    // Never inserted as is: the Image dialog asks for the address and the alt (ADR 093).
    edit: { before: '', after: '', placeholder: '' },
  },
} as const satisfies Record<
  string,
  { label: string; shortcut: string; key: string; Icon: unknown; edit: Edit }
>

type ActionId = keyof typeof ACTIONS

/**
 * The Markdown of an image placed with its text alternative (the Image dialog, ADR 093):
 * `![alt](url)`, or `![](url "décorative")` for a decorative one. Brackets in the alt are
 * escaped so the link stays whole; a library URL renders responsive (renderImage, ADR 017).
 */
function imageMarkdown({ url, alt, decorative }: ImageAltChoice): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, '\\$&')
  const target = /[\s()]/.test(url) ? `<${url}>` : url
  return decorative || !text
    ? `![](${target} "${DECORATIVE_IMAGE_TITLE}")`
    : `![${text}](${target})`
}

/** Applies an edit to the text and selection; returns the new text and selection. */
export function applyEdit(text: string, start: number, end: number, edit: Edit) {
  const selected = text.slice(start, end) || edit.placeholder
  // Block syntax starts on its own line.
  const needsBreak = edit.block && start > 0 && text[start - 1] !== '\n'
  const before = (needsBreak ? '\n\n' : '') + edit.before
  const next = text.slice(0, start) + before + selected + edit.after + text.slice(end)
  const selStart = start + before.length
  return { text: next, selStart, selEnd: selStart + selected.length }
}

interface StoredDraft {
  text: string
  /** The saved text the copy started from: a copy of another version is not offered. */
  base: string
  at: string
}

/** The Markdown help under the long-text editors (projects, blog). */
export const MARKDOWN_HINT =
  'Markdown : **gras**, _italique_, ## titre, [lien](https://…), listes, > citation, ```code```, ![image](https://…).'

const DRAFT_KEY_PREFIX = 'vitrine:brouillon:'

/** Key of the browser-side copy of an item's text: per collection and item (« nouveau »: a new one). */
export function draftKey(scope: string, id: string | undefined): string {
  return `${DRAFT_KEY_PREFIX}${scope}:${id ?? 'nouveau'}`
}

/** Whether the browser holds unsaved text for this item (typed here, or left by a closed tab). */
export function hasUnsavedCopy(storageKey: string): boolean {
  try {
    return readDraft(storageKey) !== null
  } catch {
    return false
  }
}

/**
 * After a save the list shows the stored texts: a browser copy equal to one of them is no
 * longer unsaved work (the copy of a new item has no id to compare its base with).
 */
export function forgetSavedCopies(scope: string, savedTexts: readonly string[]) {
  try {
    const saved = new Set(savedTexts.map((t) => t.trim()))
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith(`${DRAFT_KEY_PREFIX}${scope}:`)) continue
      const stored = readDraft(key)
      if (!stored || saved.has(stored.text.trim())) window.localStorage.removeItem(key)
    }
  } catch {
    // Storage disabled: nothing to forget.
  }
}

function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<StoredDraft>
    return typeof parsed.text === 'string' && typeof parsed.base === 'string'
      ? { text: parsed.text, base: parsed.base, at: String(parsed.at ?? '') }
      : null
  } catch {
    return null
  }
}

export function MarkdownEditor({
  name,
  label,
  defaultValue,
  savedValue,
  storageKey,
  error,
  hint,
  required,
  onWordsChange,
}: {
  name: string
  label: string
  /** What the textarea starts with (the stored text, or what the admin typed before an error). */
  defaultValue: string
  /** The stored text (empty for a new item): unsaved = different from it. */
  savedValue: string
  /** localStorage key of the browser-side copy, unique per item ("vitrine:brouillon:blog:<id>"). */
  storageKey: string
  error?: string
  hint?: string
  required?: boolean
  onWordsChange?: (words: number) => void
}) {
  const { id, errorId, hintId, aria } = fieldAria({ name, label, error, hint, required })
  const ref = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState(defaultValue)
  const [found, setFound] = useState<StoredDraft | null>(null)
  const [preview, setPreview] = useState<{ html?: string; error?: string } | null>(null)
  const [loading, setLoading] = useState(false)
  const submitting = useRef(false)
  const previewId = useId()
  const dirty = text !== savedValue
  const words = countWords(text)

  // A copy left by a closed tab or an expired session: offer it once (browser only).
  useEffect(() => {
    const stored = readDraft(storageKey)
    if (!stored) return
    if (stored.text.trim() === savedValue.trim() || stored.base !== savedValue) {
      window.localStorage.removeItem(storageKey)
      return
    }
    if (stored.text !== defaultValue) setFound(stored)
  }, [storageKey, savedValue, defaultValue])

  // Keep the copy while the text differs from what is saved.
  useEffect(() => {
    if (found) return
    try {
      if (dirty)
        window.localStorage.setItem(
          storageKey,
          JSON.stringify({ text, base: savedValue, at: new Date().toISOString() }),
        )
      else window.localStorage.removeItem(storageKey)
    } catch {
      // Storage full or disabled: the warning before leaving still protects the text.
    }
  }, [text, dirty, storageKey, savedValue, found])

  // Warn before closing or reloading the tab with unsaved text (not when saving).
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    const form = ref.current?.form
    const onSubmit = () => {
      submitting.current = true
    }
    form?.addEventListener('submit', onSubmit)
    return () => {
      window.removeEventListener('beforeunload', warn)
      form?.removeEventListener('submit', onSubmit)
    }
  }, [dirty])

  // Live preview from the server pipeline, a moment after typing stops. A plain fetch, not a
  // fetcher: a fetcher's action would make the router reload the admin page's data.
  useEffect(() => {
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      const body = new FormData()
      body.set('content', text)
      setLoading(true)
      fetch(PREVIEW_URL, { method: 'POST', body, signal: controller.signal })
        .then(async (response) => {
          const result = (await response.json()) as { html?: string; error?: string }
          setPreview(result)
          setLoading(false)
        })
        .catch(() => {
          if (controller.signal.aborted) return
          setPreview({ error: PREVIEW_FAILED })
          setLoading(false)
        })
    }, PREVIEW_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [text])

  useEffect(() => {
    onWordsChange?.(words)
  }, [words, onWordsChange])

  const [askingImage, setAskingImage] = useState(false)

  function run(action: ActionId) {
    if (action === 'image') setAskingImage(true)
    else insert(ACTIONS[action].edit)
  }

  /** Puts an image's Markdown at the caret (replacing a selection), selected. */
  function insertImage(choice: ImageAltChoice) {
    insert({ before: '', after: '', placeholder: imageMarkdown(choice) }, true)
  }

  // The media picker writes the chosen URL into this hidden input (a native input event).
  const pickedId = `${id}-image-choisie`
  useEffect(() => {
    const input = document.getElementById(pickedId)
    if (!(input instanceof HTMLInputElement)) return
    const onPicked = () => {
      const url = input.value
      // The picker asked for the alt already (ADR 093).
      const alt = input.dataset.alt ?? ''
      const decorative = input.dataset.decorative === 'true'
      input.value = ''
      if (url) insertImage({ url, alt, decorative })
    }
    input.addEventListener('change', onPicked)
    return () => input.removeEventListener('change', onPicked)
  })

  // After React writes an inserted value, select the inserted words so they can be typed
  // over. A layout effect runs before the next keystroke is handled (a frame callback could
  // run after it and move the caret under the typist's hands).
  const pendingSelection = useRef<[number, number] | null>(null)
  useLayoutEffect(() => {
    const selection = pendingSelection.current
    const area = ref.current
    if (!selection || !area) return
    pendingSelection.current = null
    area.focus()
    area.setSelectionRange(selection[0], selection[1])
  }, [text])

  function insert(edit: Edit, replaceSelection = false) {
    const area = ref.current
    if (!area) return
    const { selectionStart: start, selectionEnd: end } = area
    const result = replaceSelection
      ? applyEdit(area.value.slice(0, start) + area.value.slice(end), start, start, edit)
      : applyEdit(area.value, start, end, edit)
    pendingSelection.current = [result.selStart, result.selEnd]
    setText(result.text)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const key = event.key.toLowerCase()
    const action = (Object.keys(ACTIONS) as ActionId[]).find((a) => ACTIONS[a].key === key)
    if (!action) return
    event.preventDefault()
    run(action)
  }

  const html = preview?.html
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      {found ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <span>{DRAFT_FOUND}</span>
          <button
            type="button"
            className="rounded-md bg-amber-700 px-3 py-1 font-medium text-white"
            onClick={() => {
              setText(found.text)
              setFound(null)
            }}
          >
            Restaurer la version non enregistrée
          </button>
          <button
            type="button"
            className="rounded-md border border-amber-400 px-3 py-1"
            onClick={() => {
              window.localStorage.removeItem(storageKey)
              setFound(null)
            }}
          >
            Ignorer
          </button>
        </div>
      ) : null}
      <div
        role="toolbar"
        aria-label="Mise en forme"
        aria-controls={id}
        className="flex flex-wrap gap-1"
      >
        {(Object.keys(ACTIONS) as ActionId[]).map((action) => {
          const { label: actionLabel, shortcut, Icon } = ACTIONS[action]
          return (
            <button
              key={action}
              type="button"
              onClick={() => run(action)}
              aria-label={`${actionLabel} (${shortcut})`}
              title={`${actionLabel} (${shortcut})`}
              className="rounded-md border border-zinc-300 bg-white p-2 text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-violet-500"
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          )
        })}
      </div>
      <input
        id={pickedId}
        type="text"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        defaultValue=""
      />
      <MediaPickerButtons
        targetId={pickedId}
        label="Image de la médiathèque"
        kind="image"
        altFor="text"
      />
      {askingImage ? (
        <ImageAltDialog
          confirmLabel="Insérer l’image"
          onDone={(choice) => {
            setAskingImage(false)
            if (choice) insertImage(choice)
          }}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <textarea
          ref={ref}
          id={id}
          name={name}
          required={required}
          rows={20}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          spellCheck
          className="min-h-96 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-sm text-zinc-900 shadow-sm focus:border-violet-500 focus:ring-2 focus:ring-violet-500/40 focus:outline-none aria-[invalid=true]:border-red-500"
          {...aria}
        />
        <section
          aria-labelledby={previewId}
          className="min-h-96 overflow-auto rounded-md border border-zinc-200 bg-white px-4 py-3"
        >
          <h3
            id={previewId}
            className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
          >
            Aperçu
          </h3>
          <div aria-busy={loading} data-testid="markdown-preview">
            {preview?.error ? (
              <p className="text-sm text-red-600">{preview.error}</p>
            ) : html !== undefined ? (
              <MarkdownBody html={html} tone="light" />
            ) : (
              <p className="text-sm text-zinc-500">Chargement de l’aperçu…</p>
            )}
          </div>
        </section>
      </div>
      <p className="text-xs text-zinc-600" data-testid="word-count">
        {words} {words > 1 ? 'mots' : 'mot'} · {readingTime(text)} min de lecture
        {dirty ? ' · modifications non enregistrées' : ''}
      </p>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  )
}
