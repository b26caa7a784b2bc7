// Audience-measurement consent (ADR 022, CNIL guidelines on cookies): no analytics tag loads
// before the visitor agrees; 'Accepter' and 'Refuser' are equally prominent; the choice is
// remembered for 6 months in the browser, then asked again; the footer link reopens it.
// No I/O: the browser side (app/ui/chrome/consent.tsx) reads and writes localStorage.

export const CONSENT_STORAGE_KEY = 'vitrine-consent'
/** CNIL: a choice is kept (and not asked again) for about 6 months. */
export const CONSENT_MAX_AGE_DAYS = 182

export type ConsentChoice = 'granted' | 'denied'

/** The remembered choice, or null when there is none, it is unreadable or it expired. */
export function parseConsent(raw: string | null, now: Date = new Date()): ConsentChoice | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as { choice?: unknown; at?: unknown }
    if (value.choice !== 'granted' && value.choice !== 'denied') return null
    const at = typeof value.at === 'string' ? Date.parse(value.at) : NaN
    if (!Number.isFinite(at) || at > now.getTime() + 60_000) return null
    if (now.getTime() - at > CONSENT_MAX_AGE_DAYS * 86_400_000) return null
    return value.choice
  } catch {
    return null
  }
}

export function serializeConsent(choice: ConsentChoice, now: Date = new Date()): string {
  return JSON.stringify({ choice, at: now.toISOString() })
}
