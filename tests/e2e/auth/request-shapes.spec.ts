// Request-shape rules (ADR 024) on the real server (server/index.ts wiring): no 500 for odd
// bodies, missing assets or malformed paths; no-store on admin responses; Retry-After on
// 429; an anonymous POST to a read-only admin page is sent to /login, not shown the hub.
import { METHOD_NOT_ALLOWED } from '#app/server/http/method-not-allowed.server.ts'
import { AUTH_RATE_LIMITS } from '#app/server/rate-limit/rate-limit-rules.server.ts'
import { UNREADABLE_FORM } from '#app/server/http/request-body.server.ts'
import { createTestUser, sessionHeaders } from '../../fixtures/auth.ts'
import { expect, test } from '../../fixtures/test.ts'

test('odd requests get French 4xx answers, never a 500', async ({ request, db }) => {
  void db
  for (const [path, status] of [
    ['/assets/nope.js', 404],
    ['/assets/', 404],
    ['/%zz%', 400],
    ['/projects/%C0%AF', 400],
    ['/blog/%FF%FE', 400],
  ] as const) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(status)
    expect(await res.text(), path).toMatch(
      /^(Page introuvable|Adresse invalide|Fichier introuvable)/,
    )
  }
  for (const type of ['application/json', 'text/plain', 'application/xml']) {
    const res = await request.post('/register', {
      headers: { 'content-type': type },
      data: '{"email":"a@b.fr"}',
    })
    expect(res.status(), type).toBe(415)
    expect(await res.text()).toMatch(/^Type de contenu non pris en charge/)
  }
  const broken = await request.post('/login', {
    headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    data: '--abc\r\nbroken',
  })
  expect(broken.status()).toBe(400)
})

test('admin answers are never stored by a cache; an anonymous post to the log goes to /login', async ({
  request,
  db,
}) => {
  void db
  const admin = await createTestUser({ role: 'admin' })
  const headers = await sessionHeaders(admin)
  for (const path of ['/admin/projects', '/admin/projects.data']) {
    const res = await request.get(path, { headers })
    expect(res.status(), path).toBe(200)
    expect(res.headers()['cache-control'], path).toBe('private, no-store')
  }
  const anonymous = await request.post('/admin/activity', {
    form: { intent: 'x' },
    maxRedirects: 0,
  })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers()['location']).toBe('/login')
  expect(await anonymous.text()).not.toContain('Administration du Portfolio')
})

test('a 429 says when to come back', async ({ request, db }) => {
  void db
  const user = await createTestUser()
  let last = await request.post('/login', { form: { email: user.email, password: 'faux' } })
  for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) {
    last = await request.post('/login', { form: { email: user.email, password: `faux-${i}` } })
  }
  expect(last.status()).toBe(429)
  // The real remaining wait of the 15-minute window, not the 60 s default.
  expect(Number(last.headers()['retry-after'])).toBeGreaterThan(60)
  expect(Number(last.headers()['retry-after'])).toBeLessThanOrEqual(
    AUTH_RATE_LIMITS.accountAddress.windowMs / 1000,
  )
})

test('a form posted to a resource route that takes none gets a French 405', async ({
  request,
  server,
  db,
}) => {
  void db
  for (const path of ['/cv/fichier', '/api/media', '/media/x', '/cv/telecharger', '/rss.xml']) {
    const res = await request.post(path, {
      headers: { origin: server.url },
      form: { champ: 'valeur' },
      maxRedirects: 0,
    })
    expect(res.status(), path).toBe(405)
    expect(await res.text(), path).toBe(METHOD_NOT_ALLOWED)
  }
})

test('a form posted to a page that takes none says so in French, and nothing is logged', async ({
  request,
  server,
  db,
}) => {
  void db
  for (const path of ['/', '/projects', '/blog', '/mentions-legales', '/page-inconnue']) {
    const res = await request.post(path, {
      headers: { origin: server.url },
      form: { champ: 'valeur' },
      maxRedirects: 0,
    })
    // An unknown path too: its 404 page is a route, which takes no form either.
    expect(res.status(), path).toBe(405)
    expect(await res.text(), path).toContain(METHOD_NOT_ALLOWED)
  }
  expect(server.output()).not.toContain('did not provide an `action`')
})

test('an unreadable form body gets its French refusal on the page, not a generic error', async ({
  request,
  server,
  db,
}) => {
  void db
  const truncated = '--abc\r\nContent-Disposition: form-data; name="intent"\r\n\r\nenvoyer\r\n'
  for (const path of ['/contact', '/login']) {
    const res = await request.post(path, {
      headers: { origin: server.url, 'content-type': 'multipart/form-data; boundary=abc' },
      data: truncated,
      maxRedirects: 0,
    })
    expect(res.status(), path).toBe(400)
    expect(await res.text(), path).toContain(UNREADABLE_FORM)
  }
})
