// A discreet « English version » link on a French page (ADR 074), for a visitor whose browser
// prefers English. The server's HTML is the same for everyone (the page cache keys on the
// path, never on Accept-Language): the browser's languages are read once hydrated, and the
// link appears then, in the header's band, outside the page's flow (nothing moves, nothing
// is covered, the focus stays where it is). Written in English for that reader (lang="en").
// Dismissed, it stays away: a bare flag in localStorage, no identifier (ADR 072 holds).
import { lazy, Suspense, useEffect, useState } from 'react'

// The link itself is a chunk of its own, imported only for the visitors it is for (ADR 105).
const EnglishSuggestionLink = lazy(() =>
  import('./suggestion-link.tsx').then((module) => ({
    default: module.EnglishSuggestionLink,
  })),
)

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
  const [shown, setShown] = useState(false)
  useEffect(() => setShown(prefersEnglish() && !dismissed()), [])
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <EnglishSuggestionLink
        onFollow={dismiss}
        onClose={() => {
          dismiss()
          setShown(false)
        }}
      />
    </Suspense>
  )
}
