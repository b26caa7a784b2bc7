// /compte — the signed-in user's own page (ADR 025): two-factor sign-in (status, recovery
// codes renewed, turned off) and active sessions (device, address, last use; end any of
// them). Admins also set whether two-factor sign-in is required for every admin. Everyone
// changes their password, downloads their data and deletes their account here (ADR 025).
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { z } from 'zod'
import {
  ACCOUNT_TEXTS,
  ADDRESS_CONFIRMED_PATH,
  ChangePasswordSchema,
  DeleteAccountSchema,
  passwordMinLength,
  RemovePasswordSchema,
} from '#app/domain/account.ts'
import { boolField, formDataToObject } from '#app/domain/common.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { ENROL_PATH, SecondFactorSchema, TWO_FACTOR_TEXTS } from '#app/domain/two-factor.ts'
import {
  changeOwnPassword,
  deleteOwnAccount,
  hasOtherSignIn,
  removeOwnPassword,
  type SelfServiceOutcome,
} from '#app/server/auth/account-self-service.server.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import {
  endAllSessions,
  endSession,
  listActiveSessions,
} from '#app/server/auth/active-sessions.server.ts'
import { requestEmailVerification } from '#app/server/auth/cv-access.server.ts'
import { isEmailVerified } from '#app/server/auth/email-verification.server.ts'
import { requireUser } from '#app/server/auth/guard.server.ts'
import { isMailConfigured } from '#app/server/mail/mail.server.ts'
import { attemptSecondFactor } from '#app/server/auth/second-factor.server.ts'
import { getCurrentSession } from '#app/server/auth/session.server.ts'
import {
  disableTwoFactor,
  getTwoFactorStatus,
  isAdminTwoFactorRequired,
  replaceRecoveryCodes,
  setAdminTwoFactorRequired,
} from '#app/server/auth/two-factor.server.ts'
import {
  AccountShell,
  LabelledInput,
  Notice,
  Panel,
  primaryButton,
  IntentButton,
  RecoveryCodes,
  secondaryButton,
} from '#app/ui/account/account-ui.tsx'
import { formatDateTime } from '#app/domain/date-time.ts'
import type { Route } from './+types/index'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Mon compte')
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const current = await getCurrentSession(request)
  const isAdmin = user.role === 'admin'
  const hasPassword = !!(await getDb()
    .selectFrom('account')
    .select('id')
    .where('userId', '=', user.id)
    .where('providerId', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst())
  return {
    user: { name: user.name, email: user.email },
    isAdmin,
    twoFactor: await getTwoFactorStatus(user.id),
    requiredForAdmins: isAdmin ? await isAdminTwoFactorRequired() : false,
    sessions: await listActiveSessions(user.id, current?.session.id ?? null),
    hasPassword,
    canRemovePassword: hasPassword && (await hasOtherSignIn(user.id)),
    passwordMin: passwordMinLength(user.role),
    // ADR 082: an unproven address gets nothing keyed on it; the link proves it.
    emailVerified: await isEmailVerified(user.id),
    canVerify: isMailConfigured(),
  }
}

type ActionResult = { error?: string; message?: string; codes?: string[] }

