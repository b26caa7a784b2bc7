import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../tests/fixtures/db.ts'
import {
  purgeExpiredActivity,
  startActivityRetention,
  stopActivityRetention,
} from './activity-retention.server.ts'
import { getEnv } from './env.server.ts'
import { addActivity, listActivity } from './repositories/activity.server.ts'
import { STARTUP_HOOKS } from './startup-hooks.server.ts'

useTestDatabase()

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
    expect(await purgeExpiredActivity(365)).toBe(2)
    const left = (await listActivity()).items.map((e) => e.details).sort()
    expect(left).toEqual(['0', '364'])
  })

  test('runs at start-up with ACTIVITY_RETENTION_DAYS and is registered as a hook', async () => {
    expect(STARTUP_HOOKS).toContain(startActivityRetention)
    await at(40)
    await at(10)
    const env = getEnv({
      ...process.env,
      ACTIVITY_RETENTION_DAYS: '30',
      BETTER_AUTH_SECRET: 'retention-test-secret-0123456789abcdef',
    })
    await startActivityRetention(env)
    stopActivityRetention()
    expect((await listActivity()).items.map((e) => e.details)).toEqual(['10'])
  })
})
