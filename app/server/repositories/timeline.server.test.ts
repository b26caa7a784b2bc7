import { describe, expect, it } from 'vitest'
import { expectDeletedOnce, itRefusesBadInput, useValidForm } from './repository-test-support.ts'
import {
  createTimelineItem,
  deleteTimelineItem,
  getTimelineItem,
  listTimeline,
  updateTimelineItem,
} from './timeline.server.ts'

const input = useValidForm('timeline')

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

  itRefusesBadInput('timeline', { create: createTimelineItem, update: updateTimelineItem }, input, [
    [
      { organization: '', type: 'school' },
      { organization: "L'organisation est requise", type: 'Type invalide' },
    ],
    [{ startDate: ' ' }, { startDate: 'La date de début est requise' }],
  ])

  it('deletes by id', async () => {
    const item = await createTimelineItem(input())
    await expectDeletedOnce(deleteTimelineItem, getTimelineItem, item.id)
  })
})
