// The third hostile audit over HTTP, on the real server (no TRUST_PROXY here: every request
// comes from 127.0.0.1, as behind an undeclared proxy). Path variants that slipped past the
// path rules (ADR 059), an absolute-form request target (ADR 024), the session token in
// get-session (ADR 060), a scripted PDF of the library (ADR 017), and the owner's known
// browser past a flood of made-up sign-ins from its address (ADR 023). Raw sockets where a
// client would normalise what we send.
import net from 'node:net'
import { AUTH_RATE_LIMITS } from '#app/server/rate-limit/rate-limit-rules.server.ts'
import { UNTRUSTED_PROXY_WARNING } from '#app/server/http/proxy-trust.server.ts'
import { createTestUser, sessionHeaders, SESSION_COOKIE } from '../fixtures/auth.ts'
import { expect, test } from '../fixtures/test.ts'

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Sends one request exactly as written (no client normalises its path). */
function raw(url: string, requestLine: string, extra = ''): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.end(`${requestLine}\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`),
    )
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const at = line.indexOf(':')
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
  })
}

test('path variants of secret and account pages are never shared or cached (ADR 059)', async ({
  server,
  db,
}) => {
  void db
  for (const path of [
    '/Reset-Password?token=jeton-secret-123',
    '/RESET-PASSWORD?token=jeton-secret-123',
    '/Login',
    '/Register?invitation=invitation-secrete',
    '/%72egister?invitation=invitation-secrete',
  ]) {
    for (let i = 0; i < 2; i++) {
      const res = await raw(server.url, `GET ${path} HTTP/1.1`)
      expect(res.status, path).toBeLessThan(500)
      expect(res.headers['x-page-cache'], path).toBeUndefined()
      expect(res.headers['cache-control'] ?? '', path).not.toMatch(/public|s-maxage/)
    }
  }
  // The CV through a dot-segment of /media/ is not readable by other origins.
  for (const path of ['/media/%2e%2e/cv/fichier', '/media/%2E%2E/cv/telecharger']) {
    const res = await raw(server.url, `GET ${path} HTTP/1.1`)
    expect(res.status, path).toBeLessThan(500)
    expect(res.headers['cross-origin-resource-policy'], path).toBe('same-origin')
  }
})

test('an absolute-form request target is answered as its origin form (ADR 024)', async ({
  server,
  db,
}) => {
  void db
  const { host } = new URL(server.url)
  const res = await raw(server.url, `GET http://${host}/healthz HTTP/1.1`)
  expect(res.status).toBe(200)
  const page = await raw(server.url, `GET http://${host}/ HTTP/1.1`)
  expect(page.status).toBe(200)
  expect(page.body).toContain('<html')
  const odd = await raw(server.url, 'GET ftp://ailleurs/x HTTP/1.1')
  expect(odd.status).toBe(400)
  expect(odd.body).toBe('Requête refusée : cible de requête invalide.')
  expect(server.output()).not.toContain('Invalid URL')
})

test('get-session never hands the session token to a script (ADR 060)', async ({ request, db }) => {
  void db
  const user = await createTestUser()
  const headers = await sessionHeaders(user)
  const token = decodeURIComponent(headers.cookie!.slice(SESSION_COOKIE.length + 1)).split('.')[0]!
  const res = await request.get('/api/auth/get-session', { headers })
  expect(res.status()).toBe(200)
  const text = await res.text()
  expect(JSON.parse(text).user.email).toBe(user.email)
  expect(text).not.toContain(token)
  expect(text).not.toContain('"token"')
})

test('a scripted PDF of the library is a download, never opened at our origin (ADR 017)', async ({
  page,
  request,
  db,
}) => {
  void db
  const admin = await createTestUser({ role: 'admin' })
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
  const upload = await request.post('/api/media/upload?name=piege.pdf', {
    headers: { ...(await sessionHeaders(admin)), 'content-type': 'application/pdf' },
    data: pdf,
  })
  expect(upload.status()).toBe(201)
  const { item } = (await upload.json()) as { item: { url: string } }
  expect(item.url).toMatch(/^\/media\/.+\.pdf$/)
  const res = await request.get(item.url)
  expect(res.headers()['content-type']).toBe('application/pdf')
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/)
  // Chromium downloads it instead of opening its viewer on our origin.
  await page.goto('/')
  const download = page.waitForEvent('download')
  await page.evaluate((url) => {
    const link = document.createElement('a')
    link.href = url
    document.body.append(link)
    link.click()
  }, item.url)
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
  await expect(page).toHaveURL(/\/$/)
})

test("a flood of made-up sign-ins from the owner's address leaves the owner's known browser in; an undeclared proxy is reported (ADR 023)", async ({
  playwright,
  server,
  db,
}) => {
  test.setTimeout(180_000)
  void db
  const owner = await createTestUser({ role: 'admin' })
  // Two browsers behind the same address: the owner's, and anyone else's.
  const ownerBrowser = await playwright.request.newContext({ baseURL: server.url })
  const otherBrowser = await playwright.request.newContext({ baseURL: server.url })
  const signIn = (browser: typeof ownerBrowser, email: string, password: string) =>
    browser.post('/login', {
      form: { email, password },
      headers: { 'x-forwarded-for': '203.0.113.50' },
      maxRedirects: 0,
    })
  const first = await signIn(ownerBrowser, owner.email, owner.password)
  expect(first.status()).toBeLessThan(400)
  const cookies = await ownerBrowser.storageState()
  expect(cookies.cookies.map((c) => c.name)).toContain('vitrine_device')
  let refused = 0
  for (let i = 0; i < AUTH_RATE_LIMITS.address.limit + 10; i++) {
    const res = await signIn(otherBrowser, `personne-${i}@exemple.fr`, 'faux-mot-de-passe')
    if (res.status() === 429) refused += 1
  }
  expect(refused).toBeGreaterThan(0)
  // A browser without the device cookie is refused at this address; the owner's is not.
  expect((await signIn(otherBrowser, owner.email, owner.password)).status()).toBe(429)
  const known = await signIn(ownerBrowser, owner.email, owner.password)
  expect(known.status()).toBeLessThan(400)
  await ownerBrowser.dispose()
  await otherBrowser.dispose()
  // Every request came from 127.0.0.1 with X-Forwarded-For and no TRUST_PROXY.
  expect(server.output()).toContain(UNTRUSTED_PROXY_WARNING)
  expect(server.output().split(UNTRUSTED_PROXY_WARNING)).toHaveLength(2)
})
