import { describe, expect, it } from 'vitest'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { expectDeletedOnce, useValidForm } from './repository-test-support.ts'
import {
  countProcessSteps,
  createProcessStep,
  deleteProcessStep,
  getProcessStep,
  listProcessSteps,
  reorderProcessSteps,
  updateProcessStep,
} from './process.server.ts'

const input = useValidForm('process')

const REORDER =
  'La liste des étapes ne correspond pas aux étapes existantes. Rechargez la page et réessayez.'

describe('process repository', () => {
  it('creates with a generated id; order defaults to 1 then count + 1', async () => {
    const first = await createProcessStep(input())
    expect(first).toEqual({ id: expect.stringMatching(/^[\w-]{16}$/), ...input(), order: 1 })
    expect(await getProcessStep(first.id)).toEqual(first)
    expect((await createProcessStep(input({ order: '' }))).order).toBe(2)
    expect((await createProcessStep(input({ order: '7' }))).order).toBe(7)
    expect((await createProcessStep(input())).order).toBe(4)
    expect(await countProcessSteps()).toBe(4)
  })

  it('lists by order ascending', async () => {
    await createProcessStep(input({ title: 'C', order: 3 }))
    await createProcessStep(input({ title: 'A', order: 1 }))
    await createProcessStep(input({ title: 'B', order: 2 }))
    expect((await listProcessSteps()).map((s) => s.title)).toEqual(['A', 'B', 'C'])
  })

  it('updates partially and returns undefined for a missing id', async () => {
    const step = await createProcessStep(input({ order: 3 }))
    const updated = await updateProcessStep(step.id, { description: 'Observer' })
    expect(updated).toEqual({ ...step, description: 'Observer' })
    expect(await getProcessStep(step.id)).toEqual(updated)
    expect((await updateProcessStep(step.id, { order: '1' }))?.order).toBe(1)
    expect(await updateProcessStep('missing', { title: 'X' })).toBeUndefined()
  })

  it('rejects order 0 and missing fields, writing nothing; accepts order 1', async () => {
    await expect(createProcessStep(input({ order: 0 }))).rejects.toMatchObject({
      fieldErrors: { order: "L'ordre doit être un entier supérieur ou égal à 1" },
    })
    await expect(createProcessStep({ title: ' ' })).rejects.toBeInstanceOf(ValidationError)
    expect(await countProcessSteps()).toBe(0)
    const step = await createProcessStep(input({ order: 1 }))
    expect(step.order).toBe(1)
    await expect(updateProcessStep(step.id, { order: 0 })).rejects.toBeInstanceOf(ValidationError)
    expect(await getProcessStep(step.id)).toEqual(step)
  })

  it('deletes by id', async () => {
    const step = await createProcessStep(input())
    await expectDeletedOnce(deleteProcessStep, getProcessStep, step.id)
  })

  it('numbers the other steps 1..n again after a delete, so the next one does not tie', async () => {
    const steps = []
    for (const title of ['A', 'B', 'C', 'D']) steps.push(await createProcessStep(input({ title })))
    expect(await deleteProcessStep(steps[2]!.id)).toBe(true)
    const orders = (await listProcessSteps()).map((step) => [step.title, step.order])
    expect(orders).toEqual([
      ['A', 1],
      ['B', 2],
      ['D', 3],
    ])
    expect((await createProcessStep(input({ title: 'E' }))).order).toBe(4)
  })

  it('reorders: renumbers 1..n in the given order', async () => {
    const a = await createProcessStep(input({ title: 'A', order: 1 }))
    const b = await createProcessStep(input({ title: 'B', order: 5 }))
    const c = await createProcessStep(input({ title: 'C', order: 9 }))
    const result = await reorderProcessSteps([c.id, a.id, b.id])
    const expected = [
      { ...c, order: 1 },
      { ...a, order: 2 },
      { ...b, order: 3 },
    ]
    expect(result).toEqual(expected)
    expect(await listProcessSteps()).toEqual(expected)
  })

  it.each([
    ['a missing id', (ids: string[]) => ids.slice(0, 2)],
    ['an unknown id', (ids: string[]) => [...ids.slice(0, 2), 'unknown']],
    ['a repeated id', (ids: string[]) => [...ids.slice(0, 2), ...ids.slice(1, 2)]],
    ['an extra id', (ids: string[]) => [...ids, 'unknown']],
    ['nothing', () => []],
  ])('rejects a list with %s and writes nothing', async (_label, make) => {
    const steps = [
      await createProcessStep(input({ title: 'A', order: 2 })),
      await createProcessStep(input({ title: 'B', order: 4 })),
      await createProcessStep(input({ title: 'C', order: 6 })),
    ]
    const before = await listProcessSteps()
    const error = await reorderProcessSteps(make(steps.reverse().map((s) => s.id))).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).fieldErrors).toEqual({ '': REORDER })
    expect(await listProcessSteps()).toEqual(before)
  })

  it('reorders an empty collection with an empty list', async () => {
    expect(await reorderProcessSteps([])).toEqual([])
  })
})
