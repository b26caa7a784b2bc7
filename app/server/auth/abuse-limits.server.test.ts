// Limits nobody can wipe or turn against the owner (ADR 023), on the real
// database and the real password hashing.
import './auth-test-env.ts'
import { beforeEach, describe, expect, it } from 'vitest'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { getDb } from '../db/client.server.ts'
import { hit, resetRateLimits } from '../rate-limit/rate-limit.server.ts'
import { CONTACT_RATE_LIMIT } from '../rate-limit/rate-limit-rules.server.ts'
import {
  registerWithPassword,
  signInWithPassword,
  AUTH_RATE_LIMITS,
} from './password-auth.server.ts'
import { KNOWN_DEVICE_COOKIE } from './known-device.server.ts'
import { issueInvitation } from './invitations.server.ts'

const ORIGIN = 'http://localhost:3999'

function post(pathname: string, ip: string, cookie?: string): Request {
  const headers = new Headers({ origin: ORIGIN, 'x-vitrine-client-ip': ip })
  if (cookie) headers.set('cookie', cookie)
  return new Request(`${ORIGIN}${pathname}`, { method: 'POST', headers })
}

const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.split(';')[0]

/** Registers the owner, signs in once from `loginIp` and returns the browser's device cookie. */
async function ownerDevice(email: string, registerIp: string, loginIp: string) {
  await registerWithPassword(post('/register', registerIp), {
    name: 'Owner',
    email,
    password: 'motdepasse',
    confirmPassword: 'motdepasse',
  })
  const first = await signInWithPassword(post('/login', loginIp), { email, password: 'motdepasse' })
  if (!first.ok) throw new Error('sign-in failed')
  return deviceCookieOf(first.headers)
}

