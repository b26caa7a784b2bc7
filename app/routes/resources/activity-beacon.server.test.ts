import { describe, expect, test } from 'vitest'
import { DEFAULT_USER_INFO } from '#app/domain/activity.ts'
import { addActivity, listActivity } from '#app/server/repositories/activity.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  BEACON_WINDOW_MS,
  type DeviceFingerprint,
  BeaconSchema,
  enrichRecentActivity,
  shortReferrer,
} from './activity-beacon.server.ts'

useTestDatabase()

const LAPTOP: DeviceFingerprint = {
  ip: '203.0.113.0',
  browser: 'Firefox',
  os: 'Linux',
  device: 'Desktop',
}
const PHONE: DeviceFingerprint = {
  ip: '198.51.100.0',
  browser: 'Safari',
  os: 'iOS',
  device: 'Mobile',
}

const entry = (userId: string, minutesAgo = 0, device = LAPTOP) =>
  addActivity({
    userId,
    userName: userId,
    action: 'update',
    resourceType: 'project',
    details: '',
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    userInfo: { ...DEFAULT_USER_INFO, ...device },
  })

const infoOf = async (id: string) =>
  (await listActivity({ pageSize: 200 })).items.find((e) => e.id === id)!.userInfo

describe('activity beacon', () => {
  test('enriches only the caller’s own recent, not yet enriched entries', async () => {
    const mine = await entry('alice')
    const old = await entry('alice', BEACON_WINDOW_MS / 60_000 + 1)
    const theirs = await entry('bob')
    const input = BeaconSchema.parse({
      language: 'fr-FR',
      screenResolution: '1920x1080',
      timezone: 'Europe/Paris',
      referrer: 'https://exemple.fr/blog?utm=1#top',
    })
    expect(await enrichRecentActivity('alice', input, LAPTOP)).toBe(1)
    expect(await infoOf(mine.id)).toMatchObject({
      language: 'fr-FR',
      screenResolution: '1920x1080',
      timezone: 'Europe/Paris',
      referrer: 'https://exemple.fr/blog',
      ip: LAPTOP.ip,
    })
    expect((await infoOf(old.id)).screenResolution).toBe('Unknown')
    expect((await infoOf(theirs.id)).screenResolution).toBe('Unknown')

    // A second beacon cannot overwrite what an earlier one reported.
    const again = BeaconSchema.parse({ screenResolution: '1x1', timezone: 'Asia/Tokyo' })
    expect(await enrichRecentActivity('alice', again, LAPTOP)).toBe(0)
    expect((await infoOf(mine.id)).screenResolution).toBe('1920x1080')
  })

  test('enriches only entries written from the same device', async () => {
    const laptop = await entry('dana', 0, LAPTOP)
    const phone = await entry('dana', 0, PHONE)
    const input = BeaconSchema.parse({ screenResolution: '390x844', timezone: 'Europe/Paris' })
    expect(await enrichRecentActivity('dana', input, PHONE)).toBe(1)
    expect((await infoOf(phone.id)).screenResolution).toBe('390x844')
    expect((await infoOf(laptop.id)).screenResolution).toBe('Unknown')
  })

  test('drops implausible values instead of storing them', async () => {
    const input = BeaconSchema.parse({
      language: '<script>',
      screenResolution: '99999999x1',
      timezone: 'Europe/Paris; drop table',
      referrer: 'javascript:alert(1)',
    })
    expect(input).toEqual({
      language: undefined,
      screenResolution: undefined,
      timezone: undefined,
      referrer: undefined,
    })
    const e = await entry('carol')
    expect(await enrichRecentActivity('carol', input, LAPTOP)).toBe(0)
    expect((await infoOf(e.id)).language).toBe('Unknown')
  })

  test('shortReferrer keeps origin and path of http(s) URLs only', () => {
    expect(shortReferrer('https://a.fr/x/y?q=secret#h')).toBe('https://a.fr/x/y')
    expect(shortReferrer('http://localhost:3000/')).toBe('http://localhost:3000/')
    expect(shortReferrer('')).toBeUndefined()
    expect(shortReferrer('ftp://a.fr/file')).toBeUndefined()
    expect(shortReferrer('pas une url')).toBeUndefined()
  })
})
