// A list of strings (tags, image URLs) added one by one: trimmed, empties and duplicates
// ignored, each removable. Every item posts as `name[]` (read back as an array, so an item
// is never split on commas); the draft input posts too, so without JavaScript one more item
// can be typed and saved.
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { X } from 'lucide-react'
import { listFieldName } from '#app/domain/common.ts'
import { buttonStyles } from './buttons.tsx'
import { fieldAria, FieldNotes, type FieldProps } from './fields.tsx'

/** Tags / URLs editor; `initial` is the stored list, `error` the first item's message. */
export function ListInput(
  props: FieldProps & {
    initial: readonly string[]
    /** Accessible name of the draft input, e.g. 'Nouveau tag'. */
    inputLabel: string
    addLabel: string
    placeholder?: string
    type?: string
  },
) {
  const {
    name,
    label,
    error,
    hint,
    initial,
    inputLabel,
    addLabel,
    placeholder,
    type = 'text',
  } = props
  const [items, setItems] = useState<string[]>(() => [...initial])
  const [draft, setDraft] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const { id, errorId, hintId, aria } = fieldAria(props)
  const postedName = listFieldName(name)

  function add() {
    const value = draft.trim()
    if (value && !items.includes(value)) setItems([...items, value])
    setDraft('')
  }

  function remove(item: string, event: MouseEvent<HTMLButtonElement>) {
    // The focused button disappears: move focus to the next item's remove button, else the
    // previous one, else the draft input, so keyboard users stay in the list (WCAG 2.4.3).
    const row = event.currentTarget.closest('li')
    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling
    const target = neighbour?.querySelector('button') ?? inputRef.current
    target?.focus()
    setItems(items.filter((i) => i !== item))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the item instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    }
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800">{label}</legend>
      {items.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-violet-100 px-3 py-1 text-sm text-violet-900"
            >
              <span className="truncate">{item}</span>
              <input type="hidden" name={postedName} value={item} />
              <button
                type="button"
                aria-label={`Retirer ${item}`}
                className="rounded-full p-0.5 hover:bg-violet-200"
                onClick={(event) => remove(item, event)}
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {inputLabel}
        </label>
        <input
          ref={inputRef}
          id={id}
          // Not posted when it repeats an item already in the list.
          name={items.includes(draft.trim()) ? undefined : postedName}
          type={type}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-500/40 aria-[invalid=true]:border-red-500"
          {...aria}
        />
        <button type="button" className={buttonStyles.secondary} onClick={add}>
          {addLabel}
        </button>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </fieldset>
  )
}

/** First error of a list field: "tags" itself or one of its items ("images.2"). */
export function listError(errors: Record<string, string>, name: string): string | undefined {
  if (errors[name]) return errors[name]
  const key = Object.keys(errors).find((k) => k.startsWith(`${name}.`))
  return key ? errors[key] : undefined
}

/** Stored or re-submitted list value as strings (a single string becomes one item). */
export function asList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
  if (typeof value === 'string' && value.trim() !== '') return [value.trim()]
  return []
}
