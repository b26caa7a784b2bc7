// The cross-process tests (ADR 034), black-box over HTTP: two app
// servers (A, B) from the production build on one PostgreSQL, behind the harness's proxy.
// Data is made with the factories on the cluster's database; every check is an
// HTTP answer, an e-mail received by a real SMTP server, or a row in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { openPostgres, setDatabase, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { AUTH_RATE_LIMITS } from '#app/server/rate-limit/rate-limit-rules.server.ts'
import { createTestUser, type TestUser } from '../fixtures/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts'
import { CookieJar, newVisitorAddress, request } from './client.ts'
import { startCluster, type Cluster, type ClusterServer } from './harness.ts'

let cluster: Cluster
let smtp: TestSmtpServer
let db: DatabaseHandle
let A: ClusterServer
let B: ClusterServer

beforeAll(async () => {
  smtp = await startSmtpServer()
  // The page cache is on (the default) in both servers.
  cluster = await startCluster({
    servers: 2,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vitrine <site@exemple.fr>', PAGE_CACHE: 'true' },
  })
  ;[A, B] = cluster.servers as [ClusterServer, ClusterServer]
  db = openPostgres(cluster.databaseUrl, { max: 2 })
  setDatabase(db)
}, 240_000)

afterAll(async () => {
  setDatabase(undefined)
  await db?.close()
  await cluster?.stop()
  await smtp?.close()
}, 60_000)

/** Signs in through /login on `origin` (the form without JavaScript); returns the cookies. */
async function signIn(origin: string, user: TestUser, from = newVisitorAddress()) {
  const cookies = new CookieJar()
  const answer = await request(origin, '/login', {
    form: { email: user.email, password: user.password },
    from,
    cookies,
  })
  expect(answer.status, answer.body.slice(0, 300)).toBe(302)
  expect(answer.headers.location).toBe('/admin')
  expect(cookies.values.size).toBeGreaterThan(0)
  return cookies
}

// The admin hub's side menu, as the server writes it (apostrophe escaped).
const ADMIN_NAV = 'aria-label="Onglets d&#x27;administration"'

