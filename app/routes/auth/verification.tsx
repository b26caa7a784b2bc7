// The second step of a sign-in (ADR 025): after the password form or the Google/Facebook
// popup, a user with two-factor sign-in types the code of their app or a recovery code.
import { data, Form, redirect } from 'react-router'
import { RETURN_PARAM, safeReturnPath } from '#app/domain/return-path.ts'
import { formDataToObject } from '#app/domain/common.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { SecondFactorSchema, TWO_FACTOR_TEXTS } from '#app/domain/two-factor.ts'
import { shippedVideo } from '#app/server/auth/page-assets.server.ts'
import { completeSignIn } from '#app/server/auth/second-factor.server.ts'
import { getCurrentSession, getPendingSecondFactor } from '#app/server/auth/session.server.ts'
import { keepRetryAfter } from '#app/server/http/request-body.server.ts'
import { AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { TextField } from '#app/ui/auth/password-field.tsx'
import type { Route } from './+types/verification'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Vérification en deux étapes')
}

/** Nothing to verify: a complete session goes on, no session signs in first. */
async function elsewhere(request: Request) {
  const current = await getCurrentSession(request)
  return redirect(current ? (current.user.role === 'admin' ? '/admin' : '/') : '/login')
}

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await getPendingSecondFactor(request)
  if (!pending) throw await elsewhere(request)
  return { video: shippedVideo('login-bg.webm'), email: pending.user.email }
}

// A 429 says how long the limit really holds (ADR 023).
export const headers = keepRetryAfter

export async function action({ request }: Route.ActionArgs) {
  const pending = await getPendingSecondFactor(request)
  if (!pending) throw await elsewhere(request)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return data({ error: TWO_FACTOR_TEXTS.codeRequired }, { status: 400 })
  }
  const parsed = SecondFactorSchema.safeParse(formDataToObject(form))
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeRequired },
      { status: 400 },
    )
  }
  const outcome = await completeSignIn(request, pending, parsed.data.code)
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.retryAfter
      ? { 'Retry-After': String(outcome.retryAfter) }
      : {}
    return data({ error: outcome.error }, { status: outcome.status, headers })
  }
  if (pending.user.role !== 'admin') return redirect('/')
  return redirect(safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM)) ?? '/admin')
}

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthShell
      title="Vérification en deux étapes"
      subtitle={`Connexion de ${loaderData.email}`}
      video={loaderData.video}
    >
      <Form method="post" className="space-y-4">
        <FormError message={actionData?.error} />
        <p className="text-sm text-white/80">
          Saisissez le code à 6 chiffres affiché par votre application d&apos;authentification, ou
          l&apos;un de vos codes de récupération.
        </p>
        <TextField
          label="Code de vérification"
          name="code"
          autoComplete="one-time-code"
          maxLength={64}
        />
        <SubmitButton>Vérifier</SubmitButton>
      </Form>
      <form method="post" action="/logout" className="mt-4 text-center">
        <button type="submit" className="text-sm text-white/80 underline hover:text-white">
          Annuler et se déconnecter
        </button>
      </form>
    </AuthShell>
  )
}
