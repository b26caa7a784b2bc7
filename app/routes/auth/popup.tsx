// The page a sign-in popup ends on (spec §9): it tells its opener how the sign-in went, over
// postMessage and a same-origin BroadcastChannel (the opener link may be cut by the
// provider's pages), then closes itself.
import { useEffect } from 'react'
import { AUTH_TEXTS, PROVIDER_LABELS } from '#app/domain/auth.ts'
import { recordActivity } from '#app/server/activity.server.ts'
import { getClientIp } from '#app/server/client-ip.server.ts'
import { hit } from '#app/server/rate-limit.server.ts'
import { isSocialProvider } from '#app/server/auth/social.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import {
  POPUP_CHANNEL,
  POPUP_MESSAGE_TYPE,
  type PopupMessage,
} from '#app/ui/auth/social-sign-in.tsx'
import { privatePageMeta } from '#app/domain/seo.ts'
import type { Route } from './+types/popup'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Connexion')
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const provider = url.searchParams.get('provider') ?? ''
  const attempt = (url.searchParams.get('attempt') ?? '').replace(/[^a-zA-Z0-9]/g, '').slice(0, 64)
  const from = url.searchParams.get('from') === 'register' ? 'register' : 'login'
  const failed = url.searchParams.has('error') || !isSocialProvider(provider)
  const user = failed ? null : await getSessionUser(request)
  const label = isSocialProvider(provider) ? PROVIDER_LABELS[provider] : 'le fournisseur'
  if (user) {
    await recordActivity(request, {
      actor: { id: user.id, email: user.email },
      action: 'login',
      resourceType: 'admin',
      details: `Connexion avec ${label}`,
    })
  } else if (hit(`popup-failure:${getClientIp(request)}`, { limit: 20, windowMs: 10 * 60_000 })) {
    // Bounded: anyone can open this page, and each visit would add an entry.
    await recordActivity(request, {
      actor: null,
      action: 'login',
      resourceType: 'admin',
      details: `Échec de connexion avec ${label} (${url.searchParams.get('error') ?? 'sans session'})`,
    })
  }
  const error =
    from === 'register'
      ? AUTH_TEXTS.socialRegisterFailed
      : provider === 'facebook'
        ? AUTH_TEXTS.facebookFailed
        : AUTH_TEXTS.googleFailed
  return { ok: !!user, attempt, message: user ? 'Connexion réussie.' : error }
}

export default function PopupDone({ loaderData }: Route.ComponentProps) {
  const { ok, attempt, message } = loaderData
  useEffect(() => {
    const msg: PopupMessage = { type: POPUP_MESSAGE_TYPE, attempt, ok }
    try {
      const channel = new BroadcastChannel(POPUP_CHANNEL)
      channel.postMessage(msg)
      channel.close()
    } catch {
      // No BroadcastChannel: postMessage below still reaches a connected opener.
    }
    window.opener?.postMessage(msg, window.location.origin)
    const timer = window.setTimeout(() => window.close(), 150)
    return () => window.clearTimeout(timer)
  }, [ok, attempt])
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-white">
      <p role="status">{message}</p>
    </main>
  )
}
