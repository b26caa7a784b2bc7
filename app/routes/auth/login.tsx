// Sign-in page. Works without JavaScript (the action
// signs in), then enhances: show/hide password, remembered e-mail, popup social sign-in.
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect } from 'react-router'
import { RETURN_PARAM, safeReturnPath } from '#app/domain/return-path.ts'
import {
  AUTH_TEXTS,
  LoginSchema,
  REMEMBERED_EMAIL_KEY,
  socialErrorFromQuery,
} from '#app/domain/auth.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { formDataToObject, toFieldErrors } from '#app/domain/common.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { preloadAuth } from '#app/server/auth/auth.server.ts'
import { signInWithPassword } from '#app/server/auth/password-auth.server.ts'
import { AuthFooterLink, AuthShell, FormError, StatusNotice } from '#app/ui/auth/auth-shell.tsx'
import { SubmitButton } from '#app/ui/auth/submit-button.tsx'
import { EmailField, PasswordField } from '#app/ui/auth/password-field.tsx'
import { SocialButtons } from '#app/ui/auth/social-sign-in.tsx'
import { privatePageMeta } from '#app/domain/seo.ts'
import {
  keepRetryAfter,
  readFormData,
  retryAfterHeaders,
} from '#app/server/http/request-body.server.ts'
import type { Route } from './+types/login'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Connexion')
}

export function loader({ request }: Route.LoaderArgs) {
  // Better Auth loads while the visitor types (ADR 037): the submission does not wait.
  preloadAuth()
  const params = new URL(request.url).searchParams
  const socialError = socialErrorFromQuery(params.get('error'), 'login')
  // After 'Code oublié ?' (ADR 019).
  const notice = params.get('reset') === '1' ? MAIL_TEXTS.resetDone : undefined
  return { ...authPageData('login-bg.webm'), socialError, notice }
}

// A 429 says how long the limit really holds (ADR 023).
export const headers = keepRetryAfter

export async function action({ request }: Route.ActionArgs) {
  const parsed = LoginSchema.safeParse(formDataToObject(await readFormData(request)))
  if (!parsed.success) {
    // Whatever was wrong, one message (never reveal what failed: no account oracle).
    const fields = toFieldErrors(parsed.error)
    return data({ error: AUTH_TEXTS.loginFailed, fields }, { status: 400 })
  }
  const outcome = await signInWithPassword(request, parsed.data)
  if (!outcome.ok)
    return data(
      { error: outcome.error, fields: {} },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    )
  // Back to the admin page asked for before signing in, if any (the hub checks the role).
  const back = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM))
  return redirect(back ?? '/admin', { headers: outcome.headers })
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const emailRef = useRef<HTMLInputElement>(null)
  const [remember, setRemember] = useState(false)

  // 'Ancrage temporel': prefill the remembered e-mail once hydrated.
  useEffect(() => {
    const stored = window.localStorage.getItem(REMEMBERED_EMAIL_KEY)
    if (stored) {
      if (emailRef.current && !emailRef.current.value) emailRef.current.value = stored
      setRemember(true)
    }
  }, [])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (remember && email) window.localStorage.setItem(REMEMBERED_EMAIL_KEY, email)
    else window.localStorage.removeItem(REMEMBERED_EMAIL_KEY)
  }

  return (
    <AuthShell title="Connexion" subtitle="Accédez à votre espace" video={loaderData.video}>
      <Form method="post" className="space-y-4" onSubmit={onSubmit} noValidate={false}>
        <FormError message={actionData?.error} />
        {loaderData.notice && !actionData ? <StatusNotice>{loaderData.notice}</StatusNotice> : null}
        <EmailField inputRef={emailRef} />
        <PasswordField label="Code quantique" name="password" autoComplete="current-password" />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              className="size-4 accent-purple-500"
            />
            Ancrage temporel
          </label>
          {/* A working reset link (ADR 019); the original site's button did nothing. */}
          <Link to="/forgot-password" className="text-white/80 underline hover:text-white">
            Code oublié ?
          </Link>
        </div>
        <SubmitButton>Se connecter</SubmitButton>
      </Form>
      <SocialButtons
        from="login"
        configured={loaderData.providers}
        initialError={loaderData.socialError}
      />
      <AuthFooterLink question="Pas encore de compte ?" to="/register">
        Créer un compte
      </AuthFooterLink>
    </AuthShell>
  )
}
