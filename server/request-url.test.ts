// RFC 9112 §3.2: an absolute-form request target is taken with its authority as the Host; any
// other odd target gets a French 400, never a 500 (raw sockets: no client sends these).
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BAD_TARGET, originFormFirst, requestUrl } from './request-url.ts'

let server: http.Server
let port = 0

beforeAll(async () => {
  const app = express()
  app.use((req, res) => {
    res.type('text/plain').send(`${requestUrl(req).href} ${req.get('host')}`)
  })
  server = http.createServer(originFormFirst(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Sends `head` as written and returns the status line and the body. */
function raw(head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(head))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (text += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) })
    })
  })
}

describe('request targets (RFC 9112 §3.2)', () => {
  it('takes an absolute-form target, its authority being the Host', async () => {
    const res = await raw(
      `GET http://127.0.0.1:${port}/blog?tag=a HTTP/1.1\r\nHost: ailleurs.exemple\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBe(200)
    expect(res.body).toBe(`http://127.0.0.1:${port}/blog?tag=a 127.0.0.1:${port}`)
    const bare = await raw(
      `GET http://localhost:${port} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    )
    expect(bare).toEqual({ status: 200, body: `http://localhost:${port}/ localhost:${port}` })
  })

  it('answers other targets with a 400 (French when it is ours), OPTIONS * with a 204', async () => {
    const send = (line: string) => raw(`${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    for (const line of ['GET ftp://127.0.0.1/x HTTP/1.1', 'GET * HTTP/1.1', 'POST * HTTP/1.1'])
      expect(await send(line), line).toEqual({ status: 400, body: BAD_TARGET })
    // Node's own parser refuses these before any handler.
    for (const target of ['blog', 'localhost:80', 'javascript:alert(1)'])
      expect((await send(`GET ${target} HTTP/1.1`)).status, target).toBe(400)
    expect(await send('OPTIONS * HTTP/1.1')).toEqual({ status: 204, body: '' })
  })
})
