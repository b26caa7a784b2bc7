// The link of a 'Code oublié ?' e-mail (ADR 019): a valid, unused, unexpired
// token shows the new-password form; a reset ends every session and sends to /login.
import { data, Form, redirect } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '#app/domain/auth.ts'
import { formDataToObject, toFieldErrors } from '#app/domain/common.ts'
import { MAIL_TEXTS, ResetPasswordSchema } from '#app/domain/mail.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { findResetUser, resetPassword } from '#app/server/auth/password-reset.server.ts'
import { AuthFooterLink, AuthShell, FormError } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { NewPasswordFields } from '#app/ui/auth/password-field.tsx'
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
          <NewPasswordFields
            label="Nouveau code quantique"
            confirmLabel="Confirmer le code quantique"
            minLength={PASSWORD_MIN_LENGTH}
            errors={fields}
          />
          <SubmitButton>Enregistrer le nouveau code</SubmitButton>
        </Form>
      ) : (
        <FormError message={MAIL_TEXTS.resetInvalid} />
      )}
      <AuthFooterLink to="/forgot-password">Demander un nouveau lien</AuthFooterLink>
    </AuthShell>
  )
}
