import { describe, expect, it, vi } from 'vitest'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { expectDeletedOnce, itRefusesBadInput, useValidForm } from './repository-test-support.ts'
import {
  countProjects,
  createProject,
  deleteProject,
  getProject,
  listFeaturedProjects,
  listProjectTags,
  listProjects,
  updateProject,
} from './projects.server.ts'

const input = useValidForm('project')

describe('projects repository', () => {
  it('creates a project with a generated id, createdAt, defaults, and reads it back', async () => {
    const before = Date.now()
    const project = await createProject(
      input({
        tags: ' a, ,b ,',
        images: ['/demo/1.webp', ''],
        url: 'https://x.fr',
        featured: 'on',
      }),
    )
    expect(project.id).toMatch(/^[\w-]{16}$/)
    expect(Date.parse(project.createdAt)).toBeGreaterThanOrEqual(before)
    expect(project.updatedAt).toBeUndefined()
    expect(project).toMatchObject({
      title: 'Refonte',
      tags: ['a', 'b'],
      images: ['/demo/1.webp'],
      url: 'https://x.fr',
      featured: true,
      content: '',
      order: 1,
    })
    expect(await getProject(project.id)).toEqual(project)
    const other = await createProject(input())
    expect(other.id).not.toBe(project.id)
    expect(other.url).toBeUndefined()
    expect(other.featured).toBe(false)
  })

  it('defaults order to count + 1 and keeps an explicit order', async () => {
    expect((await createProject(input())).order).toBe(1)
    expect((await createProject(input({ order: '' }))).order).toBe(2)
    expect((await createProject(input({ order: 10 }))).order).toBe(10)
    expect((await createProject(input())).order).toBe(4)
    expect(await countProjects()).toBe(4)
  })

  it('lists by order ascending, then oldest first; featured ones apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const at = (day: number) => vi.setSystemTime(new Date(Date.UTC(2025, 0, day)))
    at(9)
    const last = await createProject(input({ title: 'Z', order: 3 }))
    // Five projects with the same order, created newest first: only createdAt sorts them.
    const sameOrder = []
    for (const day of [5, 4, 3, 2, 1]) {
      at(day)
      sameOrder.unshift(
        await createProject(input({ title: `J${day}`, order: 2, featured: day % 2 === 0 })),
      )
    }
    at(10)
    const first = await createProject(input({ title: 'A', order: 1, featured: true }))
    expect((await listProjects()).map((p) => p.title)).toEqual([
      'A',
      'J1',
      'J2',
      'J3',
      'J4',
      'J5',
      'Z',
    ])
    expect((await listProjects()).map((p) => p.id)).toEqual([
      first.id,
      ...sameOrder.map((p) => p.id),
      last.id,
    ])
    expect((await listFeaturedProjects()).map((p) => p.title)).toEqual(['A', 'J2', 'J4'])
  })

  it('updates partially: untouched fields kept, updatedAt set, createdAt kept', async () => {
    const created = await createProject(
      input({ tags: ['x'], url: 'https://x.fr', content: 'Texte', featured: true, order: 5 }),
    )
    const updated = await updateProject(created.id, { title: 'Nouveau titre' })
    expect(updated).toEqual({
      ...created,
      title: 'Nouveau titre',
      updatedAt: expect.any(String),
    })
    expect(Date.parse(updated?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(created.createdAt),
    )
    expect(await getProject(created.id)).toEqual(updated)
    // Blank optional url removes it; blank order keeps the current one.
    const cleared = await updateProject(created.id, { url: '', order: '', featured: false })
    expect(cleared?.url).toBeUndefined()
    expect(cleared?.order).toBe(5)
    expect(cleared?.featured).toBe(false)
    expect((await getProject(created.id))?.url).toBeUndefined()
  })

  it('returns undefined when updating a missing id, and writes nothing', async () => {
    expect(await updateProject('missing', { title: 'X' })).toBeUndefined()
    expect(await countProjects()).toBe(0)
  })

  itRefusesBadInput('projects', { create: createProject, update: updateProject }, input, [
    [
      { title: ' ', thumbnail: 'javascript:alert(1)' },
      { title: 'Le titre est requis', thumbnail: 'URL invalide' },
    ],
    [{ url: 'pas une url' }, { url: 'URL invalide' }],
  ])

  it('deletes by id: true once, then false', async () => {
    const project = await createProject(input())
    await expectDeletedOnce(deleteProject, getProject, project.id)
  })

  it('lists distinct tags, sorted in French order', async () => {
    expect(await listProjectTags()).toEqual([])
    await createProject(input({ tags: 'React, Éco-conception, design' }))
    await createProject(input({ tags: ['React', 'API'] }))
    expect(await listProjectTags()).toEqual(['API', 'design', 'Éco-conception', 'React'])
  })
})

describe('a project’s period (ADR 092)', () => {
  const base = { title: 'P', description: 'D', thumbnail: '/demo/a.webp' }

  it('lists the most recent first, undated start = the month of creation, kept on update', async () => {
    const old = await createProject({
      ...base,
      title: 'Ancien',
      startDate: '2019-03',
      endDate: '2021-06',
      order: 1,
    })
    const recent = await createProject({ ...base, title: 'Récent', startDate: '2024-03', order: 2 })
    const mid = await createProject({ ...base, title: 'Milieu', startDate: '2022-01', order: 0 })
    expect((await listProjects()).map((p) => p.title)).toEqual(['Récent', 'Milieu', 'Ancien'])
    expect(await getProject(old.id)).toMatchObject({ startDate: '2019-03', endDate: '2021-06' })
    expect((await getProject(recent.id))?.endDate).toBeUndefined()

    const undated = await createProject({ ...base, title: 'Sans date' })
    expect(undated.startDate).toBe(undated.createdAt.slice(0, 7))
    await updateProject(mid.id, { title: 'Milieu revu' })
    expect(await getProject(mid.id)).toMatchObject({ title: 'Milieu revu', startDate: '2022-01' })
  })

  it('refuses an end before the start in French, changing nothing', async () => {
    const project = await createProject({ ...base, startDate: '2020-01' })
    await expect(updateProject(project.id, { endDate: '2019-12' })).rejects.toBeInstanceOf(
      ValidationError,
    )
    expect((await getProject(project.id))?.endDate).toBeUndefined()
  })
})
