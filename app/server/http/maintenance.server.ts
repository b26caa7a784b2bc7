// Maintenance mode (settings.maintenanceMode / maintenanceMessage).
// The root route's middleware calls `enforceMaintenance(request)` before any loader or action. When the mode is on,
// a visitor gets HTTP 503 with Retry-After and a French page showing the maintenance
// message; the sign-in and sign-up pages, the admin hub and signed-in active admins are
// never blocked, so the owner can always switch the mode off again.
import { data } from 'react-router'
import { getSessionUser } from '../auth/session.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'

/** Seconds a client (or a crawler) should wait before trying again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600

export const MAINTENANCE_TITLE = 'Site en maintenance'
export const MAINTENANCE_DEFAULT_MESSAGE =
  'Le site est en cours de maintenance. Merci de revenir un peu plus tard.'

/** The data of the 503 error response; the error boundary renders it as the page. */
export interface MaintenanceErrorData {
  maintenance: true
  title: string
  message: string
  siteName: string
}

/** Sent with every 503: when to come back, and never cache the maintenance page. */
export const MAINTENANCE_HEADERS = {
  'Retry-After': String(MAINTENANCE_RETRY_AFTER_SECONDS),
  'Cache-Control': 'no-store',
} as const

/** Paths that stay reachable during maintenance (prefix match on whole segments). */
const ALWAYS_OPEN = [
  '/login',
  '/register',
  '/admin',
  '/logout',
  '/api/auth',
  '/auth',
  '/setup',
  '/healthz',
]

export function isAlwaysOpenPath(pathname: string): boolean {
  return ALWAYS_OPEN.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

/**
 * Throws the 503 maintenance response for visitors while maintenance mode is on.
 * Resolves (does nothing) when the mode is off, on always-open paths and for active admins.
 */
export async function enforceMaintenance(request: Request): Promise<void> {
  const { pathname } = new URL(request.url)
  if (isAlwaysOpenPath(pathname)) return
  const settings = await getSiteSettings()
  if (!settings.maintenanceMode) return
  const user = await getSessionUser(request)
  if (user && user.role === 'admin' && user.status === 'active') return
  const message = settings.maintenanceMessage?.trim() || MAINTENANCE_DEFAULT_MESSAGE
  throw data<MaintenanceErrorData>(
    { maintenance: true, title: MAINTENANCE_TITLE, message, siteName: settings.siteName },
    {
      status: 503,
      statusText: 'Service Unavailable',
      headers: MAINTENANCE_HEADERS,
    },
  )
}

/** Whether a caught route error is the maintenance response (for error boundaries). */
export function isMaintenanceErrorData(value: unknown): value is MaintenanceErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { maintenance?: unknown }).maintenance === true &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}
