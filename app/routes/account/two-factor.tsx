// /compte/double-authentification — enrolment in two-factor sign-in (ADR 025): scan the QR
// code (an inline SVG made on the server), type a first code, note the recovery codes.
import { data, Form, Link, redirect } from 'react-router'
import { formDataToObject } from '#app/domain/common.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { ACCOUNT_PATH, TotpCodeSchema, TWO_FACTOR_TEXTS } from '#app/domain/two-factor.ts'
import { recordOwnAccountActivity } from '#app/server/activity/activity.server.ts'
import { requireUser } from '#app/server/auth/guard.server.ts'
import { enrolmentLimited, countEnrolmentFailure } from '#app/server/auth/second-factor.server.ts'
import { getCurrentSession } from '#app/server/auth/session.server.ts'
import { otpauthUri } from '#app/server/auth/totp.server.ts'
import { confirmEnrolment, pendingEnrolmentSecret } from '#app/server/auth/two-factor.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import {
  AccountShell,
  LabelledInput,
  Notice,
  Panel,
  primaryButton,
  RecoveryCodes,
} from '#app/ui/account/account-ui.tsx'
import type { Route } from './+types/two-factor'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Double authentification')
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const isAdmin = user.role === 'admin'
  const secret = await pendingEnrolmentSecret(user.id)
  // Already on (also right after the enrolment, when the page revalidates under the
  // recovery codes): nothing to scan.
  if (!secret) return { isAdmin, enabled: true as const }
  const issuer = (await getSiteSettings()).siteName || 'Vitrine'
  const uri = otpauthUri({ secret, account: user.email, issuer })
  // qrcode loaded only when someone enrols (ADR 030).
  const { default: QRCode } = await import('qrcode')
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return {
    isAdmin,
    enabled: false as const,
    required: new URL(request.url).searchParams.get('obligatoire') === '1',
    secret: secret.match(/.{1,4}/g)?.join(' ') ?? secret,
    qrSvg,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const current = await getCurrentSession(request)
  if (!current) throw redirect('/login')
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return data({ error: TWO_FACTOR_TEXTS.codeRequired, codes: null }, { status: 400 })
  }
  const parsed = TotpCodeSchema.safeParse(formDataToObject(form))
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeRequired
    return data({ error, codes: null }, { status: 400 })
  }
  if (await enrolmentLimited(request, user.id)) {
    return data({ error: TWO_FACTOR_TEXTS.tooManyAttempts, codes: null }, { status: 429 })
  }
  const codes = await confirmEnrolment(user.id, current.session.id, parsed.data.code)
  if (!codes) {
    await countEnrolmentFailure(request, user.id)
    return data({ error: TWO_FACTOR_TEXTS.codeInvalid, codes: null }, { status: 400 })
  }
  await recordOwnAccountActivity(request, user, 'update', 'Double authentification activée')
  return { error: null, codes }
}

export default function TwoFactorEnrolment({ loaderData, actionData }: Route.ComponentProps) {
  const { isAdmin } = loaderData
  if (actionData?.codes) {
    return (
      <AccountShell title="Double authentification" isAdmin={isAdmin}>
        <Panel title="Double authentification activée">
          <RecoveryCodes codes={actionData.codes} />
          <p className="mt-4">
            <Link to={isAdmin ? '/admin' : ACCOUNT_PATH} className={primaryButton}>
              J&apos;ai noté mes codes, continuer
            </Link>
          </p>
        </Panel>
      </AccountShell>
    )
  }
  if (loaderData.enabled) {
    return (
      <AccountShell title="Double authentification" isAdmin={isAdmin}>
        <Notice kind="info">{TWO_FACTOR_TEXTS.alreadyEnabled}</Notice>
        <p>
          <Link to={ACCOUNT_PATH} className={`inline-block ${primaryButton}`}>
            Retour à mon compte
          </Link>
        </p>
      </AccountShell>
    )
  }
  const { required, secret, qrSvg } = loaderData
  return (
    <AccountShell title="Double authentification" isAdmin={isAdmin}>
      {required ? <Notice kind="info">{TWO_FACTOR_TEXTS.enrolRequired}</Notice> : null}
      <Panel title="Activer la double authentification">
        <ol className="list-decimal space-y-4 pl-5">
          <li>
            Scannez ce QR code avec une application d&apos;authentification (par exemple Aegis,
            FreeOTP, Google Authenticator ou 1Password).
            <div
              role="img"
              aria-label="QR code à scanner avec votre application d'authentification"
              className="mt-3 w-48 rounded-lg bg-white p-2"
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
          </li>
          <li>
            Ou saisissez cette clé dans l&apos;application :{' '}
            <code data-testid="totp-secret" className="rounded bg-white/10 px-2 py-1 font-mono">
              {secret}
            </code>
          </li>
          <li>
            <Form method="post" className="space-y-3">
              {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
              <LabelledInput
                id="enrol-code"
                label="Code à 6 chiffres affiché par l'application"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={16}
                required
              />
              <button type="submit" className={primaryButton}>
                Activer
              </button>
            </Form>
          </li>
        </ol>
      </Panel>
    </AccountShell>
  )
}
