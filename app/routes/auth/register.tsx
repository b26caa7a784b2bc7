// Sign-up page: every error text of the catalogue; new accounts are
// viewer/active (ADMIN_EMAIL: admin) and land on /admin.
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import {
  AUTH_TEXTS,
  PASSWORD_MIN_LENGTH,
  socialErrorFromQuery,
  RegisterSchema,
} from '#app/domain/auth.ts'
import { formDataToObject, MAX_LENGTH, toFieldErrors } from '#app/domain/common.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { findInvitation } from '#app/server/auth/invitations.server.ts'
import { preloadAuth } from '#app/server/auth/auth.server.ts'
import { registerWithPassword } from '#app/server/auth/password-auth.server.ts'
import { getUser } from '#app/server/repositories/users.server.ts'
import { AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SpinnerIcon } from '#app/ui/auth/icons.tsx'
import { PasswordField, TextField } from '#app/ui/auth/password-field.tsx'
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
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
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
        <TextField
          label="Nom"
          name="name"
          autoComplete="name"
          maxLength={MAX_LENGTH.short}
          defaultValue={actionData?.values.name ?? invitation?.name}
          error={fields.name}
        />
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
          defaultValue={actionData?.values.email ?? invitation?.email}
          readOnly={!!invitation?.token}
          error={fields.email}
        />
        <PasswordField
          label="Code quantique"
          name="password"
          autoComplete="new-password"
          error={fields.password}
        />
        <PasswordField
          label="Confirmer le code quantique"
          name="confirmPassword"
          autoComplete="new-password"
          error={fields.confirmPassword}
        />
        <p className="text-xs text-white/60">Au moins {PASSWORD_MIN_LENGTH} caractères.</p>
        <button
          type="submit"
          disabled={submitting}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 font-semibold hover:bg-purple-500 disabled:opacity-60"
        >
          {submitting ? <SpinnerIcon /> : null}
          Créer mon compte
        </button>
      </Form>
      <div className="my-6 flex items-center gap-3 text-xs text-white/60">
        <span className="h-px flex-1 bg-white/20" />
        ou
        <span className="h-px flex-1 bg-white/20" />
      </div>
      <SocialButtons
        from="register"
        configured={loaderData.providers}
        initialError={loaderData.socialError}
      />
      <p className="mt-6 text-center text-sm text-white/70">
        Déjà un compte ?{' '}
        <Link to="/login" className="font-semibold text-white underline">
          Se connecter
        </Link>
      </p>
    </AuthShell>
  )
}
