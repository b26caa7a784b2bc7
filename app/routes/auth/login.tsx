// Sign-in page. Works without JavaScript (the action
// signs in), then enhances: show/hide password, remembered e-mail, popup social sign-in.
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { RETURN_PARAM, safeReturnPath } from '#app/domain/return-path.ts'
import {
  AUTH_TEXTS,
  LoginSchema,
  REMEMBERED_EMAIL_KEY,
  socialErrorFromQuery,
} from '#app/domain/auth.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { formDataToObject, MAX_LENGTH, toFieldErrors } from '#app/domain/common.ts'
import { authPageData } from '#app/server/auth/page-assets.server.ts'
import { preloadAuth } from '#app/server/auth/auth.server.ts'
import { signInWithPassword } from '#app/server/auth/password-auth.server.ts'
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
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
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
        {loaderData.notice && !actionData ? (
          <p
            role="status"
            className="rounded-lg border border-green-400/40 bg-green-500/20 px-3 py-2 text-sm text-green-50"
          >
            {loaderData.notice}
          </p>
        ) : null}
        <TextField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
          inputRef={emailRef}
        />
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
        <button
          type="submit"
          disabled={submitting}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 font-semibold hover:bg-purple-500 disabled:opacity-60"
        >
          {submitting ? <SpinnerIcon /> : null}
          Se connecter
        </button>
      </Form>
      <div className="my-6 flex items-center gap-3 text-xs text-white/60">
        <span className="h-px flex-1 bg-white/20" />
        ou
        <span className="h-px flex-1 bg-white/20" />
      </div>
      <SocialButtons
        from="login"
        configured={loaderData.providers}
        initialError={loaderData.socialError}
      />
      <p className="mt-6 text-center text-sm text-white/70">
        Pas encore de compte ?{' '}
        <Link to="/register" className="font-semibold text-white underline">
          Créer un compte
        </Link>
      </p>
    </AuthShell>
  )
}
