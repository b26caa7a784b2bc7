// The content generation: one number bumped by every write that can change what a public
// page shows (ADR 026). Read caches (settings, profile…) and the page cache compare it with
// the generation they were filled under, so no stale page or value survives an admin save.
//
// Writes of this process reach it through the Kysely plugin of every database connection
// (`content-writes.server.ts`), so tables added later are covered without code here. Writes
// of other processes on the same SQLite file (a CLI script, the browser tests' factories)
// are seen through the external-change probe: SQLite's `PRAGMA data_version` changes
// whenever another connection commits. A multi-host version (PostgreSQL) replaces the probe
// (for example LISTEN/NOTIFY or a counter row) without touching the callers.
import { getCache } from './caches.server.ts'

let generation = 1
const listeners = new Set<(generation: number) => void>()
let probe: (() => number) | undefined
let probed: number | undefined

/** The current content generation (a positive integer that only grows). */
export function contentGeneration(): number {
  if (probe) {
    let seen: number
    try {
      seen = probe()
    } catch {
      seen = NaN // a closed database: count it as a change
    }
    if (seen !== probed) {
      probed = seen
      bumpContentGeneration()
    }
  }
  return generation
}

let probedThisTurn = false
const endTurn = () => {
  probedThisTurn = false
}

/**
 * The generation for a request read in the current event-loop turn (the page cache's hit
 * path, ADR 035): the external-change probe runs at most once per turn, at the first call,
 * and later calls of the same turn share it. Writes of this process still count at once (they
 * bump `generation` synchronously). A commit of another process made before a request was
 * sent is still seen: a request answered in this turn had bytes waiting when the turn's poll
 * began, so before the shared probe ran. The one exception, a second request read from the
 * same connection in the same turn (pipelining), is for the caller to route to the exact
 * `contentGeneration()`.
 */
export function contentGenerationThisTurn(): number {
  if (probe === undefined || probedThisTurn) return generation
  probedThisTurn = true
  // The check phase follows this turn's poll phase: the next turn probes again.
  setImmediate(endTurn)
  return contentGeneration()
}

let shareProbe = false
let sharedProbeValid = false
const endSharedProbe = () => {
  sharedProbeValid = false
}

/**
 * The generation a cached read compares with (ADR 046). By default the exact check. In the
 * server (`shareProbeBetweenRequests`), the external-change probe runs at most once between
 * two request arrivals, and at most once per event-loop turn: a page's loaders read five to
 * seven cached values and share one `PRAGMA data_version` instead of probing for each. A commit
 * of another process made before a request was sent is still seen by that request: its
 * arrival (`requestArrived`) comes after the commit and drops the shared result, so the first
 * read after it probes again. Writes of this process count at once (they bump `generation`).
 */
function generationForRead(): number {
  if (!shareProbe || probe === undefined) return contentGeneration()
  if (sharedProbeValid) return generation
  sharedProbeValid = true
  setImmediate(endSharedProbe)
  return contentGeneration()
}

/** Lets cached reads share one probe between request arrivals (the server turns it on). */
export function shareProbeBetweenRequests(enabled = true): void {
  shareProbe = enabled
  sharedProbeValid = false
}

/** Called by the server when a request arrives: the next cached read probes again. */
export function requestArrived(): void {
  sharedProbeValid = false
}

let changesArriveAsEvents = false
let confirm: (() => Promise<void>) | undefined

/**
 * Whether other processes' commits are learned from an event read on a socket (PostgreSQL's
 * notifications) rather than by a synchronous probe (SQLite's `PRAGMA data_version`). Then a
 * request and the notification of a commit made before it was sent can be read in the same
 * poll phase of the event loop, the request first: the page cache answers hits only after that
 * phase (server/page-cache/hits.ts, `answerAfterPoll`).
 */
export function externalChangesArriveAsEvents(): boolean {
  return changesArriveAsEvents
}

/**
 * Resolves once every commit of another process acknowledged before this call is counted in
 * the generation (ADR 078): PostgreSQL's channel confirms with a round trip; undefined when
 * there is nothing to wait for (SQLite's probe is synchronous, one process has no one else).
 * The server calls it before any request may read a cache.
 */
export function confirmExternalChanges(): Promise<void> | undefined {
  return confirm?.()
}

