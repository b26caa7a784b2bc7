// 'Code oublié ?' (ADR 019; the original site's button did nothing): asks
// for the address and e-mails a single-use, 30-minute link. The answer never says whether
// the address has an account. A plain form: works without JavaScript.
import { data, Form } from 'react-router'
import { formDataToObject, MAX_LENGTH, toFieldErrors } from '#app/domain/common.ts'
import { ForgotPasswordSchema } from '#app/domain/mail.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { requestPasswordReset } from '#app/server/auth/password-reset.server.ts'
import { AuthFooterLink, AuthShell, FormError, StatusNotice } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { EmailField } from '#app/ui/auth/password-field.tsx'
import type { Route } from './+types/forgot-password'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Code oublié')
}

export function loader() {
  return { video: authPageData('login-bg.webm').video }
}

export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form reads as an empty one (a French error, never a 500).
  const values = formDataToObject(await request.formData().catch(() => new FormData()))
  const email = typeof values.email === 'string' ? values.email.slice(0, MAX_LENGTH.email) : ''
  const parsed = ForgotPasswordSchema.safeParse(values)
  if (!parsed.success)
    return data(
      { sent: undefined, error: toFieldErrors(parsed.error).email, email },
      { status: 400 },
    )
  const outcome = await requestPasswordReset(request, parsed.data.email)
  if (!outcome.ok)
    return data({ sent: undefined, error: outcome.error, email }, { status: outcome.status })
  return { sent: outcome.message, error: undefined, email }
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthShell
      title="Code oublié ?"
      subtitle="Recevez par e-mail un lien pour choisir un nouveau code"
      video={loaderData.video}
    >
      {actionData?.sent ? (
        <StatusNotice>{actionData.sent}</StatusNotice>
      ) : (
        <Form method="post" className="space-y-4">
          <FormError message={actionData?.error} />
          <EmailField defaultValue={actionData?.email} />
          <SubmitButton>Envoyer le lien</SubmitButton>
        </Form>
      )}
      <AuthFooterLink to="/login">Retour à la connexion</AuthFooterLink>
    </AuthShell>
  )
}
