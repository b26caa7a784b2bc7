// The link of a 'Code oublié ?' e-mail (ADR 019): a valid, unused, unexpired
// token shows the new-password form; a reset ends every session and sends to /login.
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '#app/domain/auth.ts'
import { formDataToObject, toFieldErrors } from '#app/domain/common.ts'
import { MAIL_TEXTS, ResetPasswordSchema } from '#app/domain/mail.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { findResetUser, resetPassword } from '#app/server/auth/password-reset.server.ts'
import { AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SpinnerIcon } from '#app/ui/auth/icons.tsx'
import { PasswordField } from '#app/ui/auth/password-field.tsx'
import type { Route } from './+types/reset-password'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Nouveau code')
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = token ? (await findResetUser(token)) !== undefined : false
  return { video: authPageData('login-bg.webm').video, token: valid ? token : undefined }
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form reads as an empty one (a French error, never a 500).
  const values = formDataToObject(await request.formData().catch(() => new FormData()))
  const parsed = ResetPasswordSchema.safeParse(values)
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error)
    return data(
      { error: fields.token ? MAIL_TEXTS.resetInvalid : undefined, fields },
      { status: 400 },
    )
  }
  const outcome = await resetPassword(request, parsed.data.token, parsed.data.password)
  if (!outcome.ok) return data({ error: outcome.error, fields: {} }, { status: outcome.status })
  return redirect('/login?reset=1')
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const fields: Record<string, string | undefined> = actionData?.fields ?? {}
  return (
    <AuthShell
      title="Nouveau code"
      subtitle="Choisissez un nouveau code quantique"
      video={loaderData.video}
    >
      {loaderData.token ? (
        <Form method="post" className="space-y-4">
          <FormError message={actionData?.error} />
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField
            label="Nouveau code quantique"
            name="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            error={fields.password}
          />
          <PasswordField
            label="Confirmez le code quantique"
            name="confirmPassword"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            error={fields.confirmPassword}
          />
          <button
            type="submit"
            disabled={submitting}
            className="flex w-full items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 font-semibold hover:bg-purple-500 disabled:opacity-60"
          >
            {submitting ? <SpinnerIcon /> : null}
            Enregistrer le nouveau code
          </button>
        </Form>
      ) : (
        <FormError message={MAIL_TEXTS.resetInvalid} />
      )}
      <p className="mt-6 text-center text-sm text-white/70">
        <Link to="/forgot-password" className="font-semibold text-white underline">
          Demander un nouveau lien
        </Link>
      </p>
    </AuthShell>
  )
}
