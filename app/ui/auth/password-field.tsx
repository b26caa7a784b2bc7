// Password input with a show/hide toggle. Without JavaScript it is a plain
// password field; the toggle only acts once hydrated.
import { useId, useState } from 'react'
import { MAX_LENGTH } from '#app/domain/limits.ts'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

const errorIdOf = (id: string) => `${id}-error`

/** An input's invalid state, tied to the error shown under it. */
function errorAttributes(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(id) : undefined,
  }
}

/** The label above an auth field's input and its error below it. */
function FieldFrame(props: {
  id: string
  label: string
  error: string | undefined
  children: React.ReactNode
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-white/90">
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p id={errorIdOf(props.id)} className="text-sm text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

export function PasswordField(props: {
  label: string
  name: string
  autoComplete: 'current-password' | 'new-password'
  error?: string
  minLength?: number
}) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  return (
    <FieldFrame id={id} label={props.label} error={props.error}>
      <div className="relative">
        <input
          id={id}
          name={props.name}
          type={visible ? 'text' : 'password'}
          required
          minLength={props.minLength}
          maxLength={MAX_LENGTH.password}
          autoComplete={props.autoComplete}
          {...errorAttributes(id, props.error)}
          className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 pr-11 text-white placeholder-white/50 focus:border-white/60 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Masquer : ${props.label}` : `Afficher : ${props.label}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-white/70 hover:text-white"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  )
}

export function TextField(props: {
  label: string
  name: string
  type?: 'text' | 'email'
  autoComplete?: string
  error?: string
  defaultValue?: string
  maxLength?: number
  readOnly?: boolean
  inputRef?: React.Ref<HTMLInputElement>
}) {
  const id = useId()
  return (
    <FieldFrame id={id} label={props.label} error={props.error}>
      <input
        id={id}
        ref={props.inputRef}
        name={props.name}
        type={props.type ?? 'text'}
        required
        maxLength={props.maxLength}
        defaultValue={props.defaultValue}
        readOnly={props.readOnly}
        autoComplete={props.autoComplete}
        {...errorAttributes(id, props.error)}
        className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-white placeholder-white/50 focus:border-white/60 focus:outline-none"
      />
    </FieldFrame>
  )
}

/** A new password and its confirmation (account creation, reset). */
export function NewPasswordFields(props: {
  label: string
  confirmLabel: string
  errors: Record<string, string | undefined>
  minLength?: number
}) {
  const fields = [
    { label: props.label, name: 'password' },
    { label: props.confirmLabel, name: 'confirmPassword' },
  ] as const
  return fields.map(({ label, name }) => (
    <PasswordField
      key={name}
      label={label}
      name={name}
      autoComplete="new-password"
      minLength={props.minLength}
      error={props.errors[name]}
    />
  ))
}

type PresetFieldProps = Omit<
  React.ComponentProps<typeof TextField>,
  'label' | 'name' | 'type' | 'autoComplete' | 'maxLength'
>

/** The account's e-mail address. */
export function EmailField(props: PresetFieldProps) {
  return (
    <TextField
      label="Adresse e-mail"
      name="email"
      type="email"
      autoComplete="email"
      maxLength={MAX_LENGTH.email}
      {...props}
    />
  )
}

/** The account's display name. */
export function NameField(props: PresetFieldProps) {
  return (
    <TextField
      label="Nom"
      name="name"
      autoComplete="name"
      maxLength={MAX_LENGTH.short}
      {...props}
    />
  )
}
