// Admin › Users: end every session of a user, reset their two-factor sign-in (ADR 025).
import { Form } from 'react-router'
import { LogOut, ShieldOff } from 'lucide-react'

export function UserSecurityActions(props: { id: string; name: string; hasTwoFactor: boolean }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="id" value={props.id} />
        <button
          type="submit"
          name="intent"
          value="end-sessions"
          aria-label={`Terminer toutes les sessions de ${props.name}`}
          title="Terminer toutes les sessions"
          className="rounded-md p-2 text-zinc-700 hover:bg-zinc-100"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
        </button>
      </Form>
      {props.hasTwoFactor ? (
        <Form method="post">
          <input type="hidden" name="id" value={props.id} />
          <button
            type="submit"
            name="intent"
            value="reset-2fa"
            aria-label={`Réinitialiser la double authentification de ${props.name}`}
            title="Réinitialiser la double authentification"
            className="rounded-md p-2 text-zinc-700 hover:bg-zinc-100"
          >
            <ShieldOff className="h-4 w-4" aria-hidden="true" />
          </button>
        </Form>
      ) : null}
    </>
  )
}
