// Anonymous visitors cannot grow activity_logs without bound (ADR 023).
import '../auth/auth-test-env.ts'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'

const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { requireAdmin } = await import('../auth/guard.server.ts')
const { ANONYMOUS_ACTIVITY_PER_ADDRESS, ANONYMOUS_ACTIVITY_PER_KIND, ANONYMOUS_ACTIVITY_TOTAL } =
  await import('./anonymous-activity.server.ts')

const denied = async () =>
  (
    await getDb()
      .selectFrom('activity_logs')
      .select('id')
      .where('action', '=', 'access_denied')
      .execute()
  ).length

function adminRequest(ip: string, page = 'projects') {
  return new Request(`http://localhost:3999/admin/${page}`, {
    headers: { 'x-vitrine-client-ip': ip },
  })
}

describe('anonymous activity entries', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('200 anonymous /admin/projects from one address write a bounded number of rows', async () => {
    for (let i = 0; i < 200; i++) {
      await expect(requireAdmin(adminRequest('203.0.113.20'))).rejects.toBeInstanceOf(Response)
    }
    expect(await denied()).toBe(ANONYMOUS_ACTIVITY_PER_KIND.limit)
    // Another page, or another address, is still logged.
    await expect(requireAdmin(adminRequest('203.0.113.20', 'blog'))).rejects.toBeInstanceOf(
      Response,
    )
    await expect(requireAdmin(adminRequest('203.0.113.21'))).rejects.toBeInstanceOf(Response)
    expect(await denied()).toBe(ANONYMOUS_ACTIVITY_PER_KIND.limit + 2)
  })

  it('bounds one address wandering over many pages', async () => {
    for (let i = 0; i < ANONYMOUS_ACTIVITY_PER_ADDRESS.limit + 20; i++) {
      await requireAdmin(adminRequest('203.0.113.30', `page-${i}`)).catch(() => null)
    }
    expect(await denied()).toBe(ANONYMOUS_ACTIVITY_PER_ADDRESS.limit)
  })

  it('caps anonymous rows from all addresses together', async () => {
    const addresses =
      Math.ceil(ANONYMOUS_ACTIVITY_TOTAL.limit / ANONYMOUS_ACTIVITY_PER_ADDRESS.limit) + 2
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < ANONYMOUS_ACTIVITY_PER_ADDRESS.limit; i++) {
        await requireAdmin(adminRequest(`198.51.${a}.${i}`)).catch(() => null)
      }
    }
    expect(await denied()).toBe(ANONYMOUS_ACTIVITY_TOTAL.limit)
  }, 60_000)
})
