// The built-in statistics' gate (ADRs 072, 113). The script itself (statistics-script.ts) is a
// chunk of its own, imported once the page is hydrated and only for a visitor who may be counted
// (not signed in): it is not on the path of the first paint. This gate, in every page's shell,
// hands it every page view, goal and click made before it arrived, in order, each with the
// address and page it was made on. A click that would make the browser leave the page before the
// script is there (an outbound link, a full-page link) is held until it is, then made again, so
// it is counted as any other.
import { useEffect } from 'react'
import { useLocation, useMatches } from 'react-router'
import type { StatsEventName } from '#app/domain/analytics-beacon.ts'
import type { ClickGoal } from './statistics-script.ts'

type Script = typeof import('./statistics-script.ts')

/** How long a held click waits for the script at most before the browser follows it anyway. */
const HOLD_BOUND_MS = 3000

let script: Script | undefined
/** What waits for the script while it is on its way. */
let waiting: ((loaded: Script | undefined) => void)[] | undefined
let active = false
let routeId: string | undefined
let clickGoals: readonly ClickGoal[] = []
/** The address the document was loaded at: its vitals are that page's (ADR 096). */
let loadedPage: string | undefined
/** Set while a held click is made again: it was counted already. */
let replaying = false

/** Runs `run` with the script, at once if it is there, else when it arrives (`undefined`: it cannot). */
function withScript(run: (loaded: Script | undefined) => void): void {
  if (script) return run(script)
  if (waiting) {
    waiting.push(run)
    return
  }
  waiting = [run]
  const settle = (loaded: Script | undefined) => {
    script = loaded
    const runs = waiting ?? []
    waiting = undefined
    for (const each of runs) each(loaded)
  }
  // Chunk unreachable (offline, new deploy): these events are lost, a held click goes on.
  import('./statistics-script.ts').then(settle, () => settle(undefined))
}

/** Sends one event (no-op when not measuring); `extra` adds or replaces body fields. */
export function sendStat(name: StatsEventName, extra?: Record<string, unknown>): void {
  if (!active) return
  const u = location.href
  withScript((loaded) => loaded?.sendStat(name, { u, ...extra }))
}

function onClick(event: MouseEvent) {
  const target = event.target as Element | null
  if (replaying || !target?.closest) return
  const place = { u: location.href, routeId, goals: clickGoals }
  withScript((loaded) => loaded?.countClick(target, place))
}

/**
 * A plain click on a link that leaves the page (one the router's links did not take: this runs
 * after them) while the script is on its way: held, then made again once the script has counted
 * it, or after HOLD_BOUND_MS.
 */
function holdLeavingClick(event: MouseEvent) {
  if (script || replaying || event.defaultPrevented || event.button !== 0) return
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const anchor = (event.target as Element | null)?.closest?.('a[href]')
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return
  if (!['', '_self'].includes(anchor.target) || !/^https?:$/.test(anchor.protocol)) return
  // A jump within this page does not leave it.
  if (anchor.hash && anchor.href.split('#')[0] === location.href.split('#')[0]) return
  event.preventDefault()
  let followed = false
  const follow = () => {
    if (followed) return
    followed = true
    clearTimeout(bound)
    replaying = true
    try {
      anchor.click()
    } finally {
      replaying = false
    }
  }
  const bound = setTimeout(follow, HOLD_BOUND_MS)
  withScript(follow)
}

/** Mounted once by the public layout; `signedIn` stops every event. */
export function Audience({
  signedIn,
  clickGoals: goals = [],
}: {
  signedIn: boolean
  clickGoals?: readonly ClickGoal[]
}) {
  const { pathname, search } = useLocation()
  const matches = useMatches()
  routeId = matches.at(-1)?.id
  clickGoals = goals
  useEffect(() => {
    const loaded = (loadedPage ??= location.href)
    const measuring = !signedIn
    active = measuring
    // A signed-in visitor never fetches the script; one who signs in stops a fetched one.
    if (measuring || script || waiting) withScript((s) => s?.setActive(measuring, loaded))
    if (!active) return
    document.addEventListener('click', onClick, true)
    addEventListener('click', holdLeavingClick)
    return () => {
      document.removeEventListener('click', onClick, true)
      removeEventListener('click', holdLeavingClick)
    }
  }, [signedIn])
  useEffect(() => {
    if (!active) return
    const u = location.href
    withScript((s) => s?.pageView(u))
  }, [pathname, search, signedIn])
  return null
}
