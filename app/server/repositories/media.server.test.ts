import { describe, expect, it, vi } from 'vitest'
import { expectDeletedOnce, refusal, useValidForm } from './repository-test-support.ts'
import {
  countMedia,
  createMediaItem,
  deleteMediaItem,
  getMediaItem,
  listMedia,
  listMediaTags,
  updateMediaItem,
} from './media.server.ts'

const input = useValidForm('media')

describe('media repository', () => {
  it('creates with a generated id, createdAt and defaults, and reads it back', async () => {
    const before = Date.now()
    const item = await createMediaItem(input({ tags: ' a, ,b ,', featured: 'on' }))
    expect(item).toMatchObject({
      id: expect.stringMatching(/^[\w-]{16}$/),
      ...input(),
      description: '',
      tags: ['a', 'b'],
      featured: true,
      order: 1,
    })
    expect(Date.parse(item.createdAt)).toBeGreaterThanOrEqual(before)
    expect(item.updatedAt).toBeUndefined()
    expect(await getMediaItem(item.id)).toEqual(item)
  })

  it('defaults order to count + 1; accepts 0, rejects -1 writing nothing', async () => {
    expect((await createMediaItem(input())).order).toBe(1)
    expect((await createMediaItem(input({ order: '' }))).order).toBe(2)
    expect((await createMediaItem(input({ order: 0 }))).order).toBe(0)
    expect(await refusal(createMediaItem(input({ order: -1 })))).toEqual({
      order: "L'ordre doit être un entier positif ou nul",
    })
    expect(await countMedia()).toBe(3)
    expect((await createMediaItem(input())).order).toBe(4)
  })

  it('lists by order ascending, then oldest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    for (const day of [5, 4, 3, 2, 1]) {
      vi.setSystemTime(new Date(Date.UTC(2025, 0, day)))
      await createMediaItem(input({ title: `J${day}`, order: 1 }))
    }
    await createMediaItem(input({ title: 'Zéro', order: 0 }))
    await createMediaItem(input({ title: 'Fin', order: 9 }))
    expect((await listMedia()).map((m) => m.title)).toEqual([
      'Zéro',
      'J1',
      'J2',
      'J3',
      'J4',
      'J5',
      'Fin',
    ])
  })

  it('filters by search (title, description, tags; accents ignored), category and tag', async () => {
    await createMediaItem(input({ title: 'Été', tags: 'Nature, Voyage' }))
    await createMediaItem(
      input({ title: 'Conférence', category: 'video', url: 'https://x.fr/v.mp4', tags: 'Talk' }),
    )
    await createMediaItem(
      input({ title: 'Portrait', description: 'Lumière d’été', tags: 'Nature' }),
    )
    const titles = async (f: Parameters<typeof listMedia>[0]) =>
      (await listMedia(f)).map((m) => m.title).sort()
    expect(await titles({ q: 'ETE' })).toEqual(['Portrait', 'Été'])
    expect(await titles({ q: 'conference' })).toEqual(['Conférence'])
    expect(await titles({ q: 'talk' })).toEqual(['Conférence'])
    expect(await titles({ category: 'video' })).toEqual(['Conférence'])
    expect(await titles({ category: 'image' })).toEqual(['Portrait', 'Été'])
    expect(await titles({ tag: 'Nature' })).toEqual(['Portrait', 'Été'])
    expect(await titles({ tag: 'Nature', q: 'portrait' })).toEqual(['Portrait'])
    expect(await titles({ q: 'introuvable' })).toEqual([])
    expect(await listMediaTags()).toEqual(['Nature', 'Talk', 'Voyage'])
  })

  it('updates partially: untouched fields kept, updatedAt set; missing id → undefined', async () => {
    const item = await createMediaItem(
      input({ description: 'Desc', tags: ['x'], featured: true, order: 3 }),
    )
    const updated = await updateMediaItem(item.id, { title: 'Nouveau' })
    expect(updated).toEqual({ ...item, title: 'Nouveau', updatedAt: expect.any(String) })
    expect(await getMediaItem(item.id)).toEqual(updated)
    expect((await updateMediaItem(item.id, { order: 0 }))?.order).toBe(0)
    expect(await updateMediaItem('missing', { title: 'X' })).toBeUndefined()
  })

  it('rejects an invalid update and writes nothing', async () => {
    const item = await createMediaItem(input())
    await expect(
      updateMediaItem(item.id, { url: 'javascript:alert(1)', category: 'audio', order: -1 }),
    ).rejects.toMatchObject({
      fieldErrors: {
        url: 'URL invalide',
        category: 'Catégorie invalide',
        order: "L'ordre doit être un entier positif ou nul",
      },
    })
    expect(await getMediaItem(item.id)).toEqual(item)
  })

  it('deletes by id', async () => {
    const item = await createMediaItem(input())
    await expectDeletedOnce(deleteMediaItem, getMediaItem, item.id)
    expect(await countMedia()).toBe(0)
  })
})
