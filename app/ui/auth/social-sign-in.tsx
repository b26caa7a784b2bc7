// Google and Facebook sign-in in a 500×600 popup (ADR 011): one popup at a time (a new one
// cancels the previous), a popup closed by the user or blocked by the browser ends with the
// failure message and no stuck spinner, and the opener continues to /admin on success.
// Without JavaScript each button submits a GET form that runs the same flow full-page.
import { useEffect, useRef, useState } from 'react'
import {
  AUTH_TEXTS,
  isSocialFailureReason,
  PROVIDER_LABELS,
  socialFailureText,
  type SocialFailureReason,
} from '#app/domain/auth.ts'
import { FormError } from './auth-shell.tsx'
import { FacebookIcon, GoogleIcon, SpinnerIcon } from './icons.tsx'

export type SocialProviderId = keyof typeof PROVIDER_LABELS
export const POPUP_MESSAGE_TYPE = 'vitrine-oauth'
export const POPUP_CHANNEL = 'vitrine-oauth'
/** The opener's confirmation that it got the popup's report (the popup closes then). */
export const POPUP_ACK_TYPE = 'vitrine-oauth-ack'
/** How long a popup waits for that confirmation before closing anyway. */
export const POPUP_ACK_TIMEOUT_MS = 3000
const POPUP_WIDTH = 500
const POPUP_HEIGHT = 600

export interface PopupMessage {
  type: typeof POPUP_MESSAGE_TYPE
  attempt: string
  ok: boolean
  /** Why it failed, when the message should say more than "it failed". */
  reason?: SocialFailureReason
}

export interface PopupAck {
  type: typeof POPUP_ACK_TYPE
  attempt: string
}

export type PopupOutcome =
  'success' | 'failed' | 'closed' | 'blocked' | 'cancelled' | SocialFailureReason

interface ActivePopup {
  attempt: string
  popup: Window
  finish: (outcome: PopupOutcome) => void
}

// Module-wide: only one popup sign-in at a time, across both buttons and both pages.
let active: ActivePopup | null = null

function randomAttempt(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The id of the browser's current session, or null (none, or the server is unreachable). */
async function currentSessionId(): Promise<string | null> {
  try {
    const res = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!res.ok) return null
    const body = (await res.json()) as { session?: { id?: unknown } } | null
    return typeof body?.session?.id === 'string' ? body.session.id : null
  } catch {
    return null
  }
}

/** Opens the provider's popup and resolves once it reports, is closed, or is superseded. */
export function openSocialPopup(
  provider: SocialProviderId,
  from: 'login' | 'register',
): Promise<PopupOutcome> {
  active?.finish('cancelled')
  const attempt = randomAttempt()
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2))
  const url = `/auth/social/${provider}?popup=1&from=${from}&attempt=${attempt}`
  // The session before this sign-in, asked before the popup opens (long before the provider
  // can send it back): a closed popup counts as a success only if a different session exists.
  const sessionBefore = currentSessionId()
  const popup = window.open(
    url,
    `vitrine-oauth-${attempt}`,
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  )
  if (!popup) return Promise.resolve('blocked')

  return new Promise<PopupOutcome>((resolve) => {
    let done = false
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(POPUP_CHANNEL) : null
    const onMessage = (data: unknown) => {
      const msg = data as Partial<PopupMessage> | null
      if (!msg || msg.type !== POPUP_MESSAGE_TYPE || msg.attempt !== attempt) return
      const ack: PopupAck = { type: POPUP_ACK_TYPE, attempt }
      channel?.postMessage(ack)
      try {
        popup.postMessage(ack, window.location.origin)
      } catch {
        // The popup may be cut off from its opener; the channel carries the confirmation.
      }
      finish(msg.ok ? 'success' : isSocialFailureReason(msg.reason) ? msg.reason : 'failed')
    }
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onMessage(event.data)
    }
    const poll = window.setInterval(() => {
      if (done || !popup.closed) return
      window.clearInterval(poll)
      // The popup reports before closing itself; give a late message a moment, then ask
      // the server whether this sign-in created a session (the popup may have lost its
      // opener). A session that already existed proves nothing.
      window.setTimeout(() => {
        if (done) return
        void Promise.all([sessionBefore, currentSessionId()]).then(([before, after]) =>
          finish(after !== null && after !== before ? 'success' : 'closed'),
        )
      }, 400)
    }, 250)
    const finish = (outcome: PopupOutcome) => {
      if (done) return
      done = true
      window.clearInterval(poll)
      window.removeEventListener('message', onWindowMessage)
      channel?.close()
      if (active?.attempt === attempt) active = null
      if (outcome === 'cancelled' && !popup.closed) popup.close()
      resolve(outcome)
    }
    if (channel) channel.onmessage = (event) => onMessage(event.data)
    window.addEventListener('message', onWindowMessage)
    active = { attempt, popup, finish }
  })
}

export function SocialButtons(props: {
  from: 'login' | 'register'
  configured: Record<SocialProviderId, boolean>
  /** Error from a full-page (no-JavaScript) attempt, e.g. ?error=google. */
  initialError?: string
}) {
  const [pending, setPending] = useState<SocialProviderId | null>(null)
  const [error, setError] = useState<string | undefined>(props.initialError)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function start(event: React.MouseEvent, provider: SocialProviderId) {
    event.preventDefault()
    if (!props.configured[provider]) {
      setError(AUTH_TEXTS.providerNotConfigured(PROVIDER_LABELS[provider]))
      return
    }
    setError(undefined)
    setPending(provider)
    const outcome = await openSocialPopup(provider, props.from)
    if (outcome === 'cancelled') return // superseded by a newer popup, which owns the UI
    if (!mounted.current) return
    if (outcome === 'success') {
      window.location.assign('/admin')
      return
    }
    setPending(null)
    setError(
      socialFailureText(provider, props.from, isSocialFailureReason(outcome) ? outcome : undefined),
    )
  }

  const verb = props.from === 'register' ? "S'inscrire" : 'Se connecter'
  return (
    <>
      <OrDivider />
      <div className="space-y-3">
        <FormError message={error} />
        <div className="grid grid-cols-2 gap-3">
          {(['google', 'facebook'] as const).map((provider) => (
            <form key={provider} method="get" action={`/auth/social/${provider}`}>
              <input type="hidden" name="from" value={props.from} />
              <button
                type="submit"
                onClick={(event) => void start(event, provider)}
                aria-busy={pending === provider}
                className="flex w-full items-center justify-center gap-2 rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-sm font-medium hover:bg-white/20"
              >
                {pending === provider ? (
                  <SpinnerIcon />
                ) : provider === 'google' ? (
                  <GoogleIcon />
                ) : (
                  <FacebookIcon />
                )}
                <span>
                  {verb} avec {PROVIDER_LABELS[provider]}
                </span>
              </button>
            </form>
          ))}
        </div>
      </div>
    </>
  )
}

/** The "ou" between the password form and these buttons. */
function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-white/60">
      <span className="h-px flex-1 bg-white/20" />
      ou
      <span className="h-px flex-1 bg-white/20" />
    </div>
  )
}
