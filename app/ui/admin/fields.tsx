// Form fields for admin forms: label, control and the French error next to it
// (aria-invalid + aria-describedby), uncontrolled so forms work without JavaScript.
import { useState, type ReactNode } from 'react'
import type { FieldErrors } from '#app/domain/common.ts'

/** Common props of every field: `name` is the form key, `error` the French message. */
export interface FieldProps {
  name: string
  label: string
  error?: string
  hint?: string
  required?: boolean
  /** Id of the control; defaults to `field-<name>`. */
  id?: string
}

const controlClass =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ' +
  'focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-500/40 ' +
  'aria-[invalid=true]:border-red-500'

/** Ids and ARIA attributes for a control with an optional hint and error. */
export function fieldAria(props: FieldProps) {
  const id = props.id ?? `field-${props.name.replace(/[^\w-]/g, '-')}`
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [props.error ? errorId : '', props.hint ? hintId : '']
    .filter(Boolean)
    .join(' ')
  return {
    id,
    errorId,
    hintId,
    aria: {
      'aria-invalid': props.error ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
      'aria-required': props.required || undefined,
    },
  }
}

/** Label + control + hint + error; use for custom controls (pass the control as children). */
export function FieldShell(props: FieldProps & { children: ReactNode; className?: string }) {
  const { id, errorId, hintId } = fieldAria(props)
  return (
    <div className={props.className ?? 'flex flex-col gap-1'}>
      {/* The asterisk sits beside the label, not in it: seen, not read (the control says
          it is required), and the label's text stays the field's name. */}
      <div className="flex items-baseline">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {props.label}
        </label>
        {props.required ? <RequiredMark /> : null}
      </div>
      {props.children}
      <FieldNotes hintId={hintId} hint={props.hint} errorId={errorId} error={props.error} />
    </div>
  )
}

/** The asterisk of a required field, explained once above the form (RequiredNote). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  )
}

/** Said once per form: what the asterisk means. */
export function RequiredNote() {
  return (
    <p className="mb-4 text-xs text-zinc-600">
      Les champs marqués d’un astérisque (<RequiredMark />) sont obligatoires.
    </p>
  )
}

/**
 * A select's options: first the empty choice `none` (« Tous les types », « Choisir un type »),
 * then each value under its French label.
 */
export function optionsWithNone<T extends string>(
  none: string,
  values: readonly T[],
  labels: Record<T, string>,
): { value: string; label: string }[] {
  return [{ value: '', label: none }, ...values.map((v) => ({ value: v, label: labels[v] }))]
}

/**
 * Binds a form's fields to what was typed before a refused save (else the stored value) and to
 * their errors, the name written once: `<TextField {...field('email', user?.email)} … />`.
 */
export function fieldBinder(typed: Record<string, unknown> | undefined, errors: FieldErrors) {
  return (name: string, stored: string | undefined) => ({
    name,
    defaultValue:
      typed && typeof typed[name] === 'string' ? (typed[name] as string) : (stored ?? ''),
    error: errors[name],
  })
}

/** A field's hint and error under its control, with the ids its aria-describedby names. */
export function FieldNotes(props: {
  hintId: string
  hint?: ReactNode
  errorId: string
  error?: string
}) {
  return (
    <>
      {props.hint ? (
        <p id={props.hintId} className="text-xs text-zinc-500">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={props.errorId} error={props.error} />
    </>
  )
}

/** The French error message of a field (renders nothing without an error). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="text-sm text-red-600">
      {error}
    </p>
  )
}

/**
 * A field's props split between its shell (label, hint, error) and its control (id, name,
 * ARIA and the control's own attributes, which may override the class).
 */
function shellAndControl<Extras extends object>(props: FieldProps & Extras) {
  const { name, label, error, hint, required, id: _id, ...rest } = props
  const { id, aria } = fieldAria(props)
  return {
    shell: { name, label, error, hint, required, id },
    control: { id, name, required, className: controlClass, ...aria, ...rest },
  }
}

type InputExtras = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'required'>

/** Single-line input (text, url, email, number…). */
export function TextField(props: FieldProps & InputExtras) {
  const { shell, control } = shellAndControl(props)
  return (
    <FieldShell {...shell}>
      <input type="text" {...control} />
    </FieldShell>
  )
}

/** A whole number (a numeric keyboard on phones). */
export function WholeNumberField(props: FieldProps & InputExtras) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />
}

/** A position in a list ('Ordre'). */
export function OrderField(props: Omit<FieldProps, 'label'> & InputExtras) {
  return <WholeNumberField label="Ordre" {...props} />
}

type TextAreaExtras = Omit<
  React.TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'id' | 'required'
>

/** Multi-line text. */
export function TextAreaField(props: FieldProps & TextAreaExtras) {
  const { shell, control } = shellAndControl(props)
  return (
    <FieldShell {...shell}>
      <textarea rows={4} {...control} />
    </FieldShell>
  )
}

type SelectExtras = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'required'>

/** Native select with French option labels. */
export function SelectField(
  props: FieldProps & SelectExtras & { options: readonly { value: string; label: string }[] },
) {
  const { options, ...field } = props
  const { shell, control } = shellAndControl(field)
  return (
    <FieldShell {...shell}>
      <select {...control}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** Checkbox posting "on" when checked (read by `boolField`). */
export function CheckboxField(props: FieldProps & InputExtras) {
  const { name, label, error, hint, required: _r, id: _id, ...rest } = props
  const { id, errorId, hintId, aria } = fieldAria(props)
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="h-4 w-4 rounded border-zinc-300 accent-violet-600"
          {...aria}
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-zinc-800">
          {label}
        </label>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  )
}

/** Groups fields in a responsive two-column grid. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>
}

/** Hex colour as text (validated by the schema) with a synced native colour picker. */
export function ColorField(props: FieldProps & { defaultValue: string }) {
  const { name, label, error, hint, required, defaultValue } = props
  const { id, aria } = fieldAria(props)
  const [value, setValue] = useState(defaultValue)
  const pickerValue = /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'
  return (
    <FieldShell name={name} label={label} error={error} hint={hint} required={required} id={id}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} (sélecteur)`}
          value={pickerValue}
          onChange={(event) => setValue(event.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded border border-zinc-300 bg-white"
        />
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          required={required}
          placeholder="#8b5cf6"
          className={controlClass}
          {...aria}
        />
      </div>
    </FieldShell>
  )
}

/** Form value as text for `defaultValue` (numbers stringified, anything else ''). */
export function textValue(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/**
 * Initial value of a field: what the admin typed when the last save failed (`typed`), else
 * the stored value (`stored`), else ''.
 */
export function initialValue(
  typed: Record<string, unknown> | undefined,
  key: string,
  stored: unknown,
): string {
  return typed ? textValue(typed[key]) : textValue(stored)
}
