// The page a sign-in popup ends on (ADR 011): it tells its opener how the sign-in went, over
// postMessage and a same-origin BroadcastChannel (the opener link may be cut by the
// provider's pages), then closes itself.
import { useEffect } from 'react'
import { PROVIDER_LABELS, socialFailureText } from '#app/domain/auth.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { getClientIp } from '#app/server/http/client-ip.server.ts'
import { hit } from '#app/server/rate-limit/rate-limit.server.ts'
import { hasLoginEntryForSession } from '#app/server/repositories/activity.server.ts'
import { isSocialProvider, socialFailureReason } from '#app/server/auth/social.server.ts'
import {
  getCurrentSession,
  getPendingSecondFactor,
  type CurrentSession,
} from '#app/server/auth/session.server.ts'
import {
  POPUP_ACK_TIMEOUT_MS,
  POPUP_ACK_TYPE,
  POPUP_CHANNEL,
  POPUP_MESSAGE_TYPE,
  type PopupAck,
  type PopupMessage,
} from '#app/ui/auth/social-sign-in.tsx'
import { privatePageMeta } from '#app/domain/seo.ts'
import type { Route } from './+types/popup'

/** A session younger than this may be the one this sign-in just created. */
const FRESH_SIGN_IN_MS = 2 * 60_000

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Connexion')
}

/**
 * Anyone signed in can open this page: only a session the provider's callback has just
 * created gets a 'login' entry, and only once (the entry names the session).
 */
async function isNewSignIn({ user, session }: CurrentSession, now = Date.now()) {
  const age = now - session.createdAt.getTime()
  if (age < 0 || age > FRESH_SIGN_IN_MS) return false
  return !(await hasLoginEntryForSession(user.id, session.id, session.createdAt.toISOString()))
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const provider = url.searchParams.get('provider') ?? ''
  const attempt = (url.searchParams.get('attempt') ?? '').replace(/[^a-zA-Z0-9]/g, '').slice(0, 64)
  const from = url.searchParams.get('from') === 'register' ? 'register' : 'login'
  const errors = url.searchParams.getAll('error')
  const failed = errors.length > 0 || !isSocialProvider(provider)
  const signedIn = failed ? null : await getCurrentSession(request)
  // A user with two-factor sign-in has signed in but still owes the code (ADR 025): the
  // popup reports success and the opener's /admin sends them to the second step.
  const current = signedIn ?? (failed ? null : await getPendingSecondFactor(request))
  const label = isSocialProvider(provider) ? PROVIDER_LABELS[provider] : 'le fournisseur'
  if (current) {
    if (await isNewSignIn(current)) {
      await recordActivity(request, {
        actor: { id: current.user.id, email: current.user.email },
        action: 'login',
        resourceType: 'admin',
        resourceId: current.session.id,
        details: `Connexion avec ${label}`,
      })
    }
  } else if (
    await hit(`popup-failure:${getClientIp(request)}`, { limit: 20, windowMs: 10 * 60_000 })
  ) {
    // Bounded: anyone can open this page, and each visit would add an entry.
    await recordActivity(request, {
      actor: null,
      action: 'login',
      resourceType: 'admin',
      details: `Échec de connexion avec ${label} (${errors[0] ?? 'sans session'})`,
    })
  }
  const reason = current ? undefined : socialFailureReason(errors)
  const message = current
    ? 'Connexion réussie.'
    : socialFailureText(provider === 'facebook' ? 'facebook' : 'google', from, reason)
  return { ok: !!current, attempt, message, reason }
}

export default function PopupDone({ loaderData }: Route.ComponentProps) {
  const { ok, attempt, message, reason } = loaderData
  useEffect(() => {
    const msg: PopupMessage = {
      type: POPUP_MESSAGE_TYPE,
      attempt,
      ok,
      ...(reason ? { reason } : {}),
    }
    // The popup closes once its opener confirms the report: a popup that closed at once could
    // be seen closed before a slow BroadcastChannel delivered the report, and the opener would
    // fall back to its generic message.
    const onAck = (data: unknown) => {
      const ack = data as Partial<PopupAck> | null
      if (ack?.type === POPUP_ACK_TYPE && ack.attempt === attempt) window.close()
    }
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onAck(event.data)
    }
    let channel: BroadcastChannel | null = null
    try {
      channel = new BroadcastChannel(POPUP_CHANNEL)
      channel.onmessage = (event) => onAck(event.data)
      channel.postMessage(msg)
    } catch {
      // No BroadcastChannel: postMessage below still reaches a connected opener.
    }
    window.addEventListener('message', onWindowMessage)
    window.opener?.postMessage(msg, window.location.origin)
    // Without a confirmation (opener gone or cut off) the popup closes anyway.
    const timer = window.setTimeout(() => window.close(), POPUP_ACK_TIMEOUT_MS)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('message', onWindowMessage)
      channel?.close()
    }
  }, [ok, attempt, reason])
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-white">
      <p role="status">{message}</p>
    </main>
  )
}
