import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { OVERLAY_ROUTE_MS } from './nav-items.ts'
import { useT } from '#app/ui/i18n.tsx'
import { useNetworkFailure } from './network-status.tsx'

type Phase = 'initial' | 'route' | 'hidden'

/**
 * Full-screen overlay for 1.5 s on every route change and, at first load, only over a page
 * still not interactive a second after its first frame (ADR 086): the server renders it
 * invisible, the head's boot script (OVERLAY_BOOT_SCRIPT) shows it then and ends it at 2 s
 * from the navigation's start, and hydration removes it. A page that paints is never
 * covered as it paints; without JavaScript it never shows. It never blocks clicks (pointer-events: none) so a visitor
 * is not held hostage by a decoration.
 */
export function LoadingOverlay() {
  const location = useLocation()
  const navigation = useNavigation()
  const [phase, setPhase] = useState<Phase>('initial')
  const firstPath = useRef(location.pathname)
  const t = useT()

  // First load: hidden as soon as the page is interactive (this effect runs once hydrated).
  useEffect(() => {
    setPhase((p) => (p === 'initial' ? 'hidden' : p))
  }, [])

  // Route change (path only; filters in the query string are not a "voyage").
  useEffect(() => {
    if (location.pathname === firstPath.current) return
    firstPath.current = location.pathname
    setPhase('route')
    const timer = window.setTimeout(() => setPhase('hidden'), OVERLAY_ROUTE_MS)
    return () => window.clearTimeout(timer)
  }, [location.pathname])

  // A page change lost on the network stays pending: the alert speaks, not the overlay.
  const networkFailed = useNetworkFailure() !== null
  const stillLoading = navigation.state === 'loading' && phase === 'hidden' && !networkFailed
  const visible = phase !== 'hidden' || stillLoading
  const message =
    phase === 'initial'
      ? t('overlay:initial')
      : phase === 'route'
        ? t('overlay:route')
        : t('overlay:default')

  return (
    <div
      data-testid="loading-overlay"
      hidden={!visible}
      className={`pointer-events-none fixed inset-0 z-[90] flex flex-col items-center justify-center gap-6 bg-bg/95 backdrop-blur-sm ${phase === 'initial' ? 'overlay-initial' : ''}`}
    >
      <div aria-hidden="true" className="relative size-20">
        <span className="absolute inset-0 animate-[spin-slow_1.6s_linear_infinite] rounded-full border-4 border-transparent border-t-secondary border-r-accent" />
        <span className="absolute inset-3 animate-[spin-slow_2.4s_linear_infinite_reverse] rounded-full border-4 border-transparent border-b-secondary" />
      </div>
      {/* A system font: the overlay's line is the first large text painted, so it must not
          wait for a web font (Lighthouse's LCP element, ADR 032). */}
      <p role="status" className="font-[system-ui,sans-serif] text-lg text-fg">
        {message}
      </p>
    </div>
  )
}
