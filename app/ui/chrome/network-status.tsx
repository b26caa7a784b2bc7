// A page change lost on the network (ADR 049): the current page stays on screen and a
// French alert says the network failed, instead of an error screen. Layout routes export
// `keepPageOnNetworkFailure(routeId)` as their client middleware: when the data request of a
// page change never reaches the server, the navigation is left pending (nothing is committed,
// the address does not change) until the visitor retries or goes elsewhere, which aborts it.
// A middleware, not a clientLoader: a route with a clientLoader gets a data request of its own,
// so every page change cost two requests to the server (ADR 049).
import { useSyncExternalStore } from 'react'
import { isRouteErrorResponse, useNavigate } from 'react-router'
import type { DataStrategyResult, MiddlewareFunction } from 'react-router'
import { useT } from '#app/ui/i18n.tsx'

let failedHref: string | null = null
const listeners = new Set<() => void>()

function setFailedHref(href: string | null) {
  if (failedHref === href) return
  failedHref = href
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The page whose loading failed on the network, or null. */
export function useNetworkFailure(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => failedHref,
    () => null,
  )
}

/** A fetch that never got an answer (offline, connection reset, blocked), not an HTTP error. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof Response || isRouteErrorResponse(error)) return false
  if (error instanceof DOMException && error.name === 'AbortError') return false
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine)
}

/**
 * For a layout's `clientMiddleware`: lets the page change through, or leaves it pending when
 * the layout's own data (asked for by every page change under it: its shouldRevalidate says
 * so) never arrived. A fetcher's request, which does not run the layout's loader, is left
 * alone.
 */
export function keepPageOnNetworkFailure(
  layoutRouteId: string,
): MiddlewareFunction<Record<string, DataStrategyResult>> {
  return async ({ request }, next) => {
    const results = await next()
    const layout = results[layoutRouteId]
    if (!layout) return results
    const lost = layout.type === 'error' && isNetworkError(layout.result)
    if (!lost || request.signal.aborted) {
      setFailedHref(null)
      return results
    }
    const url = new URL(request.url)
    setFailedHref(url.pathname + url.search + url.hash)
    // Wait for the next navigation, which aborts this one.
    return await new Promise<never>((_, reject) => {
      request.signal.addEventListener('abort', () => {
        setFailedHref(null)
        reject(request.signal.reason as Error)
      })
    })
  }
}

/** The French alert, with a way to try again. */
export function NetworkFailureAlert({ className = '' }: { className?: string }) {
  const href = useNetworkFailure()
  const navigate = useNavigate()
  const t = useT()
  if (!href) return null
  return (
    <div
      role="alert"
      className={`fixed inset-x-4 top-20 z-[80] mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-red-400 bg-red-950 p-4 text-sm font-medium text-red-100 shadow-2xl ${className}`}
    >
      <p className="flex-1">{t('network:failed')}</p>
      <button
        type="button"
        className="rounded-full border border-red-200 px-4 py-1.5 font-semibold hover:bg-red-900"
        onClick={() => void navigate(href)}
      >
        {t('network:retry')}
      </button>
    </div>
  )
}
