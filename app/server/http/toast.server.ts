// Flash messages carried over a redirect in a signed cookie: an action calls
// `redirectWithToast`, the admin layout loader reads the message once with `readToast`.
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { getEnv } from '../core/env.server.ts'

export const ToastSchema = z.object({
  kind: z.enum(['success', 'error']),
  message: z.string().max(500),
  /** A link to hand over once (an invitation), shown with a copy button. */
  link: z.url().max(1000).optional(),
})
export type Toast = z.infer<typeof ToastSchema>

let cookie: ReturnType<typeof createCookie> | undefined
function toastCookie() {
  cookie ??= createCookie('vitrine_toast', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().PUBLIC_URL.startsWith('https://'),
    secrets: [getEnv().BETTER_AUTH_SECRET],
    maxAge: 60,
  })
  return cookie
}

/** Set-Cookie header value storing `toast` for the next request. */
export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast)
}

/** Redirect to `url` with a flash message. */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/**
 * The pending flash message (or null) and the headers that clear it; return the headers
 * from the loader so the message shows once.
 */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers()
  const raw: unknown = await toastCookie().parse(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(raw)
  if (raw !== null && raw !== undefined)
    headers.append('Set-Cookie', await toastCookie().serialize('', { maxAge: 0 }))
  return { toast: parsed.success ? parsed.data : null, headers }
}
