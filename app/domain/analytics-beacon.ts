// What the public statistics script and the collection endpoint agree on (ADR 072). No zod
// here: the public pages import this file, and their JavaScript stays small.

/** The collection endpoint: language-neutral, under /api (never cached, ADR 026). */
export const STATS_BEACON_PATH = '/api/event'

/**
 * The opt-out cookie: its only content is 'opt-out' (no identifier). Named so the page cache
 * ignores it (server/page-cache/store.ts): no page varies on it.
 */
export const STATS_OPT_OUT_COOKIE = '_vitrine_stats'
export const STATS_OPT_OUT_VALUE = 'opt-out'
/** 13 months at most (CNIL): the browser forgets the choice then. */
export const STATS_OPT_OUT_MAX_AGE_S = 395 * 24 * 60 * 60

/**
 * Event names the script sends: a page view, the three goals, a click on a link or button the
 * owner marked as a goal (ADR 103), and the page load's Core Web Vitals, sent once when the page
 * is hidden or left (ADR 096).
 */
export const STATS_EVENTS = ['pageview', 'contact', 'cv', 'outbound', 'goal', 'vitals'] as const
export type StatsEventName = (typeof STATS_EVENTS)[number]

/**
 * The page whose outbound links count as the 'outbound' goal, by its route id in
 * app/routes.ts (the same file serves /projects/:id and /en/projects/:id): the script reads
 * the page kind from the matched route, never from a path prefix, so every language's page
 * counts (ADR 089).
 */
export const OUTBOUND_GOAL_ROUTE = 'routes/public/project'

/** The page kind of a route id: its id without the language prefix ("en-", ADR 074). */
export function pageKindOf(routeId: string | undefined): string | undefined {
  return routeId?.replace(/^en-/, '')
}

/** The largest event body the endpoint reads, in bytes. */
export const STATS_MAX_BODY_BYTES = 2048

/** Screen size classes, by the viewport's CSS width. */
export function screenClass(width: number): 'mobile' | 'tablet' | 'desktop' {
  return width < 640 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop'
}

/** Whether a Cookie header carries the opt-out: the one place that reads it. */
export function hasStatsOptOut(cookie: string): boolean {
  return cookie
    .split(';')
    .some((c) => c.trim() === `${STATS_OPT_OUT_COOKIE}=${STATS_OPT_OUT_VALUE}`)
}

/** Whether this browser's visitor opted out (the cookie) or asked not to be tracked. */
export function statsRefused(
  cookie: string,
  nav: { doNotTrack?: string | null; globalPrivacyControl?: boolean },
): boolean {
  return hasStatsOptOut(cookie) || nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

/**
 * A click goal's name (ADR 103): lower-case letters, digits and inner hyphens, 40 at most. The
 * only value the Markdown sanitiser lets through in `data-goal`, and the only one the endpoint
 * stores.
 */
export const GOAL_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

/** The attribute that marks a link or button as a click goal (ADR 103). */
export const GOAL_ATTRIBUTE = 'data-goal'
