// First come, first served for the requests that reach React Router (ADR 031).
//
// Node accepts at most one new connection per turn of its event loop, and reads every request
// already waiting on an open connection in that same turn. Each page render is a few
// milliseconds of CPU, so with fifty requests waiting, one turn lasted 50 renders (≈200 ms)
// and a connection opened during a burst waited one such turn per connection ahead of it before
// even being accepted: one to five seconds (a p99 ≈ 1.5 s and wrk time-outs),
// while connections already open were served again and again.
//
// Requests are queued here in arrival order and started one per turn of the event loop (the
// render itself runs on at once, in that turn's microtasks). A turn is then one render long,
// the loop accepts the next connection between two renders, and a request waits for the ones
// that arrived before it, never for an endless stream of later ones. Nothing is held: a
// request that waits on I/O does not block the queue, which moves on at the next turn.
import type { NextFunction, Request, Response } from 'express'

interface Waiting {
  req: Request
  next: NextFunction
}

export function fairStart() {
  // A ring of waiting requests: shift() on a long array is O(n).
  let queue: Waiting[] = []
  let head = 0
  let scheduled = false

  function startOne() {
    scheduled = false
    while (head < queue.length) {
      const waiting = queue[head]!
      queue[head++] = undefined as unknown as Waiting
      // The client gave up while waiting: nothing to render for it.
      if (waiting.req.socket.destroyed) continue
      if (head < queue.length) schedule()
      else {
        queue = []
        head = 0
      }
      waiting.next()
      return
    }
    queue = []
    head = 0
  }

  function schedule() {
    if (scheduled) return
    scheduled = true
    setImmediate(startOne)
  }

  return function fairStartMiddleware(req: Request, _res: Response, next: NextFunction) {
    queue.push({ req, next })
    schedule()
  }
}
