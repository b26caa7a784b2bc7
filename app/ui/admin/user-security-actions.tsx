// Admin › Users: end every session of a user, reset their two-factor sign-in (ADR 025).
import { Form } from 'react-router'
import { LogOut, ShieldOff, type LucideIcon } from 'lucide-react'

export function UserSecurityActions(props: { id: string; name: string; hasTwoFactor: boolean }) {
  return (
    <>
      <UserActionButton
        id={props.id}
        intent="end-sessions"
        label={`Terminer toutes les sessions de ${props.name}`}
        title="Terminer toutes les sessions"
        icon={LogOut}
      />
      {props.hasTwoFactor ? (
        <UserActionButton
          id={props.id}
          intent="reset-2fa"
          label={`Réinitialiser la double authentification de ${props.name}`}
          title="Réinitialiser la double authentification"
          icon={ShieldOff}
        />
      ) : null}
    </>
  )
}

/** One icon button posting `intent` for the user `id`. */
function UserActionButton(props: {
  id: string
  intent: string
  label: string
  title: string
  icon: LucideIcon
}) {
  const Icon = props.icon
  return (
    <Form method="post">
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        name="intent"
        value={props.intent}
        aria-label={props.label}
        title={props.title}
        className="rounded-md p-2 text-zinc-700 hover:bg-zinc-100"
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </Form>
  )
}
