// The built-in statistics' script (ADR 072): one beacon per page view, client-side navigations
// included, and one per goal (a contact message sent, a CV download, an outbound link from a
// project, a click on a link or button the owner marked, ADR 103). No cookie, nothing in
// localStorage or sessionStorage; nothing sent for a signed-in user, with Do Not Track or Global
// Privacy Control, or after the privacy page's opt-out. The page load's Core Web Vitals go in one
// more beacon when the page is hidden or left, or at the first client-side navigation (ADR 096).
// A chunk of its own, imported once the page is hydrated by its gate (audience.tsx), which hands
// it every call made before it arrived, in order (ADR 113).
import {
  GOAL_ATTRIBUTE,
  GOAL_NAME_PATTERN,
  OUTBOUND_GOAL_ROUTE,
  pageKindOf,
  STATS_BEACON_PATH,
  statsRefused,
  type StatsEventName,
} from '#app/domain/analytics-beacon.ts'

/** A click goal set in the settings: a link's address or a CSS selector (ADR 103). */
export interface ClickGoal {
  name: string
  target: string
}

/** The page a click was made on, as the gate saw it at the moment of the click. */
export interface ClickPlace {
  /** The page's address. */
  u: string
  /** The matched route's id (app/routes.ts). */
  routeId: string | undefined
  goals: readonly ClickGoal[]
}

let active = false
let firstView = true
let watching = false

/**
 * Whether events may be sent (no signed-in user); the first call that allows them starts the
 * watch of the vitals of the page loaded at `loaded`.
 */
export function setActive(value: boolean, loaded: string): void {
  active = value
  if (active && !watching) {
    watching = true
    watchPageLoad(loaded)
  }
}

/** Sends one event (no-op when not measuring); `extra` adds or replaces body fields. */
export function sendStat(name: StatsEventName, extra?: Record<string, unknown>): void {
  if (!active || typeof navigator.sendBeacon !== 'function') return
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  if (statsRefused(document.cookie, nav)) return
  let zone: string | undefined
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    // No time zone: no country.
  }
  const body: Record<string, unknown> = { n: name, u: location.href, w: innerWidth, z: zone }
  // The referrer is the other site's only for the first page; later views are internal.
  if (name === 'pageview' && firstView) {
    body.r = document.referrer
    firstView = false
  }
  Object.assign(body, extra)
  // A string body goes as text/plain: no preflight, no cookie needed.
  navigator.sendBeacon(STATS_BEACON_PATH, JSON.stringify(body))
}

/** A page view of `u`; a client-side navigation first sends the loaded page's vitals. */
export function pageView(u: string): void {
  if (!firstView) sendVitals?.()
  sendStat('pageview', { u })
}

/** The click goal an element is, or is inside: its `data-goal`, or a settings goal it matches. */
function clickGoalOf(target: Element, place: ClickPlace): string | undefined {
  const marked = target.closest(`[${GOAL_ATTRIBUTE}]`)?.getAttribute(GOAL_ATTRIBUTE)
  if (marked && GOAL_NAME_PATTERN.test(marked)) return marked
  const anchor = target.closest('a[href]')
  const href = anchor instanceof HTMLAnchorElement ? new URL(anchor.href, place.u) : null
  for (const goal of place.goals) {
    if (/^(\/|https?:)/.test(goal.target)) {
      if (!href) continue
      const wanted = new URL(goal.target, place.u)
      // An address without a query matches the link whatever its query.
      const same =
        wanted.origin === href.origin &&
        wanted.pathname === href.pathname &&
        (!wanted.search || wanted.search === href.search)
      if (same) return goal.name
    } else {
      try {
        if (target.closest(goal.target)) return goal.name
      } catch {
        // Not a valid selector: that goal counts nothing.
      }
    }
  }
  return undefined
}

/** Counts a click on `target` made on `place`: a goal, a CV download, an outbound link. */
export function countClick(target: Element, place: ClickPlace): void {
  const goal = clickGoalOf(target, place)
  const u = place.u
  if (goal) sendStat('goal', { g: goal, u })
  const anchor = target.closest('a[href]')
  if (!(anchor instanceof HTMLAnchorElement)) return
  const url = new URL(anchor.href, u)
  if (url.origin === new URL(u).origin) {
    if (/^\/cv\/(?:telecharger|fichier)$/.test(url.pathname)) sendStat('cv', { u })
  } else if (/^https?:$/.test(url.protocol) && pageKindOf(place.routeId) === OUTBOUND_GOAL_ROUTE) {
    sendStat('outbound', { l: url.href, u })
  }
}

/** Sends the page load's vitals once (ADR 096); set once they are measured. */
let sendVitals: (() => void) | undefined

function watchPageLoad(u: string): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  if (statsRefused(document.cookie, nav)) return
  // The measures are the loaded page's (`u`), even if the visitor has moved on before sending.
  void import('./web-vitals-watch.ts').then(
    ({ watchVitals }) => {
      const measures = watchVitals()
      let sent = false
      sendVitals = () => {
        const m = measures()
        if (sent || Object.keys(m).length === 0) return
        sent = true
        sendStat('vitals', { u, m })
      }
      // Only on `visibilitychange`, which every current browser fires when a page is left or
      // closed: `pagehide` comes first, before web-vitals has taken the last records (the final
      // LCP, the INP of a click just made), and the beacon would leave without them. The
      // web-vitals listeners were added first, so they report before this one sends.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') sendVitals?.()
      })
    },
    () => {
      // Chunk unreachable (offline, new deploy): no measures for this page load.
    },
  )
}
