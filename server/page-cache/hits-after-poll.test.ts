// Page-cache hits on PostgreSQL (ADR 051): another server's commit is learned from a
// notification read on a socket. When a request and the notification of a commit made before
// the request was sent are read in the same poll phase of the event loop, the request first,
// the hit must still see the commit: with `answerAfterPoll` the page cache looks the request
// up only in the check phase, after the notification's handler bumped the generation.
//
// The race is set up deterministically: the request and the notification byte are written
// (in that order) while this thread sleeps, so the next poll finds both sockets readable.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { PageCache, pageCacheMiddleware } from './index.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function listening(server: net.Server): Promise<number> {
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return (server.address() as AddressInfo).port
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  closers.push(async () => void socket.destroy())
  return socket
}

/** A page server whose pages show the generation they were rendered under. */
async function pageServer({ answerAfterPoll }: { answerAfterPoll: boolean }) {
  const state = { generation: 1 }
  const cache = new PageCache({ generation: () => state.generation, maxBytes: 1024 * 1024 })
  const app = express()
  app.disable('x-powered-by')
  app.use(pageCacheMiddleware(cache, { answerAfterPoll }))
  app.get('/{*splat}', (req, res) => {
    // A cacheable render carries a fresh nonce in its policy (ADR 029).
    res.setHeader(
      'Content-Security-Policy',
      `script-src 'nonce-${randomBytes(18).toString('base64')}'`,
    )
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(`<!doctype html><html><body>${req.path} g${state.generation}</body></html>`)
  })
  const server = http.createServer(app)
  const port = await listening(server)
  closers.push(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  // The "PostgreSQL listener": each byte it reads is another server's commit.
  const channel = net.createServer((socket) => {
    socket.on('data', (bytes) => (state.generation += bytes.length))
  })
  const channelPort = await listening(channel)
  closers.push(() => new Promise((resolve) => channel.close(() => resolve())))
  return { port, channelPort, cache }
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n`

/** Reads one answer with a Content-Length body from `socket`. */
function answerOn(socket: net.Socket): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let bytes = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk])
      const end = bytes.indexOf('\r\n\r\n')
      if (end === -1) return
      const head = bytes.toString('latin1', 0, end)
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
      if (bytes.length < end + 4 + length) return
      socket.off('data', onData)
      resolve({ head, body: bytes.toString('utf8', end + 4, end + 4 + length) })
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
}

/** Blocks this thread: whatever is written meanwhile is read by one later poll phase. */
function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

async function requestBesideACommit(target: Awaited<ReturnType<typeof pageServer>>) {
  const client = await connect(target.port)
  const notifier = await connect(target.channelPort)
  // Filled at generation 1, then a hit.
  client.write(get('/page'))
  expect((await answerOn(client)).body).toContain('/page g1')
  await target.cache.settled()
  client.write(get('/page'))
  const hit = await answerOn(client)
  expect(hit.head).toMatch(/x-page-cache: hit/i)
  expect(hit.body).toContain('/page g1')
  // The commit's notification was sent before the request, and both wait for the same poll.
  client.write(get('/page'))
  notifier.write('x')
  sleepSync(50)
  return answerOn(client)
}

describe('page-cache hits after the poll phase (answerAfterPoll)', () => {
  it('a commit read in the same poll as the request is seen', async () => {
    const target = await pageServer({ answerAfterPoll: true })
    const answer = await requestBesideACommit(target)
    expect(answer.head).not.toMatch(/x-page-cache: hit/i)
    expect(answer.body).toContain('/page g2')
  })

  // What the option prevents (why ADR 051 exists): looked up in the poll phase, the request is
  // answered before the notification read beside it, from the page of before the commit. If
  // this stops failing without the option, the setup above no longer reproduces the race.
  it('without it, the same arrival order serves the page of before the commit', async () => {
    const target = await pageServer({ answerAfterPoll: false })
    const answer = await requestBesideACommit(target)
    expect(answer.head).toMatch(/x-page-cache: hit/i)
    expect(answer.body).toContain('/page g1')
  })
})
