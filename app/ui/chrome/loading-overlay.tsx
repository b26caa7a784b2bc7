import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { OVERLAY_ROUTE_MS } from './nav-items.ts'
import { useT } from '#app/ui/i18n.tsx'
import { useNetworkFailure } from './network-status.tsx'

type Phase = 'initial' | 'route' | 'hidden'

/**
 * Full-screen overlay for 1.5 s on every route change and while a page change is still
 * loading. At first load the server-rendered page is never covered (ADR 106): the server renders
 * instead a thin bar along the top edge, invisible, that the head's boot script
 * (OVERLAY_BOOT_SCRIPT) shows only over a page still not interactive a second after its first
 * frame, and ends at 2 s from the navigation's start; hydration removes it. Its message is for
 * assistive technologies only: a visible line painted then would become the page's largest
 * paint (LCP). It never blocks clicks (pointer-events: none) so a visitor is not held hostage
 * by a decoration.
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

  if (phase === 'initial') {
    // No text, no image, nothing over the page: never the largest paint (ADR 106).
    return (
      <div
        data-testid="loading-overlay"
        className="overlay-initial pointer-events-none fixed inset-x-0 top-0 z-[90] h-1 overflow-hidden"
      >
        <span
          aria-hidden="true"
          className="overlay-initial-bar block h-full w-1/3 rounded-full bg-linear-to-r from-secondary to-accent"
        />
        <p role="status" className="sr-only">
          {t('overlay:initial')}
        </p>
      </div>
    )
  }

  const visible = phase === 'route' || stillLoading
  return (
    <div
      data-testid="loading-overlay"
      hidden={!visible}
      className="pointer-events-none fixed inset-0 z-[90] flex flex-col items-center justify-center gap-6 bg-bg/95 backdrop-blur-sm"
    >
      <div aria-hidden="true" className="relative size-20">
        <span className="absolute inset-0 animate-[spin-slow_1.6s_linear_infinite] rounded-full border-4 border-transparent border-t-secondary border-r-accent" />
        <span className="absolute inset-3 animate-[spin-slow_2.4s_linear_infinite_reverse] rounded-full border-4 border-transparent border-b-secondary" />
      </div>
      {/* A system font: the line must not wait for a web font (ADR 032). */}
      <p role="status" className="font-[system-ui,sans-serif] text-lg text-fg">
        {phase === 'route' ? t('overlay:route') : t('overlay:default')}
      </p>
    </div>
  )
}
