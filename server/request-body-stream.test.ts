// A route that stops reading a large body (an upload past its limit) answers, and the client,
// still sending, reads that answer: no connection reset (ADR 057). The body is React Router's
// own (`@react-router/node`, as its Express adapter makes it); the upload routes read it
// without cancelling it (`values({ preventCancel: true })`), and drainUnreadBody drops the rest.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { createReadableStreamFromReadable } from '@react-router/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drainUnreadBody } from './request-guard.ts'

let server: http.Server
let port = 0

beforeAll(async () => {
  const app = express()
  app.use(drainUnreadBody)
  // Reads as the upload pipeline does, and gives up past 1 MB with a 413.
  app.post('/upload', async (req, res) => {
    const body = createReadableStreamFromReadable(req)
    let size = 0
    try {
      for await (const chunk of body.values({ preventCancel: true })) {
        size += chunk.byteLength
        if (size > 1024 * 1024) throw new Error('too large')
      }
    } catch {
      res.status(413).json({ error: 'Fichier trop volumineux.' })
      return
    }
    res.json({ size })
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Sends `total` bytes in 64 KB writes, as a browser streams a file; returns the answer. */
function upload(total: number, declare = true) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/upload',
        headers: declare ? { 'content-length': String(total) } : {},
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    const chunk = Buffer.alloc(64 * 1024, 7)
    let sent = 0
    const pump = () => {
      while (sent < total) {
        const size = Math.min(chunk.length, total - sent)
        sent += size
        if (!req.write(chunk.subarray(0, size))) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

describe('a body the route stops reading', () => {
  it('is read to its end and dropped: the client gets the answer, not a reset', async () => {
    for (const declare of [true, false]) {
      const res = await upload(6 * 1024 * 1024, declare)
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body)).toEqual({ error: 'Fichier trop volumineux.' })
    }
  })

  it('passes a body read to its end whole', async () => {
    const res = await upload(700_000)
    expect(res).toEqual({ status: 200, body: JSON.stringify({ size: 700_000 }) })
  })
})