/**
 * Registers how to notice commits made outside this process (or none). Changing it is a
 * change of database, so it bumps the generation too. `events`: the probe only reads what
 * an event handler recorded (see `externalChangesArriveAsEvents`); `confirm`: how to make
 * sure the events of commits already acknowledged have arrived (`confirmExternalChanges`).
 */
export function setExternalChangeProbe(
  next: (() => number) | undefined,
  options: { events?: boolean; confirm?: () => Promise<void> } = {},
): void {
  probe = next
  changesArriveAsEvents = next !== undefined && (options.events ?? false)
  confirm = next === undefined ? undefined : options.confirm
  try {
    probed = next?.()
  } catch {
    probed = undefined
  }
  bumpContentGeneration()
}

/** Marks every cached page and read as stale. Cheap: call it after any content write. */
export function bumpContentGeneration(): number {
  generation += 1
  for (const listener of listeners) listener(generation)
  return generation
}

/** Called with the new generation after each bump; returns the unsubscribe function. */
export function onContentGeneration(listener: (generation: number) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

let timer: ReturnType<typeof setTimeout> | undefined
let timerAt = Infinity
const MAX_TIMEOUT_MS = 2 ** 31 - 1

/**
 * Content that becomes visible at a given time (a scheduled blog post) calls this with that
 * time: the generation is bumped then, so cached pages and reads made before it are dropped.
 * Only the earliest pending time is kept; call it again (after the bump, or at start-up)
 * with the next one.
 */
export function scheduleContentChange(at: Date | number): void {
  const when = typeof at === 'number' ? at : at.getTime()
  if (!Number.isFinite(when)) return
  const delay = when - Date.now()
  if (delay <= 0) {
    bumpContentGeneration()
    return
  }
  if (when >= timerAt) return
  clearTimeout(timer)
  timerAt = when
  timer = setTimeout(
    () => {
      timer = undefined
      timerAt = Infinity
      if (Date.now() >= when) bumpContentGeneration()
      else scheduleContentChange(when)
    },
    Math.min(delay, MAX_TIMEOUT_MS),
  )
  timer.unref()
}

/** Drops the pending scheduled change, if any (its database is closing). */
export function cancelScheduledContentChange(): void {
  clearTimeout(timer)
  timer = undefined
  timerAt = Infinity
}

/** Cached values are shared by every request: frozen, so no caller can change another's. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * A value read once per content generation (site settings, profile, navigation counts):
 * the first call after a write reads again; concurrent callers share one read. `name` names
 * its cache (ADR 081).
 */
export function cachedRead<T>(
  name: string,
  read: () => Promise<T>,
): (() => Promise<T>) & { clear(): void } {
  const byKey = cachedReadByKey<undefined, T>(name, () => read(), 1)
  return Object.assign(() => byKey(undefined), { clear: byKey.clear })
}

/** Keys a keyed read holds by default (a visitor can ask for endless slugs). */
const MAX_KEYS_PER_READ = 512
const NULLISH_KEY = Symbol('nullish key')

/**
 * Values read once per content generation and key (a post by its slug, a project by its id;
 * ADR 039): the first call for a key after a write reads again; concurrent callers of one key
 * share one read. At most `maxKeys` keys are held (a visitor can ask for endless slugs): past
 * that, the least recently used key is dropped. `name` names its cache (ADR 081).
 */
export function cachedReadByKey<K, T>(
  name: string,
  read: (key: K) => Promise<T>,
  maxKeys = MAX_KEYS_PER_READ,
): ((key: K) => Promise<T>) & { clear(): void; size(): number } {
  let generationOfValues = 0
  // `undefined` is a key too (a list of every type); lru-cache keys are never nullish.
  const slotOf = (key: K) => key ?? NULLISH_KEY
  const values = getCache<NonNullable<K> | typeof NULLISH_KEY, Promise<T>>(`read:${name}`, {
    max: maxKeys,
  })
  const get = (key: K) => {
    const current = generationForRead()
    if (current !== generationOfValues) {
      values.clear()
      generationOfValues = current
    }
    const slot = slotOf(key)
    const held = values.get(slot)
    if (held) return held
    const value = read(key).then(deepFreeze)
    values.set(slot, value)
    // A failed read is not kept: the next caller tries again.
    value.catch(() => {
      if (values.peek(slot) === value) values.delete(slot)
    })
    return value
  }
  return Object.assign(get, {
    clear() {
      values.clear()
    },
    size: () => values.size,
  })
}
