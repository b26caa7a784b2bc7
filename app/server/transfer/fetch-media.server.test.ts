// Attachment downloads (ADR 066 on ADR 053): a real local server; public addresses only by
// default, a size cap, a time-out, redirects checked like the first request.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPublicAddress } from '#app/server/content/frame-check.server.ts'
import { FetchRefused, fetchMedia } from './fetch-media.server.ts'

let server: http.Server
let base: string
const loopback = { addressAllowed: (address: string) => address === '127.0.0.1' }

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') res.writeHead(200).end('bonjour')
    else if (req.url === '/big')
      res.writeHead(200, { 'content-length': '2000' }).end('x'.repeat(2000))
    else if (req.url === '/chunked-big') {
      res.writeHead(200)
      res.write('x'.repeat(1500))
      res.end('x'.repeat(1500))
    } else if (req.url === '/to-ok') res.writeHead(302, { location: '/ok' }).end()
    else if (req.url === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end()
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end()
    else if (req.url === '/silent')
      return // never answers
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function read(source: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of source) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString()
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefused)
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

describe('fetchMedia', () => {
  it('downloads from an allowed address and follows a redirect', async () => {
    expect(await read(await fetchMedia(`${base}/ok`, loopback))).toBe('bonjour')
    expect(await read(await fetchMedia(`${base}/to-ok`, loopback))).toBe('bonjour')
  })

  it('refuses the loopback under the default policy, and what is not http(s)', async () => {
    expect(await reason(fetchMedia(`${base}/ok`, { addressAllowed: isPublicAddress }))).toBe(
      'adresse non publique refusée',
    )
    expect(
      await reason(fetchMedia('http://localhost:1/ok', { addressAllowed: isPublicAddress })),
    ).toBe('adresse non publique refusée')
    expect(await reason(fetchMedia('file:///etc/passwd', loopback))).toBe(
      'seules les adresses http(s) sont téléchargées',
    )
    expect(await reason(fetchMedia(`${base}/to-file`, loopback))).toBe('redirection refusée')
    expect(await reason(fetchMedia(`${base}/loop`, loopback))).toBe('trop de redirections')
    expect(await reason(fetchMedia(`${base}/missing`, loopback))).toBe('réponse HTTP 404')
  })

  it('stops at the size cap, declared or not, and at the time-out', async () => {
    expect(await reason(fetchMedia(`${base}/big`, { ...loopback, maxBytes: 1000 }))).toBe(
      'fichier trop volumineux',
    )
    expect(
      await reason(fetchMedia(`${base}/chunked-big`, { ...loopback, maxBytes: 2000 }).then(read)),
    ).toBe('fichier trop volumineux')
    expect(await reason(fetchMedia(`${base}/silent`, { ...loopback, timeoutMs: 300 }))).toBe(
      'délai dépassé',
    )
  })
})
