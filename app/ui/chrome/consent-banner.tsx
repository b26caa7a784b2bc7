// Consent banner and analytics loader (ADR 022), fetched once hydrated and only on a site
// that has Google Analytics configured (ADR 105). Nothing of Google's is in the server's
// HTML: the tag is added by this component only after 'Accepter', so a visitor without
// JavaScript or without a choice is never measured. 'Gestion des cookies' in the footer
// reopens the banner (`reopens` counts its clicks); withdrawing consent removes the cookies
// and reloads the page.
import { useEffect, useState } from 'react'
import { Link } from '#app/ui/link.tsx'
import {
  CONSENT_STORAGE_KEY,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from '#app/domain/consent.ts'
import { useT } from '#app/ui/i18n.tsx'

function readChoice(): ConsentChoice | null {
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY))
  } catch {
    return null
  }
}

function storeChoice(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(choice))
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void }

let loadedId: string | undefined

/** Adds Google's tag once (the CSP's 'strict-dynamic' trusts scripts our bundle adds). */
function loadAnalytics(id: string) {
  if (loadedId === id) return
  loadedId = id
  const w = window as GtagWindow
  w.dataLayer = w.dataLayer ?? []
  w.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments)
  }
  w.gtag('js', new Date())
  w.gtag('config', id)
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
  script.dataset.analytics = ''
  document.head.append(script)
}

/** Google Analytics cookies (_ga, _ga_XXXX, _gid) on this host and its parent domains. */
function removeAnalyticsCookies() {
  const names = document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((n) => /^_ga($|_)|^_gid$|^_gat/.test(n))
  const parts = window.location.hostname.split('.')
  const domains = [
    '',
    ...parts.map((_, i) => parts.slice(i).join('.')).filter((d) => d.includes('.')),
  ]
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`
    }
  }
}

export function ConsentBanner({ analyticsId, reopens }: { analyticsId: string; reopens: number }) {
  const [open, setOpen] = useState(false)
  const t = useT()

  useEffect(() => {
    const choice = readChoice()
    if (choice === 'granted') loadAnalytics(analyticsId)
    // Reading the browser's storage is only possible after hydration.
    else if (choice === null) setOpen(true)
  }, [analyticsId])
  useEffect(() => {
    if (reopens > 0) setOpen(true)
  }, [reopens])

  if (!open) return null

  const choose = (choice: ConsentChoice) => {
    const before = readChoice()
    storeChoice(choice)
    setOpen(false)
    if (choice === 'granted') loadAnalytics(analyticsId)
    else if (before === 'granted' || loadedId) {
      // Withdrawal: drop the cookies and the loaded tag.
      removeAnalyticsCookies()
      window.location.reload()
    }
  }

  // Both choices share one style and size: neither is more prominent (CNIL).
  const choiceClass = 'btn btn-primary min-w-32'
  return (
    <section
      role="region"
      aria-labelledby="consent-title"
      className="fixed inset-x-4 bottom-4 z-[70] mx-auto max-w-2xl rounded-2xl border border-line bg-surface p-5 text-fg shadow-2xl md:bottom-6"
    >
      <h2 id="consent-title" className="font-display text-lg font-semibold">
        {t('consent:title')}
      </h2>
      <p className="mt-2 text-sm text-fg-2">
        {t('consent:body')}{' '}
        <Link to="/confidentialite" className="link">
          {t('consent:more')}
        </Link>
      </p>
      {/* Two equal columns: the same width whatever the words' width in the device's font. */}
      <div className="mt-4 inline-grid grid-cols-2 gap-3">
        <button type="button" className={choiceClass} onClick={() => choose('denied')}>
          {t('consent:refuse')}
        </button>
        <button type="button" className={choiceClass} onClick={() => choose('granted')}>
          {t('consent:accept')}
        </button>
      </div>
    </section>
  )
}
