// The page cache's hit path (ADR 029): called by the `node:http` server's request listener
// before Express, it answers a hit with one `writeHead` of a precomputed header list and the
// stored bytes, or leaves the request untouched for Express (misses, bypasses, redirects,
// refusals), which then handles it as always.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HitLog } from '../fast-path.ts'
import { pathOf, type PageCache } from './store.ts'
import { codingsOf, etagMatches, type Variant } from './variants.ts'

export interface HitOptions {
  /**
   * Whether the request came over https: Express's `req.secure` honouring TRUST_PROXY, computed
   * before Express (server/fast-path.ts `requestIsSecure`).
   */
  isSecure: (req: Pick<IncomingMessage, 'socket' | 'headers'>) => boolean
  /** Whether Express would redirect this host (canonical host, https): then it does. */
  redirects: (host: string, secure: boolean) => boolean
  /** Whether Express would refuse this path before any route (undecodable escapes). */
  refusesPath: (path: string) => boolean
  /** Log hits as the request log does (one JSON line per request). */
  log?: HitLog
  /**
   * Other processes' commits arrive as events on a socket (PostgreSQL notifications, ADR
   * 033): a request is looked up only after the poll phase that read it, in the check phase,
   * so a notification read in that same phase (sent before the request was) is counted first.
   */
  answerAfterPoll?: boolean
}

/** What a hit sends: a variant, 200 or 304, plain or https. */
interface Hit {
  variant: Variant
  notModified: boolean
  secure: boolean
}

/** The turn of a connection's last request seen by the hit path. */
const HIT_TURN = Symbol('page-cache-turn')
type TurnSocket = object & { [HIT_TURN]?: number }

// Event-loop turns, counted from the first hit of each (ADR 035): a connection's second
// request read in one turn (pipelining) may have arrived after the turn's shared check of
// other processes' commits, so it gets an exact one.
let turn = 0
let turnOpen = false
const nextTurn = () => {
  turn += 1
  turnOpen = false
}

/** Whether this is the connection's first request looked up in this event-loop turn. */
function firstOfTurn(socket: TurnSocket): boolean {
  if (!turnOpen) {
    turnOpen = true
    setImmediate(nextTurn)
  }
  const first = socket[HIT_TURN] !== turn
  socket[HIT_TURN] = turn
  return first
}

/**
 * The answer to a request from the cache, or null when Express must handle it (not
 * cacheable, a miss, a bypass, a redirect, a refusal).
 */
function findHit(cache: PageCache, options: HitOptions, req: IncomingMessage): Hit | null {
  const { headers } = req
  const url = req.url!
  const key = cache.keyOf(req.method, url, headers)
  if (key === null) return null
  const entry = cache.get(key, firstOfTurn(req.socket))
  if (entry === undefined) return null
  if (url.includes('%') && options.refusesPath(url.split('?', 1)[0]!)) return null
  const secure = options.isSecure(req)
  const slot = secure ? 1 : 0
  let redirects = entry.redirects[slot]
  if (redirects === undefined) {
    redirects = options.redirects(headers.host ?? '', secure)
    entry.redirects[slot] = redirects
  }
  if (redirects) return null
  const variant = cache.variant(entry, codingsOf(headers['accept-encoding']))
  const condition = headers['if-none-match']
  const notModified = condition !== undefined && etagMatches(condition, variant.etag)
  return { variant, notModified, secure }
}

/**
 * The hit path: answers a hit and returns true, or returns false untouched. Per hit: a key, a
 * map lookup, the generation, a variant pick and one `writeHead` with a precomputed header
 * list.
 */
export function pageCacheHits(cache: PageCache, options: HitOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const startedAt = options.log ? performance.now() : 0
    const hit = findHit(cache, options, req)
    if (hit === null) return false
    const { variant, secure } = hit
    if (hit.notModified) {
      res.writeHead(304, secure ? variant.secureNotModified : variant.notModified)
      res.end()
    } else {
      res.writeHead(200, secure ? variant.secureHeaders : variant.headers)
      if (req.method === 'HEAD') res.end()
      else res.end(variant.body)
    }
    options.log?.(req.method!, pathOf(req.url!), hit.notModified ? 304 : 200, startedAt)
    return true
  }
}

/**
 * The `http` server's request listener: a hit from the cache, or else the app (Express). With
 * `answerAfterPoll`, both wait for the check phase of the turn that read the request.
 */
export function hitsThenApp(
  hits: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined,
  app: (req: IncomingMessage, res: ServerResponse) => void,
  answerAfterPoll = false,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (hits === undefined) return app
  const answer = (req: IncomingMessage, res: ServerResponse) =>
    void (hits(req, res) || app(req, res))
  if (!answerAfterPoll) return answer
  return (req, res) => void setImmediate(answer, req, res)
}
