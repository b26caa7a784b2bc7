// The share link's key (ADR 096): stored only as its hash, one at a time, revocable.
import { test, expect } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { activeShare, createShareKey, revokeShareKey, shareKeyValid } from './share.server.ts'

const database = useTestDatabase()

test('a key opens the link until revoked or replaced; only its hash is stored', async () => {
  const db = database.current.db
  expect(await activeShare(db)).toBeNull()
  expect(await shareKeyValid('A'.repeat(43), db)).toBe(false)
  const key = await createShareKey(new Date('2026-11-27T10:00:00Z'), db)
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(await shareKeyValid(key, db)).toBe(true)
  expect(await activeShare(db)).toEqual({ createdAt: '2026-11-27T10:00:00.000Z' })
  const state = await db.selectFrom('analytics_state').select('value').execute()
  expect(JSON.stringify(state)).not.toContain(key)
  for (const bad of [undefined, '', key.slice(1), `${key}=`, 42])
    expect(await shareKeyValid(bad, db)).toBe(false)
  const next = await createShareKey(new Date(), db)
  expect(await shareKeyValid(key, db)).toBe(false)
  expect(await shareKeyValid(next, db)).toBe(true)
  await revokeShareKey(db)
  expect(await shareKeyValid(next, db)).toBe(false)
  expect(await activeShare(db)).toBeNull()
})
