// Buttons and button-looking links shared by the admin tabs.
import type { ReactNode } from 'react'
import { Link, useNavigation, type LinkProps } from 'react-router'
import { Spinner } from './spinner.tsx'

export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-violet-600 px-4 py-2 text-sm font-medium text-white hover:bg-violet-700 disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60',
  ghost:
    'inline-flex items-center justify-center gap-1 rounded-md px-2 py-1 text-sm text-zinc-700 hover:bg-zinc-100 disabled:opacity-40',
} as const

/**
 * Submit button with a spinner while its form is being submitted. `intent` (optional) is
 * posted as the `intent` field and narrows the busy state to that intent.
 */
export function SubmitButton({
  children,
  intent,
  pendingLabel,
  variant = 'primary',
  className,
}: {
  children: ReactNode
  intent?: string
  /** Text shown while saving (defaults to the children). */
  pendingLabel?: ReactNode
  variant?: keyof typeof buttonStyles
  className?: string
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent)
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      disabled={busy}
      aria-busy={busy || undefined}
      className={className ?? buttonStyles[variant]}
    >
      {busy ? <Spinner /> : null}
      {busy && pendingLabel ? pendingLabel : children}
    </button>
  )
}

/** A link styled as a button (add, edit, cancel…). */
export function ButtonLink({
  variant = 'secondary',
  className,
  ...props
}: LinkProps & { variant?: keyof typeof buttonStyles }) {
  return <Link className={className ?? buttonStyles[variant]} {...props} />
}
