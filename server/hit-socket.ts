// Page-cache hits answered on the connection itself, below Node's `http` module (ADR 042).
//
// Each new connection of the `http` server first comes here. While its requests are plain
// HTTP/1.1 GET or HEAD heads that arrive whole, and each is a page-cache hit, they are
// answered by writing precomputed bytes (the head of the variant with this second's Date, then
// its body) straight to the socket: no parser object, IncomingMessage, ServerResponse, header
// validation or per-response events. At the first request that is anything else — a miss, a
// bypass, a redirect, a head split across reads, a method, version or header this file does
// not accept — the connection is handed to Node's own `http` handling for the rest of its
// life, with the unread bytes (that request and any pipelined after it) put back in front of
// the stream: Express, the `http`-level hit path and every guard then see it exactly as
// before. On PostgreSQL (`answerAfterPoll`) the bytes read are answered in the check phase
// that follows the poll phase that read them (ADR 051). The parser below only needs to
// recognise a strict subset of HTTP/1.1 (what browsers, proxies and load generators send for
// a page); anything outside it costs a hand-over, never a different answer.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { findHit, headIndex, pathOf, type HitOptions, type PageCache } from './page-cache.ts'

/** A head larger than this, or with more header lines, goes to Node (its limits apply). */
const MAX_HEAD = 8 * 1024
const MAX_HEADER_LINES = 64
const END_OF_HEAD = Buffer.from('\r\n\r\n', 'latin1')
/** Origin-form target of visible ASCII (no fragment), HTTP/1.1 only. */
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21\x22\x24-\x7e]*) HTTP\/1\.1$/
/** `token: value` with optional whitespace, visible ASCII values; no obs-fold, no bare CR/LF. */
const HEADER_LINE =
  /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[\t ]*((?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?)[\t ]*$/
/**
 * Headers that change how the connection or the message is read: Node handles them (a body
 * on a GET, upgrades, `Expect`, `Connection: close`, HTTP/2 preface settings…).
 */
const NODE_ONLY = new Set([
  'content-length',
  'transfer-encoding',
  'upgrade',
  'expect',
  'http2-settings',
  'te',
  'trailer',
])

export interface HitSockets {
  /** Connections still answered here (tests). */
  readonly owned: ReadonlySet<Socket>
  /** How many connections were handed to Node's `http` handling (tests). */
  readonly handedOver: number
  /** Ends the connections held here (between requests by construction): at shutdown. */
  closeIdle(): void
}

/** The Date header's value, made once per second (as Node's `utcDate`). */
let dateSecond = -1
let dateValue = ''
function httpDate(): string {
  const now = Date.now()
  const second = Math.floor(now / 1000)
  if (second !== dateSecond) {
    dateSecond = second
    dateValue = new Date(second * 1000).toUTCString()
  }
  return dateValue
}

/**
 * Puts the socket-level hit path in front of `server`'s own connection handling. `options`
 * are the `http`-level hit path's (same rules); requests are logged the same way.
 */
export function installHitSockets(
  server: Server,
  cache: PageCache,
  options: HitOptions,
): HitSockets {
  const listeners = server.rawListeners('connection')
  if (listeners.length !== 1 || typeof listeners[0] !== 'function') {
    throw new Error('installHitSockets: the server must have only its own connection listener')
  }
  const nodeConnection = listeners[0] as (this: Server, socket: Socket) => void
  server.removeListener('connection', nodeConnection)
  const owned = new Set<Socket>()
  let handedOver = 0
  // What Node adds after the headers of a keep-alive answer (ADR 042 test: same bytes).
  // (no Keep-Alive line when the server's keep-alive timeout is off, as Node).
  const connectionLines = () =>
    server.keepAliveTimeout > 0
      ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n\r\n`
      : 'Connection: keep-alive\r\n\r\n'

  /** The bytes of a variant's head with this second's Date (kept until the second ends). */
  function wire(hit: NonNullable<ReturnType<typeof findHit>>): Buffer {
    const { variant } = hit
    const date = httpDate()
    if (variant.wireStamp !== date) {
      variant.wireStamp = date
      variant.wire = []
    }
    const index = headIndex(hit.notModified, hit.secure)
    let bytes = variant.wire[index]
    if (bytes === undefined) {
      bytes = Buffer.from(`${variant.heads[index]}Date: ${date}\r\n${connectionLines()}`, 'latin1')
      variant.wire[index] = bytes
    }
    return bytes
  }

  server.on('connection', (socket: Socket) => {
    owned.add(socket)
    let idleTimeout = false
    let waiting: Buffer | null = null
    let ended = false

    const onTimeout = () => socket.destroy()
    const onError = () => socket.destroy()
    const onClose = () => owned.delete(socket)
    const onDrain = () => {
      const rest = waiting
      waiting = null
      // Closed while its bytes waited for the check phase: nobody to answer.
      if (socket.destroyed) return
      if (rest !== null) read(rest)
      // Handed to Node meanwhile (resumed there), or waiting for the next drain.
      if (!owned.has(socket) || waiting !== null) return
      socket.resume()
      if (ended) socket.end()
    }
    // The client sent its last request (half-close): as Node, answer what it asked, then end.
    const onEnd = () => {
      ended = true
      if (waiting === null) socket.end()
    }
    const onData = (chunk: Buffer) => {
      // Bytes that came while pausing: after the ones already waiting.
      if (waiting !== null) waiting = Buffer.concat([waiting, chunk])
      else if (options.answerAfterPoll) {
        // Read after the rest of this poll phase (a notification of another process's
        // commit among it): held, then answered from the check phase as after a drain.
        waiting = chunk
        socket.pause()
        setImmediate(onDrain)
      } else read(chunk)
    }
    // Before the first request Node allows `headersTimeout`; between requests, its keep-alive
    // timeout (plus the grace it adds): an idle connection closes as it would there.
    socket.setTimeout(server.headersTimeout || 60_000, onTimeout)
    socket.on('data', onData)
    socket.on('error', onError)
    socket.on('close', onClose)
    socket.on('end', onEnd)

    function handOver(rest: Buffer) {
      socket.removeListener('data', onData)
      socket.removeListener('error', onError)
      socket.removeListener('close', onClose)
      socket.removeListener('end', onEnd)
      socket.removeListener('drain', onDrain)
      socket.removeListener('timeout', onTimeout)
      socket.setTimeout(0)
      owned.delete(socket)
      handedOver += 1
      if (rest.length > 0) socket.unshift(rest)
      nodeConnection.call(server, socket)
      // Paused while a client read its answers: Node's listeners are in place, let it flow.
      if (socket.isPaused()) socket.resume()
    }

    function read(chunk: Buffer) {
      let offset = 0
      let index = 0
      while (offset < chunk.length) {
        const end = chunk.indexOf(END_OF_HEAD, offset)
        // A head split across reads, or too long: Node reads it (and applies its timeouts).
        if (end === -1 || end - offset > MAX_HEAD) return handOver(chunk.subarray(offset))
        if (!answer(chunk, offset, end, index > 0)) return handOver(chunk.subarray(offset))
        offset = end + 4
        index += 1
        // A client that does not read what it asked for: stop reading until it does.
        if (socket.writableNeedDrain && offset < chunk.length) {
          waiting = chunk.subarray(offset)
          socket.pause()
          socket.once('drain', onDrain)
          return
        }
      }
      if (idleTimeout) return
      idleTimeout = true
      socket.setTimeout(server.keepAliveTimeout + keepAliveGrace(server))
    }

    /** Answers one whole head from the cache; false (nothing written) when Node must. */
    function answer(chunk: Buffer, start: number, end: number, later: boolean): boolean {
      const startedAt = options.log ? performance.now() : 0
      const lines = chunk.toString('latin1', start, end).split('\r\n')
      const requestLine = REQUEST_LINE.exec(lines[0]!)
      if (requestLine === null || lines.length - 1 > MAX_HEADER_LINES) return false
      const headers: Record<string, string> = {}
      for (let i = 1; i < lines.length; i++) {
        const line = HEADER_LINE.exec(lines[i]!)
        if (line === null) return false
        const name = line[1]!.toLowerCase()
        // Repeated headers are combined by Node with rules per name: let it.
        if (name in headers || NODE_ONLY.has(name)) return false
        const value = line[2]!
        if (name === 'connection' && value.toLowerCase() !== 'keep-alive') return false
        headers[name] = value
      }
      // HTTP/1.1 requires Host; Node answers 400 without it (requireHostHeader).
      if (headers.host === undefined) return false
      const method = requestLine[1]!
      const url = requestLine[2]!
      const hit = findHit(cache, options, method, url, headers, socket, later)
      if (hit === null) return false
      const head = wire(hit)
      if (hit.notModified || method === 'HEAD') socket.write(head)
      else {
        socket.cork()
        socket.write(head)
        socket.write(hit.variant.body)
        socket.uncork()
      }
      options.log?.(method, pathOf(url), hit.notModified ? 304 : 200, startedAt)
      return true
    }
  })

  return {
    owned,
    get handedOver() {
      return handedOver
    },
    closeIdle() {
      for (const socket of owned) socket.end()
    },
  }
}

/** Node 24 keeps a keep-alive connection open `keepAliveTimeoutBuffer` past the timeout. */
function keepAliveGrace(server: Server): number {
  const grace = (server as Server & { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer
  return typeof grace === 'number' && grace > 0 ? grace : 0
}
