import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { expectDeletedOnce } from './repository-test-support.ts'
import {
  createTimelineItem,
  deleteTimelineItem,
  getTimelineItem,
  listTimeline,
  updateTimelineItem,
} from './timeline.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Product manager',
  organization: 'Acme',
  startDate: '2022-01',
  endDate: 'present',
  type: 'professional',
  description: 'Pilotage produit',
  ...overrides,
})

async function count() {
  return (await getDb().selectFrom('timeline').select('id').execute()).length
}

describe('timeline repository', () => {
  it('creates with a generated id and trimmed tags, and reads it back', async () => {
    const item = await createTimelineItem(input({ tags: ' a, ,b ,' }))
    expect(item).toEqual({ id: expect.stringMatching(/^[\w-]{16}$/), ...input(), tags: ['a', 'b'] })
    expect(await getTimelineItem(item.id)).toEqual(item)
  })

  it('lists by start date, most recent first, optionally by type', async () => {
    await createTimelineItem(input({ title: 'B', startDate: '2019-05' }))
    await createTimelineItem(input({ title: 'A', startDate: '2023-02', type: 'personal' }))
    await createTimelineItem(input({ title: 'C', startDate: '2021-11' }))
    await createTimelineItem(input({ title: 'D', startDate: '2015-01', type: 'personal' }))
    expect((await listTimeline()).map((i) => i.title)).toEqual(['A', 'C', 'B', 'D'])
    expect((await listTimeline('professional')).map((i) => i.title)).toEqual(['C', 'B'])
    expect((await listTimeline('personal')).map((i) => i.title)).toEqual(['A', 'D'])
  })

  it('updates partially and returns undefined for a missing id', async () => {
    const item = await createTimelineItem(input({ tags: ['Agile'] }))
    const updated = await updateTimelineItem(item.id, { endDate: '2024-06', tags: 'Lean, Agile' })
    expect(updated).toEqual({ ...item, endDate: '2024-06', tags: ['Lean', 'Agile'] })
    expect(await getTimelineItem(item.id)).toEqual(updated)
    expect(await updateTimelineItem('missing', { title: 'X' })).toBeUndefined()
  })

  it('rejects invalid input and writes nothing', async () => {
    const item = await createTimelineItem(input())
    const error = await createTimelineItem(input({ organization: '', type: 'school' })).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).fieldErrors).toEqual({
      organization: "L'organisation est requise",
      type: 'Type invalide',
    })
    expect(await count()).toBe(1)
    await expect(updateTimelineItem(item.id, { startDate: ' ' })).rejects.toMatchObject({
      fieldErrors: { startDate: 'La date de début est requise' },
    })
    expect(await getTimelineItem(item.id)).toEqual(item)
  })

  it('deletes by id', async () => {
    const item = await createTimelineItem(input())
    await expectDeletedOnce(deleteTimelineItem, getTimelineItem, item.id)
  })
})
