import { describe, expect, test, vi } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { setDatabase } from '../db/client.server.ts'
import { log } from '../core/log.server.ts'
import { activityRetention } from './activity-retention.server.ts'
import { getEnv } from '../core/env.server.ts'
import { addActivity, listActivity } from '../repositories/activity.server.ts'
import { STARTUP_HOOKS } from '../core/startup-hooks.server.ts'

const database = useTestDatabase()

const DAY = 86_400_000
const at = (daysAgo: number) =>
  addActivity({
    userId: 'u',
    userName: 'U',
    action: 'login',
    resourceType: 'admin',
    details: `${daysAgo}`,
    timestamp: new Date(Date.now() - daysAgo * DAY).toISOString(),
  })

describe('activity retention', () => {
  test('purges entries older than the retention, keeps the others', async () => {
    await at(400)
    await at(366)
    await at(364)
    await at(0)
    expect(await activityRetention.purge(365)).toBe(2)
    const left = (await listActivity()).items.map((e) => e.details).sort()
    expect(left).toEqual(['0', '364'])
  })

  test('runs at start-up with ACTIVITY_RETENTION_DAYS and is registered as a hook', async () => {
    expect(STARTUP_HOOKS).toContain(activityRetention.start)
    await at(40)
    await at(10)
    const env = getEnv({
      ...process.env,
      ACTIVITY_RETENTION_DAYS: '30',
      BETTER_AUTH_SECRET: 'retention-test-secret-0123456789abcdef',
    })
    await activityRetention.start(env)
    await activityRetention.stop()
    expect((await listActivity()).items.map((e) => e.details)).toEqual(['10'])
  })

  test('the daily purge stops with its database: no purge runs once it is closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const failed = vi.spyOn(log, 'error')
    try {
      await activityRetention.start(
        getEnv({ ...process.env, BETTER_AUTH_SECRET: 'retention-test-secret-0123456789abcdef' }),
      )
      setDatabase(undefined)
      await database.current.close()
      await vi.advanceTimersByTimeAsync(2 * DAY)
      expect(failed).not.toHaveBeenCalled()
    } finally {
      failed.mockRestore()
      vi.useRealTimers()
    }
  })
})