describe('abuse limits', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('a flood of refused sign-ups from one address wipes no limit and creates no account', async () => {
    const owner = await registerWithPassword(post('/register', '192.0.2.50'), {
      name: 'Owner',
      email: 'owner@exemple.fr',
      password: 'motdepasse',
      confirmPassword: 'motdepasse',
    })
    expect(owner.ok).toBe(true)
    // 8 wrong passwords: the 9th attempt is refused.
    for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) {
      await signInWithPassword(post('/login', '203.0.113.66'), {
        email: 'owner@exemple.fr',
        password: `faux-${i}`,
      })
    }
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit + 1; i++)
      await hit('contact:203.0.113.66', CONTACT_RATE_LIMIT)
    // The attacker now floods sign-up with distinct addresses (all beyond its address limit).
    const accountsBefore = await getDb().selectFrom('user').select('id').execute()
    // In memory (SQLite) the flood must pass MAX_KEYS, where eviction used to wipe every
    // bucket. The PostgreSQL store (ADR 033) holds no such bound in memory and each refused
    // request is one round trip: a flood past the per-address key cap proves the same there.
    const flood = onPostgres ? 3_000 : 110_000
    let refused = 0
    for (let i = 0; i < flood; i++) {
      const outcome =
        i < AUTH_RATE_LIMITS.address.limit
          ? null
          : await registerWithPassword(post('/register', '203.0.113.66'), {
              name: 'x',
              email: `n${i}@exemple.fr`,
              password: 'motdepasse',
              confirmPassword: 'motdepasse',
            })
      if (outcome === null) await hit('sign-up:ip:203.0.113.66', AUTH_RATE_LIMITS.address)
      else if (!outcome.ok && outcome.status === 429) refused += 1
    }
    expect(refused).toBe(flood - AUTH_RATE_LIMITS.address.limit)
    expect(await getDb().selectFrom('user').select('id').execute()).toHaveLength(
      accountsBefore.length,
    )
    // Guessing stays refused, and so does the contact form.
    const after = await signInWithPassword(post('/login', '203.0.113.66'), {
      email: 'owner@exemple.fr',
      password: 'encore-faux',
    })
    expect(after).toMatchObject({ ok: false, status: 429, error: AUTH_TEXTS.tooManyAttempts })
    expect(after.ok === false && Number(after.retryAfter)).toBeGreaterThan(0)
    expect(await hit('contact:203.0.113.66', CONTACT_RATE_LIMIT)).toBe(false)
  }, 60_000)

  it('a browser that signed in before gets in even when others share its address and fail', async () => {
    const device = await ownerDevice('maison@exemple.fr', '192.0.2.60', '198.51.100.5')
    expect(device).toBeTruthy()
    // Someone behind the same address (an office, a café) exhausts that address's bound.
    for (let i = 0; i <= AUTH_RATE_LIMITS.accountAddress.limit; i++) {
      await signInWithPassword(post('/login', '198.51.100.5'), {
        email: 'maison@exemple.fr',
        password: `faux-${i}`,
      })
    }
    const stranger = await signInWithPassword(post('/login', '198.51.100.5'), {
      email: 'maison@exemple.fr',
      password: 'motdepasse',
    })
    expect(stranger).toMatchObject({ ok: false, status: 429 })
    // The owner's browser still signs in; a forged or foreign device cookie does not help.
    const owner = await signInWithPassword(post('/login', '198.51.100.5', device), {
      email: 'maison@exemple.fr',
      password: 'motdepasse',
    })
    expect(owner.ok).toBe(true)
    const forged = `${device?.slice(0, -4)}AAAA`
    expect(
      await signInWithPassword(post('/login', '198.51.100.5', forged), {
        email: 'maison@exemple.fr',
        password: 'motdepasse',
      }),
    ).toMatchObject({ ok: false, status: 429 })
  })

  it("a flood of made-up e-mails filling an address's limit does not refuse the owner's known browser there", async () => {
    const device = await ownerDevice('bureau@exemple.fr', '192.0.2.61', '198.51.100.9')
    // The address's limit, filled as the made-up e-mails would (each one a sign-in attempt).
    for (let i = 0; i < AUTH_RATE_LIMITS.address.limit; i++) {
      await hit('sign-in:ip:198.51.100.9', AUTH_RATE_LIMITS.address)
    }
    const stranger = await signInWithPassword(post('/login', '198.51.100.9'), {
      email: `inconnu@exemple.fr`,
      password: 'motdepasse',
    })
    expect(stranger).toMatchObject({ ok: false, status: 429, error: AUTH_TEXTS.tooManyAttempts })
    // Without the device cookie the owner is refused too; with it, the owner signs in.
    expect(
      await signInWithPassword(post('/login', '198.51.100.9'), {
        email: 'bureau@exemple.fr',
        password: 'motdepasse',
      }),
    ).toMatchObject({ ok: false, status: 429 })
    const owner = await signInWithPassword(post('/login', '198.51.100.9', device), {
      email: 'bureau@exemple.fr',
      password: 'motdepasse',
    })
    expect(owner.ok).toBe(true)
    // The device keeps its own bound: its failures still end in a refusal.
    for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) {
      await signInWithPassword(post('/login', '198.51.100.9', device), {
        email: 'bureau@exemple.fr',
        password: `faux-${i}`,
      })
    }
    expect(
      await signInWithPassword(post('/login', '198.51.100.9', device), {
        email: 'bureau@exemple.fr',
        password: 'motdepasse',
      }),
    ).toMatchObject({ ok: false, status: 429 })
    // Another account's cookie from that browser does not pass the address limit.
    expect(
      await signInWithPassword(post('/login', '198.51.100.9', device), {
        email: 'autre@exemple.fr',
        password: 'motdepasse',
      }),
    ).toMatchObject({ ok: false, status: 429 })
  }, 60_000)

  it('sign-ups for an address from elsewhere never keep its invited owner out', async () => {
    const paul = await createTestUser({
      name: 'Paul',
      email: 'paul@exemple.fr',
      role: 'editor',
      withPassword: false,
    })
    const token = await issueInvitation(paul.id)
    const attempt = (ip: string, invitation?: string) =>
      registerWithPassword(
        post('/register', ip),
        {
          name: 'Paul',
          email: 'paul@exemple.fr',
          password: 'motdepasse',
          confirmPassword: 'motdepasse',
        },
        { invitation },
      )
    // Someone else spends that address's sign-up attempts from their own address.
    for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) await attempt('203.0.113.70')
    expect(await attempt('203.0.113.70')).toMatchObject({ ok: false, status: 429 })
    // Paul, from his own address, claims the invitation.
    expect(await attempt('192.0.2.71', token)).toMatchObject({ ok: true })
  })
})
