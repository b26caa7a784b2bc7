// The page cache's hits share one check of other processes' commits per event-loop turn (ADR
// 035). Through real HTTP on a real temporary SQLite file: a commit made by another process
// (a CLI script, a restore) before a request is sent is seen by that request, even while a
// stream of concurrent hits is answered turn after turn; a write of this process counts at once.
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  contentGeneration,
  contentGenerationThisTurn,
} from '#app/server/cache/generation.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { getSiteSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../tests/fixtures/db.ts'
import { PageCache, pageCacheMiddleware } from './index.ts'

const database = useTestDatabase()
let origin = ''
let server: http.Server
let renders = 0
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })

beforeEach(async () => {
  process.env.LOG_LEVEL = 'silent'
  const cache = new PageCache({
    generation: contentGeneration,
    turnGeneration: contentGenerationThisTurn,
  })
  const app = express()
  app.use(pageCacheMiddleware(cache))
  app.get('/{*splat}', async (_req, res) => {
    renders += 1
    const { siteName } = await getSiteSettings()
    const nonce = 'Tm9uY2VOb25jZU5vbmNlTm9u'
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(`<!doctype html><title>${siteName}</title><script nonce="${nonce}">1</script>`)
  })
  server = http.createServer(app)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  agent.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function title(path = '/'): Promise<{ title: string; cache: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            title: /<title>(.*)<\/title>/.exec(body)?.[1] ?? '',
            cache: String(res.headers['x-page-cache']),
          }),
        )
      })
      .on('error', reject)
  })
}

/** Another process commits to the database file, as a CLI script or a restore would. */
function writeFromAnotherProcess(file: string, siteName: string) {
  const script = `
    const { DatabaseSync } = require('node:sqlite')
    const db = new DatabaseSync(process.argv[1])
    db.prepare('INSERT OR REPLACE INTO settings (id, data, "updatedAt") VALUES (?, ?, NULL)')
      .run('main', process.argv[2])
    db.close()`
  const data = JSON.stringify(makeSettings({ siteName }))
  const done = spawnSync(process.execPath, ['-e', script, file, data], { encoding: 'utf8' })
  expect(done.status, done.stderr).toBe(0)
}

describe.skipIf(TEST_POSTGRES)('page cache hits and other processes', () => {
  it("serves another process's commit to the next request, amid concurrent hits", async () => {
    await updateSettings(makeSettings({ siteName: 'Avant' }))
    expect((await title()).title).toBe('Avant')
    expect(await title()).toEqual({ title: 'Avant', cache: 'hit' })

    // Concurrent hits keep every turn busy while the other process writes.
    let loading = true
    const seen: string[] = []
    const loops = Array.from({ length: 8 }, async () => {
      while (loading) seen.push((await title()).title)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const name of ['Écrit par un script', 'Restauré']) {
      writeFromAnotherProcess(database.current.file, name)
      // The request is sent after the commit: it sees it (rendered or already stored again).
      expect((await title()).title).toBe(name)
      // Then stored again and answered from the cache (a state: polled, however loaded).
      await expect
        .poll(() => title(), { timeout: 10_000, interval: 10 })
        .toEqual({ title: name, cache: 'hit' })
    }
    loading = false
    await Promise.all(loops)
    expect(seen.length).toBeGreaterThan(20)
    expect(seen.at(-1)).toBe('Restauré')
  })

  it('counts a write of this process at once, within a turn of hits', async () => {
    await updateSettings(makeSettings({ siteName: 'Premier' }))
    await title()
    expect(await title()).toEqual({ title: 'Premier', cache: 'hit' })
    const before = renders
    // Requests sent together are read in the same turn; the save lands between them.
    const first = title()
    await updateSettings(makeSettings({ siteName: 'Second' }))
    const [a, b] = await Promise.all([first, title()])
    expect(a.title === 'Premier' || a.title === 'Second').toBe(true)
    expect(b.title).toBe('Second')
    expect(renders).toBeGreaterThan(before)
  })

  it("checks a connection's second request of a turn exactly (pipelining)", async () => {
    const calls = { turn: 0, exact: 0 }
    const cache = new PageCache({
      generation: () => (calls.exact++, 1),
      turnGeneration: () => (calls.turn++, 1),
    })
    const app = express()
    app.use(pageCacheMiddleware(cache))
    app.use((_req, res) => void res.status(404).end())
    const pipelined = http.createServer(app)
    pipelined.listen(0, '127.0.0.1')
    await new Promise((resolve) => pipelined.once('listening', resolve))
    const host = `127.0.0.1:${(pipelined.address() as AddressInfo).port}`
    const nonce = 'Tm9uY2VOb25jZU5vbmNlTm9u'
    for (const path of ['/un', '/deux']) {
      const stored = cache.set(
        `${host}\n${path}`,
        1,
        [['content-type', 'text/html; charset=utf-8']],
        `script-src 'nonce-${nonce}'`,
        Buffer.from(`<p>${path}</p><script nonce="${nonce}">1</script>`),
        nonce,
      )
      expect(stored).toBe(true)
    }
    try {
      const answers = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(host.split(':')[1]), '127.0.0.1')
        let text = ''
        socket.setEncoding('latin1')
        socket.on('data', (chunk: string) => {
          text += chunk
          if ((text.match(/HTTP\/1\.1 200/g) ?? []).length === 2 && text.endsWith('</script>'))
            socket.end()
        })
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
        // Both requests in one write: read together, in one turn.
        socket.write(
          `GET /un HTTP/1.1\r\nHost: ${host}\r\n\r\nGET /deux HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        )
      })
      expect(answers).toContain('<p>/un</p>')
      expect(answers).toContain('<p>/deux</p>')
      // The first used the turn's shared check, the second the exact one.
      expect(calls).toEqual({ turn: 1, exact: 1 })
    } finally {
      await new Promise((resolve) => pipelined.close(resolve))
    }
  })
})
