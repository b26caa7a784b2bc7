// The page cache in the request pipeline (ADRs 029 and 078): an Express middleware placed after
// every guard (host, method, path, response rules, redirects, security headers, request log,
// compression), so a hit passes the very rules a miss passes. A hit sets the stored answer's
// headers and hands its bytes to `res.send`, which answers 304 to a matching If-None-Match
// and HEAD without a body, as for any Express answer; a miss is recorded (./capture.ts) and
// goes on to React Router.
import type { NextFunction, Request, Response } from 'express'
import { capture } from './capture.ts'
import { isDataUrl, type PageCache } from './store.ts'
import { codingsOf } from './variants.ts'

export interface PageCacheMiddlewareOptions {
  /**
   * Other processes' commits arrive as events on a socket (PostgreSQL notifications, ADR
   * 033): a request is looked up only in the check phase after the poll phase that read it,
   * so a notification read in that same phase (sent before the request was) counts first
   * (ADR 051).
   */
  answerAfterPoll?: boolean
}

/** The turn of a connection's last request looked up. */
const HIT_TURN = Symbol('page-cache-turn')
type TurnSocket = object & { [HIT_TURN]?: number }

// Event-loop turns, counted from the first lookup of each (ADR 035): a connection's second
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

/** Answers hits from `cache`, records shareable misses; everything else goes on untouched. */
export function pageCacheMiddleware(cache: PageCache, options: PageCacheMiddlewareOptions = {}) {
  const lookup = (req: Request, res: Response, next: NextFunction) => {
    const url = req.originalUrl
    const key = cache.keyOf(req.method, url, req.headers)
    if (key === null) return next()
    const entry = cache.get(key, firstOfTurn(req.socket))
    if (entry === undefined) {
      if (req.method === 'GET') capture(cache, key, res, isDataUrl(url))
      return next()
    }
    const { headers, body } = cache.variant(entry, codingsOf(req.headers['accept-encoding']))
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!)
    res.send(body)
  }
  if (!options.answerAfterPoll) return lookup
  return (req: Request, res: Response, next: NextFunction) =>
    void setImmediate(lookup, req, res, next)
}
