// A discreet « English version » link on a French page (ADR 074), for a visitor whose browser
// prefers English. The server's HTML is the same for everyone (the page cache keys on the
// path, never on Accept-Language): the browser's languages are read once hydrated, and the
// link appears then, in the header's band, outside the page's flow (nothing moves, nothing
// is covered, the focus stays where it is). Written in English for that reader (lang="en").
// Dismissed, it stays away: a bare flag in localStorage, no identifier (ADR 072 holds).
import { useEffect, useState } from 'react'
import { useTwinPath } from '#app/ui/chrome/language-switcher.tsx'

export const EN_SUGGESTION_KEY = 'vitrine:en-suggestion'
const DISMISSED = 'dismissed'

function dismissed(): boolean {
  try {
    return localStorage.getItem(EN_SUGGESTION_KEY) === DISMISSED
  } catch {
    // Storage refused: show nothing rather than a link that cannot be put away for good.
    return true
  }
}

function dismiss() {
  try {
    localStorage.setItem(EN_SUGGESTION_KEY, DISMISSED)
  } catch {
    // Storage refused: the link goes away for this page only.
  }
}

/** The browser prefers English, and the visitor did not just come from the English site. */
function prefersEnglish(): boolean {
  const first = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase()
  if (first !== 'en' && !first.startsWith('en-')) return false
  try {
    const from = new URL(document.referrer)
    return !(from.origin === location.origin && /^\/en(\/|$)/.test(from.pathname))
  } catch {
    return true
  }
}

export function EnglishSuggestion() {
  const to = useTwinPath('en')
  const [shown, setShown] = useState(false)
  useEffect(() => setShown(prefersEnglish() && !dismissed()), [])
  if (!shown) return null
  const close = () => {
    dismiss()
    setShown(false)
  }
  return (
    <p
      lang="en"
      data-testid="english-suggestion"
      className="pointer-events-auto absolute top-4 left-1/2 hidden h-12 -translate-x-1/2 items-center gap-1 rounded-full border border-line bg-surface/90 pr-1 pl-4 text-sm text-fg shadow-lg backdrop-blur md:top-6 lg:flex"
    >
      <a href={to} hrefLang="en" className="link font-semibold" onClick={dismiss}>
        English version
      </a>
      <button
        type="button"
        onClick={close}
        aria-label="Dismiss the English version suggestion"
        className="flex size-10 items-center justify-center rounded-full text-lg text-fg-2 hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  )
}
