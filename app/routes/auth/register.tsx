// Sign-up page: every error text of the catalogue; new accounts are
// viewer/active (ADMIN_EMAIL: admin) and land on /admin.
import { data, Form, redirect } from 'react-router'
import {
  AUTH_TEXTS,
  PASSWORD_MIN_LENGTH,
  socialErrorFromQuery,
  RegisterSchema,
} from '#app/domain/auth.ts'
import { formDataToObject, toFieldErrors } from '#app/domain/common.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { findInvitation } from '#app/server/auth/invitations.server.ts'
import { preloadAuth } from '#app/server/auth/auth.server.ts'
import { registerWithPassword } from '#app/server/auth/password-auth.server.ts'
import { getUser } from '#app/server/repositories/users.server.ts'
import { AuthFooterLink, AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { EmailField, NameField, NewPasswordFields } from '#app/ui/auth/password-field.tsx'
import { SocialButtons } from '#app/ui/auth/social-sign-in.tsx'
import { privatePageMeta } from '#app/domain/seo.ts'
import {
  keepRetryAfter,
  readFormData,
  retryAfterHeaders,
} from '#app/server/http/request-body.server.ts'
import type { Route } from './+types/register'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Inscription')
}

export async function loader({ request }: Route.LoaderArgs) {
  // Better Auth loads while the visitor types (ADR 037): the submission does not wait.
  preloadAuth()
  const url = new URL(request.url)
  const error = url.searchParams.get('error')
  // An invitation link from the Users tab (ADR 015): the form claims that pre-created user.
  const token = url.searchParams.get('invitation')
  const invitedId = token ? await findInvitation(token) : undefined
  const invited = invitedId ? await getUser(invitedId) : undefined
  const invitation = token
    ? invited
      ? { token, name: invited.name, email: invited.email, error: undefined }
      : { token: undefined, name: '', email: '', error: AUTH_TEXTS.invitationInvalid }
    : undefined
  const socialError = socialErrorFromQuery(error, 'register')
  return { ...authPageData('register-bg.webm'), socialError, invitation }
}

// A 429 says how long the limit really holds (ADR 023).
export const headers = keepRetryAfter

export async function action({ request }: Route.ActionArgs) {
  const values = formDataToObject(await readFormData(request))
  const parsed = RegisterSchema.safeParse(values)
  const kept = { name: String(values.name ?? ''), email: String(values.email ?? '') }
  if (!parsed.success) {
    return data(
      { error: undefined, fields: toFieldErrors(parsed.error), values: kept },
      { status: 400 },
    )
  }
  const invitation = typeof values.invitation === 'string' ? values.invitation : undefined
  const outcome = await registerWithPassword(request, parsed.data, { invitation })
  if (!outcome.ok) {
    return data(
      { error: outcome.error, fields: {}, values: kept },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    )
  }
  return redirect('/admin', { headers: outcome.headers })
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const fields: Record<string, string> = actionData?.fields ?? {}
  const { invitation } = loaderData
  return (
    <AuthShell title="Inscription" subtitle="Ouvrez votre portail" video={loaderData.video}>
      <Form method="post" className="space-y-4">
        <FormError message={actionData?.error ?? invitation?.error} />
        {invitation?.token ? (
          <>
            <p role="status" className="rounded-lg bg-white/10 px-3 py-2 text-sm text-white/90">
              Invitation pour {invitation.email} : choisissez votre code quantique.
            </p>
            <input type="hidden" name="invitation" value={invitation.token} />
          </>
        ) : null}
        <NameField defaultValue={actionData?.values.name ?? invitation?.name} error={fields.name} />
        <EmailField
          defaultValue={actionData?.values.email ?? invitation?.email}
          readOnly={!!invitation?.token}
          error={fields.email}
        />
        <NewPasswordFields
          label="Code quantique"
          confirmLabel="Confirmer le code quantique"
          errors={fields}
        />
        <p className="text-xs text-white/60">Au moins {PASSWORD_MIN_LENGTH} caractères.</p>
        <SubmitButton>Créer mon compte</SubmitButton>
      </Form>
      <SocialButtons
        from="register"
        configured={loaderData.providers}
        initialError={loaderData.socialError}
      />
      <AuthFooterLink question="Déjà un compte ?" to="/login">
        Se connecter
      </AuthFooterLink>
    </AuthShell>
  )
}
