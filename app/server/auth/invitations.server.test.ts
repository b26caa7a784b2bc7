// Invitations on the real database (ADR 015): single use, bound to one user, expiring.
import { describe, expect, it } from 'vitest'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getDb } from '../db/client.server.ts'
import {
  consumeInvitation,
  findInvitation,
  INVITATION_TTL_MS,
  invitationLink,
  issueInvitation,
  revokeInvitation,
  usersWithoutAccount,
} from './invitations.server.ts'

describe('invitations', () => {
  useTestDatabase()

  it('finds the user of a valid token, once, and stores only a hash', async () => {
    const token = await issueInvitation('u1')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await findInvitation(token)).toBe('u1')
    const stored = await getDb().selectFrom('verification').select(['value']).execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.value).not.toContain(token)
    expect(await consumeInvitation(token, 'u2')).toBe(false)
    expect(await consumeInvitation(token, 'u1')).toBe(true)
    expect(await consumeInvitation(token, 'u1')).toBe(false)
    expect(await findInvitation(token)).toBeUndefined()
  })

  it('replaces an earlier link, expires, and can be revoked', async () => {
    const now = Date.now()
    const first = await issueInvitation('u1', now)
    const second = await issueInvitation('u1', now)
    expect(await findInvitation(first)).toBeUndefined()
    expect(await findInvitation(second, now + INVITATION_TTL_MS - 1)).toBe('u1')
    expect(await findInvitation(second, now + INVITATION_TTL_MS)).toBeUndefined()
    await revokeInvitation('u1')
    expect(await findInvitation(second)).toBeUndefined()
  })

  it('rejects malformed tokens without a lookup and builds the register link', async () => {
    expect(await findInvitation('court')).toBeUndefined()
    expect(await findInvitation("x' OR 1=1 --aaaaaaaaaaaaaaaa")).toBeUndefined()
    expect(invitationLink({ PUBLIC_URL: 'https://exemple.fr' }, 'abc')).toBe(
      'https://exemple.fr/register?invitation=abc',
    )
  })

  it('tells which users cannot sign in yet', async () => {
    const withPassword = await createTestUser()
    const invited = await createTestUser({ withPassword: false })
    expect([...(await usersWithoutAccount([withPassword.id, invited.id]))]).toEqual([invited.id])
    expect(await usersWithoutAccount([])).toEqual(new Set())
  })
})
