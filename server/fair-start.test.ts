import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { fairStart } from './fair-start.ts'

let server: http.Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** An Express app recording arrival and start order, and the event-loop turn of each start. */
async function start() {
  const arrived: string[] = []
  const arrivalTurn = new Map<string, number>()
  const started: { id: string; turn: number }[] = []
  let turn = 0
  let ticking = true
  const tick = () => {
    turn++
    if (ticking) setImmediate(tick)
  }
  setImmediate(tick)
  const app = express()
  app.use((req, _res, next) => {
    const id = String(req.query.id)
    arrived.push(id)
    arrivalTurn.set(id, turn)
    // A client gone while its request waits: nothing may be rendered for it.
    if (req.get('x-drop')) req.socket.destroy()
    next()
  })
  app.use(fairStart())
  app.use((req, res) => {
    started.push({ id: String(req.query.id), turn })
    res.type('text/plain').send(`page ${String(req.query.id)}`)
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  const port = (server.address() as AddressInfo).port
  const get = (id: number, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path: `/?id=${id}`, agent: false, headers })
      req.on('response', (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve(body))
      })
      req.on('error', () => resolve('dropped'))
    })
  const stop = () => (ticking = false)
  return { arrived, arrivalTurn, started, get, stop }
}

describe('fairStart', () => {
  it('starts requests in arrival order, one per event-loop turn, never in the turn they arrived', async () => {
    const app = await start()
    const bodies = await Promise.all(Array.from({ length: 30 }, (_, i) => app.get(i)))
    app.stop()
    expect(bodies).toEqual(Array.from({ length: 30 }, (_, i) => `page ${i}`))
    expect(app.started.map((s) => s.id)).toEqual(app.arrived)
    // The loop turns (accepting connections, reading requests) between arrival and render.
    for (const { id, turn } of app.started) expect(turn).toBeGreaterThan(app.arrivalTurn.get(id)!)
    for (let i = 1; i < app.started.length; i++) {
      expect(app.started[i]!.turn).toBeGreaterThan(app.started[i - 1]!.turn)
    }
  })

  it('never starts a request whose client is gone, and serves the others', async () => {
    const app = await start()
    const bodies = await Promise.all([
      app.get(1),
      app.get(2, { 'x-drop': '1' }),
      app.get(3),
      app.get(4, { 'x-drop': '1' }),
      app.get(5),
    ])
    app.stop()
    expect(bodies).toEqual(['page 1', 'dropped', 'page 3', 'dropped', 'page 5'])
    expect(app.arrived).toHaveLength(5)
    expect(app.started.map((s) => s.id).sort()).toEqual(['1', '3', '5'])
  })
})
