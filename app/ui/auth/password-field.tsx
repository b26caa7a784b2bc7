// Password input with a show/hide toggle. Without JavaScript it is a plain
// password field; the toggle only acts once hydrated.
import { useId, useState } from 'react'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

export function PasswordField(props: {
  label: string
  name: string
  autoComplete: 'current-password' | 'new-password'
  error?: string
  minLength?: number
}) {
  const id = useId()
  const errorId = `${id}-error`
  const [visible, setVisible] = useState(false)
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-white/90">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={props.name}
          type={visible ? 'text' : 'password'}
          required
          minLength={props.minLength}
          maxLength={MAX_LENGTH.password}
          autoComplete={props.autoComplete}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
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
      {props.error ? (
        <p id={errorId} className="text-sm text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
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
  const errorId = `${id}-error`
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-white/90">
        {props.label}
      </label>
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
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-white placeholder-white/50 focus:border-white/60 focus:outline-none"
      />
      {props.error ? (
        <p id={errorId} className="text-sm text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
