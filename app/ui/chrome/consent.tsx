// The consent banner's gate (ADR 022): the banner and Google's loader are a chunk of their own,
// imported once the page is hydrated and only when the site has Google Analytics configured
// (ADR 105). The footer's 'Gestion des cookies' reopens it, even a click made before the
// chunk arrived.
import { lazy, Suspense, useEffect, useState } from 'react'
import { useT } from '#app/ui/i18n.tsx'

/** Dispatched on window by the footer link to reopen the banner. */
export const OPEN_CONSENT_EVENT = 'vitrine:open-consent'

const ConsentBanner = lazy(() =>
  import('./consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })),
)

export function ConsentManager({ analyticsId }: { analyticsId: string | null }) {
  const [hydrated, setHydrated] = useState(false)
  const [reopens, setReopens] = useState(0)
  useEffect(() => {
    setHydrated(true)
    const reopen = () => setReopens((n) => n + 1)
    window.addEventListener(OPEN_CONSENT_EVENT, reopen)
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen)
  }, [])
  if (!analyticsId || !hydrated) return null
  return (
    <Suspense fallback={null}>
      <ConsentBanner analyticsId={analyticsId} reopens={reopens} />
    </Suspense>
  )
}

/** The footer's 'Gestion des cookies' link (a button: it opens the banner in place). */
export function ManageConsentButton({ className }: { className?: string }) {
  const t = useT()
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
    >
      {t('consent:manage')}
    </button>
  )
}