describe('two app servers on one PostgreSQL', () => {
  it('(a) a session opened on A is valid on B, and a sign-out on B ends it on A', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookies = await signIn(A.viaProxy, admin)

    const onB = await request(B.viaProxy, '/admin/projects', { cookies })
    expect(onB.status, `to ${onB.headers.location}`).toBe(200)
    expect(onB.body.includes(ADMIN_NAV), 'the admin hub on B').toBe(true)
    // Control: without the cookie B sends the visitor to the sign-in page.
    const anonymous = await request(B.viaProxy, '/admin/projects')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.location).toMatch(/^\/login/)

    const sessionCookie = cookies.header()
    const signOut = await request(B.viaProxy, '/logout', { method: 'POST', form: {}, cookies })
    expect(signOut.status).toBe(302)
    // The cookie, replayed on A after the sign-out on B, opens nothing any more.
    const replay = await request(A.viaProxy, '/admin/projects', {
      headers: { cookie: sessionCookie },
    })
    expect(replay.status).toBe(302)
    expect(replay.headers.location).toMatch(/^\/login/)
  })

  it("(b) an admin save on A is on B's very next anonymous page, page cache on", async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookies = await signIn(A.viaProxy, admin)
    // B has the home page in its cache before the save (a server whose invalidation channel
    // is not connected yet bypasses its cache: ask until it serves from it).
    let cached = await request(B.viaProxy, '/')
    for (let i = 0; i < 100 && cached.headers['x-page-cache'] !== 'hit'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      cached = await request(B.viaProxy, '/')
    }
    expect(cached.status).toBe(200)
    expect(cached.headers['x-page-cache']).toBe('hit')

    const title = `Architecte de grappes ${Date.now().toString(36)}`
    const saved = await request(A.viaProxy, '/admin/profile', {
      form: {
        intent: 'save',
        name: 'Camille Laurent',
        title,
        email: 'camille@exemple.fr',
        bio: 'Biographie enregistrée sur le serveur A.',
      },
      cookies,
    })
    expect(saved.status, saved.body.slice(0, 300)).toBe(302)

    const next = await request(B.viaProxy, '/')
    expect(next.status).toBe(200)
    expect(next.body.includes(title), 'B serves the page saved on A').toBe(true)
  })

  // The same race, run fifty times (ADR 078): a save acknowledged by A, then at once B's
  // anonymous page, which B has in its page cache from the round before. B confirms with the
  // database before reading any cache, so no round may show the page of before the save.
  it("(b) repeated: fifty saves on A, each on B's very next anonymous page", async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookies = await signIn(A.viaProxy, admin)
    const stale: number[] = []
    const ROUNDS = 50
    for (let round = 0; round < ROUNDS; round++) {
      const title = `Grappe ${round} ${Date.now().toString(36)}`
      const saved = await request(A.viaProxy, '/admin/profile', {
        form: {
          intent: 'save',
          name: 'Camille Laurent',
          title,
          email: 'camille@exemple.fr',
          bio: 'Biographie enregistrée sur le serveur A.',
        },
        cookies,
      })
      expect(saved.status, saved.body.slice(0, 300)).toBe(302)
      const next = await request(B.viaProxy, '/')
      expect(next.status).toBe(200)
      if (!next.body.includes(title)) stale.push(round)
    }
    expect(stale, 'rounds where B served the page of before the save').toEqual([])
    // B did answer from its cache in between: the race was run, not avoided.
    const again = await request(B.viaProxy, '/')
    expect(again.headers['x-page-cache']).toBe('hit')
  })

  it('(c) 30 wrong passwords spread over A and B meet the one limit of a single server', async () => {
    type Attempt = { status: number; retryAfter: number | undefined; refused: boolean }
    const attempt = async (origin: string, user: TestUser, from: string): Promise<Attempt> => {
      const answer = await request(origin, '/login', {
        form: { email: user.email, password: 'pas-le-bon-code-123' },
        from,
      })
      const retry = answer.headers['retry-after']
      return {
        status: answer.status,
        retryAfter: retry === undefined ? undefined : Number(retry),
        refused: answer.body.includes(AUTH_TEXTS.tooManyAttempts),
      }
    }
    // Reference: one visitor, one account, every attempt on A alone.
    const reference: Attempt[] = []
    const alone = await createTestUser()
    const aloneFrom = newVisitorAddress()
    for (let i = 0; i < 30; i++) reference.push(await attempt(A.viaProxy, alone, aloneFrom))
    // The same on the cluster: another visitor and account, attempts alternating A, B, A, …
    const spread: Attempt[] = []
    const target = await createTestUser()
    const from = newVisitorAddress()
    for (let i = 0; i < 30; i++)
      spread.push(await attempt((i % 2 === 0 ? A : B).viaProxy, target, from))

    const firstRefusal = reference.findIndex((a) => a.status === 429)
    expect(firstRefusal).toBeGreaterThan(0)
    expect(spread.map((a) => a.status)).toEqual(reference.map((a) => a.status))
    expect(spread.map((a) => a.refused)).toEqual(reference.map((a) => a.refused))
    // Retry-After: the seconds left in the window, as one server gives them (ADR 023).
    const windowSeconds = AUTH_RATE_LIMITS.accountAddress.windowMs / 1000
    for (const run of [reference, spread])
      for (const [i, a] of run.entries()) {
        if (i < firstRefusal) expect(a.retryAfter).toBeUndefined()
        else {
          expect(a.retryAfter).toBeGreaterThan(0)
          expect(a.retryAfter).toBeLessThanOrEqual(windowSeconds)
        }
      }
  })

  it('(d) an e-mail queued while both servers run is delivered exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createTestUser()))
    // Both servers queue at once, and each kicks its own outbox worker.
    const answers = await Promise.all(
      users.map((user, i) =>
        request((i % 2 === 0 ? A : B).viaProxy, '/forgot-password', {
          form: { email: user.email },
          from: newVisitorAddress(),
        }),
      ),
    )
    for (const answer of answers) expect(answer.status).toBe(200)
    const addresses = users.map((u) => u.email)
    const mine = () => smtp.received.filter((m) => addresses.includes(m.envelope.to[0]!))
    const deadline = Date.now() + 30_000
    while (mine().length < users.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    // Every row is settled, claimed once (a claim counts an attempt), nothing left in flight.
    const rows = () =>
      db.db
        .selectFrom('outbox')
        .select(['toAddress', 'status', 'attempts', 'leaseUntil'])
        .where('toAddress', 'in', addresses)
        .execute()
    while (
      (await rows()).some((r) => r.status !== 'sent' || r.leaseUntil !== null) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 50))
    const settled = await rows()
    expect(settled.map((r) => [r.toAddress, r.status, r.attempts]).sort()).toEqual(
      [...addresses].sort().map((a) => [a, 'sent', 1]),
    )
    const received = mine()
      .map((m) => m.envelope.to[0])
      .sort()
    expect(received).toEqual([...addresses].sort())
  })

  it('(e) killing A mid-write loses no acknowledged write; B keeps serving; A restarts', async () => {
    const run = Date.now().toString(36)
    const acknowledged: string[] = []
    let sent = 0
    let killed = false
    const send = async (origin: string, text: string) => {
      const answer = await request(origin, '/contact', {
        form: { name: 'Visiteur grappe', email: 'visiteur@exemple.fr', message: text },
        from: newVisitorAddress(),
      })
      return answer.status >= 200 && answer.status < 400
    }
    // Four writers stream contact messages through A until A is gone.
    const writer = async () => {
      for (;;) {
        const text = `Message ${run}-${sent++} envoyé au serveur A pendant le test.`
        const ok = await send(A.viaProxy, text).catch(() => false)
        if (ok) acknowledged.push(text)
        else if (killed) return
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5))
    killed = true
    await A.kill('SIGKILL')
    await Promise.all(writers)
    expect(acknowledged.length).toBeGreaterThanOrEqual(20)

    const stored = await db.db
      .selectFrom('messages')
      .select('message')
      .where('message', 'like', `Message ${run}-%`)
      .execute()
    const inDatabase = new Set(stored.map((r) => r.message))
    expect(acknowledged.filter((text) => !inDatabase.has(text))).toEqual([])

    // B keeps serving, directly and through the round-robin proxy (which skips the dead A).
    expect((await request(B.viaProxy, '/')).status).toBe(200)
    for (let i = 0; i < 2; i++)
      expect(await send(cluster.origin, `Message ${run}-après-${i} pendant la panne de A.`)).toBe(
        true,
      )

    // A starts again on the same database and takes writes.
    await A.start()
    const text = `Message ${run}-retour envoyé au serveur A redémarré.`
    expect(await send(A.viaProxy, text)).toBe(true)
    const back = await db.db
      .selectFrom('messages')
      .select('id')
      .where('message', '=', text)
      .executeTakeFirst()
    expect(back).toBeDefined()
  })

  it('answers 503 on /healthz when PostgreSQL is unreachable (for the load balancer)', async () => {
    expect((await request(B.viaProxy, '/healthz')).status).toBe(200)
    setDatabase(undefined)
    await db.close()
    cluster.postgres.stop()
    const answer = await request(B.viaProxy, '/healthz')
    expect(answer.status).toBe(503)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(answer.body)).toEqual({ status: 'error' })
  })
})
