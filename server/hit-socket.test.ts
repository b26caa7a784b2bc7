// The socket-level hit path (ADR 042) on raw connections: the same bytes as Node's own
// answer, pipelined hits and misses in order, hand-over to Node for anything outside the
// plain subset (split heads, repeated or body headers, HTTP/1.0, bad header lines), a client
// that does not read, idle connections closed as Node closes them, and shutdown.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestIsSecure } from './fast-path.ts'
import { redirectsHost, securityHeaders } from './middleware.ts'
import { isDecodablePath, malformedPathGuard } from './request-guard.ts'
import { PageCache, pageCacheCapture, pageCacheHits } from './page-cache.ts'
import { installHitSockets, type HitSockets } from './hit-socket.ts'

let generation = 1
let renders = 0
let server: http.Server
let port = 0
let cache: PageCache
let sockets: HitSockets
const logged: string[] = []

beforeAll(async () => {
  cache = new PageCache({ generation: () => generation, maxBytes: 4 * 1024 * 1024 })
  const app = express()
  app.disable('x-powered-by')
  app.use(malformedPathGuard)
  app.use(securityHeaders)
  app.use(pageCacheCapture(cache))
  app.get('/{*splat}', (req, res) => {
    renders += 1
    const nonce = randomBytes(18).toString('base64')
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    if (req.query.miss) res.setHeader('Cache-Control', 'no-store')
    res.end(
      `<!doctype html><html><head><script nonce="${nonce}">1</script></head>` +
        `<body>${req.originalUrl} g${generation} ${'Une page. '.repeat(Number(req.query.size ?? 100))}</body></html>`,
    )
  })
  const options = {
    isSecure: (req: Parameters<typeof requestIsSecure>[1]) => requestIsSecure(app, req),
    redirects: redirectsHost,
    refusesPath: (raw: string) => !isDecodablePath(raw),
    log: (method: string, path: string, status: number) =>
      void logged.push(`${method} ${path} ${status}`),
  }
  const hits = pageCacheHits(cache, options)
  server = http.createServer((req, res) => void (hits(req, res) || app(req, res)))
  sockets = installHitSockets(server, cache, options)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  sockets.closeIdle()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

interface RawAnswer {
  head: string
  status: number
  headers: Map<string, string>
  body: string
}

/** Splits raw HTTP/1.1 answers (Content-Length framing; no body for HEAD and 304). */
function parseAnswers(bytes: Buffer, methods: string[]): RawAnswer[] | null {
  const answers: RawAnswer[] = []
  let offset = 0
  for (const method of methods) {
    const end = bytes.indexOf('\r\n\r\n', offset)
    if (end === -1) return null
    const head = bytes.toString('latin1', offset, end)
    const [statusLine, ...lines] = head.split('\r\n')
    const headers = new Map<string, string>()
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
    }
    const status = Number(statusLine!.split(' ')[1])
    const length =
      method === 'HEAD' || status === 304 ? 0 : Number(headers.get('content-length') ?? 0)
    if (bytes.length < end + 4 + length) return null
    answers.push({
      head,
      status,
      headers,
      body: bytes.toString('utf8', end + 4, end + 4 + length),
    })
    offset = end + 4 + length
  }
  return answers
}

/** Writes `parts` (one write each, in order) on a new connection; reads `methods.length` answers. */
async function exchange(parts: string[], methods: string[]): Promise<RawAnswer[]> {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  const chunks: Buffer[] = []
  const done = new Promise<RawAnswer[]>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      const answers = parseAnswers(Buffer.concat(chunks), methods)
      if (answers) resolve(answers)
    })
    socket.once('error', reject)
    socket.once('close', () => reject(new Error(`closed: ${Buffer.concat(chunks).toString()}`)))
  })
  for (const part of parts) {
    socket.write(part)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  try {
    return await done
  } finally {
    socket.destroy()
  }
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n${extra}\r\n`

/** Fills the cache for `path` (a miss through Express), then the next request is a hit. */
async function filled(path: string) {
  await exchange([get(path)], ['GET'])
  await cache.settled()
}

const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]+/, '\r\nDate: -')

describe('socket-level page-cache hits', () => {
  it("sends the very bytes of Node's own answer, Date aside, and logs the hit", async () => {
    await filled('/same')
    const handed = sockets.handedOver
    logged.length = 0
    const [mine] = await exchange([get('/same')], ['GET'])
    expect(sockets.handedOver).toBe(handed) // answered on the socket
    // A repeated header is Node's to combine: the same hit, answered by Node's http server.
    const [node] = await exchange([get('/same', 'X-Dup: 1\r\nX-Dup: 2\r\n')], ['GET'])
    expect(sockets.handedOver).toBe(handed + 1)
    expect(mine!.status).toBe(200)
    expect(mine!.headers.get('x-page-cache')).toBe('hit')
    expect(mine!.headers.get('date')).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/)
    expect(withoutDate(mine!.head)).toBe(withoutDate(node!.head))
    expect(mine!.body).toBe(node!.body)
    expect(logged).toEqual(['GET /same 200', 'GET /same 200'])
    // HEAD and 304, the same way.
    const etag = mine!.headers.get('etag')!
    const [head, notModified] = await exchange(
      [get('/same').replace('GET', 'HEAD') + get('/same', `If-None-Match: ${etag}\r\n`)],
      ['HEAD', 'GET'],
    )
    const [nodeHead, nodeNotModified] = await exchange(
      [
        get('/same', 'X-Dup: 1\r\nX-Dup: 2\r\n').replace('GET', 'HEAD') +
          get('/same', `If-None-Match: ${etag}\r\nX-Dup: 1\r\nX-Dup: 2\r\n`),
      ],
      ['HEAD', 'GET'],
    )
    expect(head!.status).toBe(200)
    expect(withoutDate(head!.head)).toBe(withoutDate(nodeHead!.head))
    expect(notModified!.status).toBe(304)
    expect(notModified!.headers.has('content-security-policy')).toBe(false)
    expect(withoutDate(notModified!.head)).toBe(withoutDate(nodeNotModified!.head))
  })

  it("follows Node's connection lines when the keep-alive timeout is off", async () => {
    await filled('/no-keep-alive-timeout')
    const saved = server.keepAliveTimeout
    server.keepAliveTimeout = 0
    try {
      // The head's bytes are kept for the second: start in a new one.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5))
      const [mine] = await exchange([get('/no-keep-alive-timeout')], ['GET'])
      const [node] = await exchange(
        [get('/no-keep-alive-timeout', 'X-Dup: 1\r\nX-Dup: 2\r\n')],
        ['GET'],
      )
      expect(mine!.headers.get('connection')).toBe('keep-alive')
      expect(mine!.headers.has('keep-alive')).toBe(false)
      expect(withoutDate(mine!.head)).toBe(withoutDate(node!.head))
    } finally {
      server.keepAliveTimeout = saved
    }
  })

  it('answers pipelined hits and misses in order, Node taking over at the first miss', async () => {
    await filled('/one')
    await filled('/two')
    const before = renders
    const answers = await exchange(
      [get('/one') + get('/two') + get('/three?miss=1') + get('/one') + get('/two')],
      ['GET', 'GET', 'GET', 'GET', 'GET'],
    )
    expect(answers.map((a) => /<body>(\S+)/.exec(a.body)?.[1])).toEqual([
      '/one',
      '/two',
      '/three?miss=1',
      '/one',
      '/two',
    ])
    expect(answers.map((a) => a.headers.get('x-page-cache'))).toEqual([
      'hit',
      'hit',
      undefined,
      'hit',
      'hit',
    ])
    expect(renders).toBe(before + 1)
  })

  it('serves a write of the content generation to the very next pipelined request', async () => {
    await filled('/moving')
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.write(get('/moving'))
    // Its answer first (a fixed pause was too short on a loaded machine), then the write.
    for (let i = 0; i < 250 && !parseAnswers(Buffer.concat(chunks), ['GET']); i++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    generation += 1
    socket.write(get('/moving') + get('/moving'))
    let answers: RawAnswer[] | null = null
    for (let i = 0; i < 100 && !answers; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      answers = parseAnswers(Buffer.concat(chunks), ['GET', 'GET', 'GET'])
    }
    socket.destroy()
    expect(answers!.map((a) => /g(\d+)/.exec(a.body)![1])).toEqual([
      String(generation - 1),
      String(generation),
      String(generation),
    ])
  })

  it('hands to Node what it does not read itself, with the same answers', async () => {
    await filled('/plain')
    const cases: [string, number][] = [
      // A head split across two reads.
      ['GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\n|\r\n', 200],
      // HTTP/1.0, a body on a GET, chunked framing, a header line Node refuses, obs-fold,
      // a bare LF, a space before the colon, a fragment, an absolute target, no Host.
      ['GET /plain HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n', 200],
      ['GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n', 200],
      ['GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n', 400],
      ['GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n folded\r\n\r\n', 400],
      ['GET /plain HTTP/1.1\r\nHost: 127.0.0.1\nX-A: 1\r\n\r\n', 400],
      ['GET /plain HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n', 400],
      ['GET /plain#x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 200],
      ['GET http://127.0.0.1/plain HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 200],
      ['GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
      // HTTP/1.1 without Host: Node refuses it (requireHostHeader), so must a hit.
      ['GET /plain HTTP/1.1\r\nAccept: */*\r\n\r\n', 400],
    ]
    for (const [request, status] of cases) {
      const handed = sockets.handedOver
      const answer = await exchange(request.split('|'), ['GET']).then(
        (answers) => answers[0]!.status,
        () => 400, // Node closes the connection on a parse error after its 400
      )
      expect([request, answer]).toEqual([request, status])
      expect(sockets.handedOver).toBe(handed + 1)
    }
    // `Connection: close` is Node's too: it answers, then closes.
    const socket = net.connect(port, '127.0.0.1')
    const closed = new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
    })
    socket.write(get('/plain', 'Connection: close\r\n'))
    const text = await closed
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(text).toContain('\r\nConnection: close\r\n')
  })

  it('stops reading from a client that does not read its answers', async () => {
    await filled('/big?size=3000')
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.pause()
    const count = 400
    // The last one is a miss: Node takes over once the client has read the hits.
    socket.write(get('/big?size=3000').repeat(count) + get('/big?size=3000&miss=1'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    // 400 answers of 30 KB (12 MB) were asked for; only what the kernel takes is written.
    const [serverSide] = [...sockets.owned].filter((s) => s.remotePort === socket.localPort)
    expect(serverSide).toBeDefined()
    expect(serverSide!.writableLength).toBeLessThan(2 * 1024 * 1024)
    const handed = sockets.handedOver
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.resume()
    const methods = Array.from({ length: count + 1 }, () => 'GET')
    let answers: RawAnswer[] | null = null
    for (let i = 0; i < 200 && !answers; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      answers = parseAnswers(Buffer.concat(chunks), methods)
    }
    socket.destroy()
    expect(answers?.filter((a) => a.headers.get('x-page-cache') === 'hit')).toHaveLength(count)
    expect(answers?.at(-1)?.body).toContain('<body>/big?size=3000&miss=1 ')
    expect(sockets.handedOver).toBe(handed + 1)
  })

  it('answers a client that half-closes after its requests, then ends the connection', async () => {
    await filled('/last')
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    const handed = sockets.handedOver
    socket.end(get('/last') + get('/last'))
    await closed
    expect(parseAnswers(Buffer.concat(chunks), ['GET', 'GET'])?.map((a) => a.status)).toEqual([
      200, 200,
    ])
    expect(sockets.handedOver).toBe(handed)
  })

  it('closes idle connections as Node does, and ends them at shutdown', async () => {
    await filled('/idle')
    const saved = [server.keepAliveTimeout, server.keepAliveTimeoutBuffer] as const
    server.keepAliveTimeout = 100
    server.keepAliveTimeoutBuffer = 0
    try {
      const socket = net.connect(port, '127.0.0.1')
      const closed = new Promise((resolve) => socket.on('close', resolve))
      socket.on('data', () => {})
      socket.write(get('/idle'))
      await closed // closed by the server after 100 ms without a request
    } finally {
      ;[server.keepAliveTimeout, server.keepAliveTimeoutBuffer] = saved
    }
    const socket = net.connect(port, '127.0.0.1')
    const closed = new Promise((resolve) => socket.on('close', resolve))
    const answered = new Promise((resolve) => socket.once('data', resolve))
    socket.write(get('/idle'))
    await answered
    const serverSide = [...sockets.owned].find((s) => s.remotePort === socket.localPort)
    expect(serverSide).toBeDefined()
    sockets.closeIdle()
    await closed
    for (let i = 0; i < 50 && sockets.owned.has(serverSide!); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(sockets.owned.has(serverSide!)).toBe(false)
  })
})
