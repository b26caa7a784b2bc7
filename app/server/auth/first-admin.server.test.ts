// The first-admin setup link: random, hashed at rest, single use, expiring, only while no
// active admin exists (ADR 010).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import type { UserRole, UserStatus } from '#app/domain/types.ts'
import { getDb } from '../db/client.server.ts'
import {
  consumeSetupToken,
  isSetupTokenValid,
  issueSetupToken,
  printFirstAdminLink,
  promoteToAdmin,
  setupTokenToPrint,
  SETUP_TOKEN_TTL_MS,
} from './first-admin.server.ts'
import type { Env } from '../core/env.server.ts'

async function addUser(role: UserRole, status: UserStatus = 'active') {
  await createTestUser({ id: `${role}-${status}`, role, status, withPassword: false })
}

const SECRET = 'test-secret-test-secret-test-secret-0123'

describe('first-admin setup link', () => {
  useTestDatabase()
  afterEach(() => vi.restoreAllMocks())

  it('stores only a hash, works once, and a new token replaces the old one', async () => {
    const first = await issueSetupToken()
    const second = await issueSetupToken()
    expect(first).not.toBe(second)
    expect(first.length).toBeGreaterThanOrEqual(40)
    const rows = await getDb().selectFrom('verification').select(['value']).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.value).not.toContain(second)
    expect(await isSetupTokenValid(first)).toBe(false)
    expect(await isSetupTokenValid(second)).toBe(true)
    expect(await consumeSetupToken(second)).toBe(true)
    expect(await consumeSetupToken(second)).toBe(false)
    expect(await isSetupTokenValid(second)).toBe(false)
  })

  it('expires after 24 hours and rejects malformed tokens', async () => {
    const now = Date.now()
    const token = await issueSetupToken(now)
    expect(await isSetupTokenValid(token, now + SETUP_TOKEN_TTL_MS - 1000)).toBe(true)
    expect(await isSetupTokenValid(token, now + SETUP_TOKEN_TTL_MS + 1000)).toBe(false)
    expect(await isSetupTokenValid('court')).toBe(false)
    expect(await isSetupTokenValid(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(
      false,
    )
  })

  it('stops working once an active admin exists (a blocked admin does not count)', async () => {
    const token = await issueSetupToken()
    await addUser('admin', 'blocked')
    await addUser('editor')
    expect(await isSetupTokenValid(token)).toBe(true)
    await addUser('admin')
    expect(await isSetupTokenValid(token)).toBe(false)
    expect(await consumeSetupToken(token)).toBe(false)
  })

  it('lets the setup form consume its link when ADMIN_EMAIL already made that account admin', async () => {
    const token = await issueSetupToken()
    await addUser('admin')
    // Another admin counts: the link is dead.
    expect(await consumeSetupToken(token, Date.now(), 'someone-else')).toBe(false)
    // The account the form just created (promoted by ADR 010's ADMIN_EMAIL) does not.
    expect(await consumeSetupToken(token, Date.now(), 'admin-active')).toBe(true)
    expect(await consumeSetupToken(token, Date.now(), 'admin-active')).toBe(false)
  })

  it('prints the link at start-up only while no active admin exists', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const env = { PUBLIC_URL: 'http://localhost:4321', BETTER_AUTH_SECRET: SECRET } as Env
    await printFirstAdminLink(env)
    const printed = write.mock.calls.map((c) => String(c[0])).join('')
    const match = printed.match(
      /Créez le premier administrateur : http:\/\/localhost:4321\/setup\/([\w-]+)/,
    )
    expect(match).not.toBeNull()
    expect(await isSetupTokenValid(match?.[1] ?? '')).toBe(true)
    write.mockClear()
    await addUser('admin')
    await printFirstAdminLink(env)
    expect(write).not.toHaveBeenCalled()
  })

  it('prints the same link again while it is unexpired: one link per database', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const env = { PUBLIC_URL: 'http://localhost:4321', BETTER_AUTH_SECRET: SECRET } as Env
    const linkPrinted = async () => {
      write.mockClear()
      await printFirstAdminLink(env)
      const printed = write.mock.calls.map((c) => String(c[0])).join('')
      return { printed, token: /\/setup\/([\w-]+)/.exec(printed)?.[1] ?? '' }
    }
    const first = await linkPrinted()
    expect(first.printed).toContain('valable 24 h')
    // A restart (rolling, or a second server): the same link, not a replacement.
    const again = await linkPrinted()
    expect(again.token).toBe(first.token)
    expect(again.printed).toMatch(/le même lien que lors du premier démarrage.*valable jusqu'au/)
    expect(await isSetupTokenValid(first.token)).toBe(true)
    // The row holds the hash and the sealed token, never the token in clear.
    const rows = await getDb().selectFrom('verification').select(['value']).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.value).not.toContain(first.token)
    // Another secret cannot open it: a new link (the old one stops working).
    const other = await setupTokenToPrint('another-secret-another-secret-0123456789')
    expect(other.created).toBe(true)
    expect(await isSetupTokenValid(first.token)).toBe(false)
    // Used up: the next start makes a new one.
    expect(await consumeSetupToken(other.token)).toBe(true)
    expect((await setupTokenToPrint(SECRET)).created).toBe(true)
  })

  it('gives two servers starting at once the same link, created once', async () => {
    const [a, b] = await Promise.all([setupTokenToPrint(SECRET), setupTokenToPrint(SECRET)])
    expect(a.token).toBe(b.token)
    expect([a.created, b.created].sort()).toEqual([false, true])
    const rows = await getDb().selectFrom('verification').select(['id']).execute()
    expect(rows).toHaveLength(1)
  })

  it('promotes to an active admin; an operator-made account has a proven address', async () => {
    await addUser('viewer', 'blocked')
    await addUser('editor')
    await promoteToAdmin('viewer-blocked')
    await promoteToAdmin('editor-active', { emailProven: true })
    const rows = await getDb()
      .selectFrom('user')
      .select(['id', 'role', 'status', 'emailVerified'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: 'editor-active', role: 'admin', status: 'active', emailVerified: 1 },
      { id: 'viewer-blocked', role: 'admin', status: 'active', emailVerified: 0 },
    ])
  })
})
