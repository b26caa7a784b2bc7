// The statistics settings are one settings document read through the generation cache
// (ADR 080): no timed copy that outlives a save, here or on another app server.
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { DEFAULT_STATS_SETTINGS } from '#app/domain/analytics.ts'
import { contentGeneration } from '../cache/generation.server.ts'
import { getDb } from '../db/client.server.ts'
import { getLegalFacts } from '../content/legal.server.ts'
import { getStatsSettings, saveStatsSettings, writeState } from './store.server.ts'

useTestDatabase()

describe('statistics settings', () => {
  it('a save is a content write: the legal page that describes them is rendered again', async () => {
    expect((await getLegalFacts()).statistics).toEqual({
      retentionMonths: DEFAULT_STATS_SETTINGS.retentionMonths,
    })
    const before = contentGeneration()
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, enabled: false })
    expect(contentGeneration()).toBeGreaterThan(before)
    expect((await getLegalFacts()).statistics).toBeUndefined()
    expect(await getStatsSettings()).toMatchObject({ enabled: false })
  })

  it('a change written by another app server is read at once, not seconds later', async () => {
    expect(await getStatsSettings()).toMatchObject({ retentionMonths: 25 })
    const data = JSON.stringify({ ...DEFAULT_STATS_SETTINGS, retentionMonths: 3 })
    await getDb()
      .insertInto('settings')
      .values({ id: 'statistics', data, updatedAt: new Date().toISOString() })
      .execute()
    expect(await getStatsSettings()).toMatchObject({ retentionMonths: 3 })
  })

  it('still reads settings saved where they used to be, until the next save', async () => {
    await writeState('settings', JSON.stringify({ ...DEFAULT_STATS_SETTINGS, weeklyEmail: true }))
    expect(await getStatsSettings(getDb())).toMatchObject({ weeklyEmail: true })
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, weeklyEmail: false })
    expect(await getStatsSettings()).toMatchObject({ weeklyEmail: false })
  })
})