const fail = (error: string, status = 400) => data<ActionResult>({ error }, { status })

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const current = await getCurrentSession(request)
  let values: Record<string, unknown>
  try {
    values = formDataToObject(await request.formData())
  } catch {
    return fail('Formulaire invalide.')
  }
  const intent = typeof values.intent === 'string' ? values.intent : ''
  /**
   * A self-service form: parsed with its schema, then handed to the account service; an
   * invalid form or the service's refusal → its French error, else `done`.
   */
  const selfService = async <T, R>(
    schema: z.ZodType<T>,
    act: (input: T) => Promise<SelfServiceOutcome>,
    done: () => R,
  ) => {
    const parsed = schema.safeParse(values)
    if (!parsed.success) return fail('Formulaire invalide.')
    const outcome = await act(parsed.data)
    if (!outcome.ok) return fail(outcome.error, outcome.status)
    return done()
  }
  const actor = { id: user.id, name: user.name, email: user.email }
  /** An entry of the journal about the user's own account. */
  const recordOwn = (action: 'logout' | 'update', details: string) =>
    recordActivity(request, {
      actor,
      action,
      resourceType: 'user',
      resourceId: user.id,
      resourceName: user.email,
      details,
    })
  switch (intent) {
    case 'end-session': {
      const id = typeof values.id === 'string' ? values.id : ''
      if (!id || id === current?.session.id) {
        return fail('Pour fermer cette session, utilisez « Déconnexion ».')
      }
      if (!(await endSession(user.id, id))) return fail('Cette session est déjà terminée.', 404)
      await recordOwn('logout', 'Session terminée depuis « Mon compte »')
      return { message: 'Session terminée.' }
    }
    case 'end-others': {
      const ended = await endAllSessions(user.id, current?.session.id)
      await recordOwn('logout', `Autres sessions terminées (${ended})`)
      return { message: ended ? 'Les autres sessions sont terminées.' : 'Aucune autre session.' }
    }
    case 'regenerate-codes':
    case 'disable-2fa': {
      const status = await getTwoFactorStatus(user.id)
      if (!status.enabled) return fail("La double authentification n'est pas active.")
      if (intent === 'disable-2fa' && user.role === 'admin' && (await isAdminTwoFactorRequired())) {
        return fail(TWO_FACTOR_TEXTS.requiredForAdmins)
      }
      const parsed = SecondFactorSchema.safeParse(values)
      if (!parsed.success) return fail(TWO_FACTOR_TEXTS.codeRequired)
      const outcome = await attemptSecondFactor(request, user, parsed.data.code)
      if (!outcome.ok) return fail(outcome.error, outcome.status)
      if (intent === 'regenerate-codes') {
        const codes = await replaceRecoveryCodes(user.id)
        await recordOwn('update', 'Codes de récupération renouvelés')
        return { message: 'Nouveaux codes de récupération créés.', codes }
      }
      await disableTwoFactor(user.id)
      await recordOwn('update', 'Double authentification désactivée')
      return { message: 'La double authentification est désactivée.' }
    }
    case 'policy': {
      if (user.role !== 'admin') return fail('Action réservée aux administrateurs.', 403)
      const raw = values.requireAdminTwoFactor
      const required = boolField.parse(raw)
      // Either way: an admin without a second factor must not lift the rule that sends them
      // to enrol, nor set it for the others.
      if (!(await getTwoFactorStatus(user.id)).enabled) return fail(TWO_FACTOR_TEXTS.enableFirst)
      await setAdminTwoFactorRequired(required, user.id)
      await recordActivity(request, {
        actor,
        action: 'update',
        resourceType: 'settings',
        resourceName: 'security',
        details: required
          ? 'Double authentification obligatoire pour les administrateurs'
          : 'Double authentification facultative pour les administrateurs',
      })
      return { message: 'Politique de sécurité enregistrée.' }
    }
    case 'change-password':
      return selfService(
        ChangePasswordSchema,
        (input) => changeOwnPassword(request, user, current?.session.id, input),
        () => ({ message: ACCOUNT_TEXTS.passwordChanged }),
      )
    case 'remove-password':
      return selfService(
        RemovePasswordSchema,
        (input) => removeOwnPassword(request, user, current?.session.id, input),
        () => ({ message: ACCOUNT_TEXTS.passwordRemoved }),
      )
    case 'resend-verification': {
      if (!isMailConfigured()) return fail(ACCOUNT_TEXTS.verificationUnavailable, 409)
      const sent = await requestEmailVerification(request, user, ADDRESS_CONFIRMED_PATH)
      if (sent === 'rate-limited') return fail(ACCOUNT_TEXTS.verificationTooMany, 429)
      return {
        message:
          sent === 'verified'
            ? ACCOUNT_TEXTS.verificationAlreadyDone
            : ACCOUNT_TEXTS.verificationSent,
      }
    }
    case 'delete-account':
      return selfService(
        DeleteAccountSchema,
        (input) => deleteOwnAccount(request, user, input, current?.session.createdAt),
        // The sessions went with the account; the cookie names none any more.
        () => redirect('/compte/supprime'),
      )
    default:
      return fail('Action inconnue.')
  }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    user,
    isAdmin,
    twoFactor,
    requiredForAdmins,
    sessions,
    hasPassword,
    canRemovePassword,
    passwordMin,
    emailVerified,
    canVerify,
  } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const result = actionData as ActionResult | undefined
  return (
    <AccountShell title="Mon compte" isAdmin={isAdmin}>
      <p className="text-white/80">
        {user.name} — {user.email}{' '}
        <span
          className={`ml-1 rounded-full px-2 py-0.5 text-xs ${emailVerified ? 'bg-emerald-500/30' : 'bg-amber-500/30'}`}
        >
          {emailVerified ? ACCOUNT_TEXTS.addressConfirmed : ACCOUNT_TEXTS.addressToConfirm}
        </span>
      </p>
      {emailVerified ? null : (
        <Panel title={ACCOUNT_TEXTS.addressToConfirm}>
          {canVerify ? (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-white/80">
                Ouvrez le lien reçu par e-mail pour confirmer que cette adresse est bien la vôtre.
                D’ici là, les messages envoyés avec cette adresse depuis le formulaire de contact ne
                vous sont pas remis.
              </p>
              <IntentButton intent="resend-verification" busy={busy}>
                Renvoyer le lien de confirmation
              </IntentButton>
            </Form>
          ) : (
            <p className="text-sm text-white/80">{ACCOUNT_TEXTS.verificationUnavailable}</p>
          )}
        </Panel>
      )}
      {result?.error ? <Notice kind="error">{result.error}</Notice> : null}
      {result?.message ? <Notice kind="success">{result.message}</Notice> : null}
      {result?.codes ? <RecoveryCodes codes={result.codes} /> : null}

      <Panel title="Double authentification">
        {twoFactor.enabled ? (
          <div className="space-y-4">
            <p>
              Active depuis le {formatDateTime(twoFactor.enabledAt ?? '')}. Codes de récupération
              restants : <strong>{twoFactor.recoveryCodesLeft}</strong>.
            </p>
            <Form method="post" className="space-y-3">
              <LabelledInput
                id="account-code"
                label="Code de vérification (application ou code de récupération)"
                name="code"
                autoComplete="one-time-code"
                maxLength={64}
                required
              />
              <div className="flex flex-wrap gap-3">
                <IntentButton intent="regenerate-codes" busy={busy}>
                  Renouveler les codes de récupération
                </IntentButton>
                <IntentButton intent="disable-2fa" busy={busy}>
                  Désactiver la double authentification
                </IntentButton>
              </div>
            </Form>
          </div>
        ) : (
          <div className="space-y-3">
            <p>
              Protégez votre compte : à chaque connexion, un code à 6 chiffres de votre téléphone
              vous sera demandé en plus du code quantique ou de Google/Facebook.
            </p>
            <Link to={ENROL_PATH} className={`inline-block ${primaryButton}`}>
              Activer la double authentification
            </Link>
          </div>
        )}
      </Panel>

      {isAdmin ? (
        <Panel title="Politique de sécurité">
          <Form method="post" className="space-y-3">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="requireAdminTwoFactor"
                defaultChecked={requiredForAdmins}
                className="size-4 accent-purple-500"
              />
              Exiger la double authentification pour les administrateurs
            </label>
            <IntentButton intent="policy" busy={busy}>
              Enregistrer la politique
            </IntentButton>
          </Form>
        </Panel>
      ) : null}

      <Panel title="Code quantique">
        <Form method="post" className="space-y-3">
          {hasPassword ? (
            <>
              <LabelledInput
                id="current-password"
                label="Code quantique actuel"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                maxLength={128}
                required
              />
            </>
          ) : (
            <>
              <p className="text-sm text-white/80">
                Vous vous connectez avec Google ou Facebook : pour créer un code quantique, prouvez
                votre identité avec un code de double authentification.
              </p>
              <LabelledInput
                id="password-code"
                label="Code de vérification (application ou code de récupération)"
                name="code"
                autoComplete="one-time-code"
                maxLength={64}
              />
            </>
          )}
          <LabelledInput
            id="new-password"
            label="Nouveau code quantique"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={passwordMin}
            maxLength={128}
            required
            aria-describedby="new-password-hint"
          />
          <p id="new-password-hint" className="text-xs text-white/70">
            Au moins {passwordMin} caractères.
          </p>
          <LabelledInput
            id="confirm-password"
            label="Confirmer le nouveau code quantique"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            required
          />
          <IntentButton intent="change-password" busy={busy}>
            Changer le code quantique
          </IntentButton>
        </Form>
        {canRemovePassword ? (
          <Form method="post" className="mt-6 space-y-3 border-t border-white/10 pt-4">
            <p className="text-sm text-white/80">
              Vous vous connectez aussi avec Google ou Facebook : vous pouvez supprimer votre mot de
              passe et ne garder que ce moyen de connexion.
            </p>
            <LabelledInput
              id="remove-current-password"
              label="Votre code quantique, pour confirmer la suppression"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              maxLength={128}
              required={!twoFactor.enabled}
            />
            {twoFactor.enabled ? (
              <>
                <LabelledInput
                  id="remove-password-code"
                  label="Ou code de vérification (application ou code de récupération)"
                  name="code"
                  autoComplete="one-time-code"
                  maxLength={64}
                />
              </>
            ) : null}
            <IntentButton intent="remove-password" busy={busy}>
              Supprimer le code quantique
            </IntentButton>
          </Form>
        ) : null}
      </Panel>

      <Panel title="Vos données">
        <p className="mb-3 text-sm text-white/80">
          Téléchargez tout ce que ce site conserve à votre sujet : votre compte, vos sessions, votre
          journal d’activité et vos messages, dans un fichier JSON.
        </p>
        <a href="/compte/donnees" download className={`inline-block ${secondaryButton}`}>
          Télécharger mes données
        </a>
      </Panel>

      <Panel title="Suppression du compte">
        <Form method="post" className="space-y-3">
          <p className="text-sm text-white/80">
            La suppression est définitive : votre compte, vos sessions et votre double
            authentification sont effacés. Téléchargez d’abord vos données si vous souhaitez les
            garder.
          </p>
          <LabelledInput
            id="confirm-email"
            label={`Pour confirmer, saisissez votre adresse e-mail (${user.email})`}
            name="confirmEmail"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
          />
          {hasPassword ? (
            <LabelledInput
              id="delete-current-password"
              label="Votre code quantique"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              maxLength={128}
              required={!twoFactor.enabled}
            />
          ) : null}
          {twoFactor.enabled ? (
            <LabelledInput
              id="delete-code"
              label={
                hasPassword
                  ? 'Ou code de vérification (application ou code de récupération)'
                  : 'Code de vérification (application ou code de récupération)'
              }
              name="code"
              autoComplete="one-time-code"
              maxLength={64}
              required={!hasPassword}
            />
          ) : null}
          {!hasPassword && !twoFactor.enabled ? (
            <p className="text-sm text-white/80">
              Sans code quantique ni double authentification, la suppression n’est acceptée que dans
              les 10 minutes qui suivent une connexion avec Google ou Facebook.
            </p>
          ) : null}
          <IntentButton
            intent="delete-account"
            busy={busy}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
          >
            Supprimer définitivement mon compte
          </IntentButton>
        </Form>
      </Panel>

      <Panel title="Sessions actives">
        <ul className="divide-y divide-white/10" aria-label="Sessions actives">
          {sessions.map((session) => (
            <li
              key={session.id}
              data-session-id={session.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div>
                <p className="font-medium">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-emerald-500/30 px-2 py-0.5 text-xs">
                      Cette session
                    </span>
                  ) : null}
                  {session.unverified ? (
                    <span className="ml-2 rounded-full bg-amber-500/30 px-2 py-0.5 text-xs">
                      Second facteur non vérifié
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-white/70">
                  Adresse : {session.address} · Dernière utilisation :{' '}
                  {formatDateTime(session.lastUsedAt)} · Ouverte le{' '}
                  {formatDateTime(session.createdAt)}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={session.id} />
                  <IntentButton
                    intent="end-session"
                    busy={busy}
                    aria-label={`Terminer la session ${session.device} (${session.address})`}
                  >
                    Terminer
                  </IntentButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.length > 1 ? (
          <Form method="post" className="mt-4">
            <IntentButton intent="end-others" busy={busy}>
              Terminer toutes les autres sessions
            </IntentButton>
          </Form>
        ) : null}
      </Panel>
    </AccountShell>
  )
}
