// /setup/:token — the one-time page that creates the first admin (ADR 010). The link is
// printed at start-up while no active admin exists; it works once and expires.
import { data, Form, redirect } from 'react-router'
import { SetupAdminSchema } from '#app/domain/auth.ts'
import { formDataToObject, toFieldErrors } from '#app/domain/common.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { getClientIp } from '#app/server/http/client-ip.server.ts'
import {
  consumeSetupToken,
  isSetupTokenValid,
  promoteToAdmin,
} from '#app/server/auth/first-admin.server.ts'
import { registerWithPassword } from '#app/server/auth/password-auth.server.ts'
import { hit, retryAfterHeader } from '#app/server/rate-limit/rate-limit.server.ts'
import { SETUP_RATE_LIMIT } from '#app/server/rate-limit/rate-limit-rules.server.ts'
import {
  keepRetryAfter,
  readFormData,
  retryAfterHeaders,
} from '#app/server/http/request-body.server.ts'
import { AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { EmailField, NameField, NewPasswordFields } from '#app/ui/auth/password-field.tsx'
import { privatePageMeta } from '#app/domain/seo.ts'
import type { Route } from './+types/setup'

const INVALID_LINK = 'Ce lien de configuration est invalide, a déjà servi ou a expiré.'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Premier administrateur')
}

export async function loader({ params }: Route.LoaderArgs) {
  if (!(await isSetupTokenValid(params.token))) throw data(INVALID_LINK, { status: 404 })
  return null
}

// A 429 says how long the limit really holds (ADR 023).
export const headers = keepRetryAfter

export async function action({ request, params }: Route.ActionArgs) {
  const ip = getClientIp(request)
  if (!(await hit(`setup:ip:${ip}`, SETUP_RATE_LIMIT, Date.now(), { owner: ip }))) {
    throw data('Trop de tentatives. Veuillez réessayer dans quelques minutes.', {
      status: 429,
      headers: { 'Retry-After': await retryAfterHeader(`setup:ip:${ip}`) },
    })
  }
  if (!(await isSetupTokenValid(params.token))) throw data(INVALID_LINK, { status: 404 })
  const values = formDataToObject(await readFormData(request))
  const kept = { name: String(values.name ?? ''), email: String(values.email ?? '') }
  const parsed = SetupAdminSchema.safeParse(values)
  if (!parsed.success) {
    return data(
      { error: undefined, fields: toFieldErrors(parsed.error), values: kept },
      { status: 400 },
    )
  }
  const outcome = await registerWithPassword(request, parsed.data, { operatorVouches: true })
  if (!outcome.ok) {
    return data(
      { error: outcome.error, fields: {}, values: kept },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    )
  }
  // Single use: only the request that consumes the token promotes its account.
  if (!(await consumeSetupToken(params.token, Date.now(), outcome.userId))) {
    throw data(INVALID_LINK, { status: 404 })
  }
  await promoteToAdmin(outcome.userId, { emailProven: true })
  await recordActivity(request, {
    actor: { id: outcome.userId, email: parsed.data.email },
    action: 'update',
    resourceType: 'user',
    resourceId: outcome.userId,
    resourceName: parsed.data.email,
    details: 'Premier administrateur créé par le lien de configuration',
  })
  return redirect('/admin', { headers: outcome.headers })
}

export default function SetupPage({ actionData }: Route.ComponentProps) {
  const fields: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthShell
      title="Premier administrateur"
      subtitle="Créez le compte qui administrera le portfolio"
      video={null}
    >
      <Form method="post" className="space-y-4">
        <FormError message={actionData?.error} />
        <NameField defaultValue={actionData?.values.name} error={fields.name} />
        <EmailField defaultValue={actionData?.values.email} error={fields.email} />
        <NewPasswordFields
          label="Code quantique"
          confirmLabel="Confirmer le code quantique"
          errors={fields}
        />
        <SubmitButton>Créer l'administrateur</SubmitButton>
      </Form>
    </AuthShell>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === 'object' && 'data' in error && typeof error.data === 'string'
      ? error.data
      : INVALID_LINK
  return (
    <AuthShell title="Premier administrateur" video={null}>
      <p role="alert">{message}</p>
    </AuthShell>
  )
}
