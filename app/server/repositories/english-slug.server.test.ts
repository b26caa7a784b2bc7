// Two posts never share an English address (ADR 084): the hub's English form refuses it in
// French like a taken French slug, and an imported English version is renamed.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGLISH_SLUG_TAKEN_MESSAGE } from '#app/domain/translation.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { LocalDiskStorage } from '#app/server/media/storage.server.ts'
import { importFile } from '#app/server/transfer/import.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { exportArchive } from '../../../tests/fixtures/zip.ts'
import { blogTabAction as act, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { createBlogPost } from './blog.server.ts'
import { getTranslation, postIdOfEnglishSlug, saveTranslation } from './translations.server.ts'

useTestDatabase()
useTestAdmin()

const ENGLISH = { title: 'English', content: 'Body' }

describe('English slugs', () => {
  it('refuses another post’s English slug, keeping the older post’s address', async () => {
    const older = await createBlogPost(makeBlogPost({ slug: 'ancien' }))
    const newer = await createBlogPost(makeBlogPost({ slug: 'nouveau' }))
    await saveTranslation('post', older.id, 'en', { ...ENGLISH, slug: 'shared' })
    await expect(
      saveTranslation('post', newer.id, 'en', { ...ENGLISH, slug: 'Shared' }),
    ).rejects.toThrow(ValidationError)
    expect(await getTranslation('post', newer.id)).toBeUndefined()
    expect(await postIdOfEnglishSlug('shared')).toBe(older.id)
    // Its own slug again, or a free one: accepted.
    await saveTranslation('post', older.id, 'en', { ...ENGLISH, slug: 'shared' })
    await saveTranslation('post', newer.id, 'en', { ...ENGLISH, slug: 'other' })
    expect((await getTranslation('post', newer.id))?.slug).toBe('other')
  })

  it('refuses another post’s French slug, and a French slug that is another’s English one', async () => {
    const first = await createBlogPost(makeBlogPost({ slug: 'premier' }))
    const second = await createBlogPost(makeBlogPost({ slug: 'second' }))
    await expect(
      saveTranslation('post', second.id, 'en', { ...ENGLISH, slug: 'premier' }),
    ).rejects.toThrow(ValidationError)
    // A post made later with a French slug that is `first`'s English one answers in English
    // at that French slug when its version has no slug of its own: refused.
    await saveTranslation('post', first.id, 'en', { ...ENGLISH, slug: 'later' })
    const later = await createBlogPost(makeBlogPost({ slug: 'later' }))
    await expect(saveTranslation('post', later.id, 'en', ENGLISH)).rejects.toThrow(ValidationError)
    expect(await postIdOfEnglishSlug('later')).toBe(first.id)
  })

  it('answers the hub’s English form with the French message on the slug, nothing saved', async () => {
    const older = await createBlogPost(makeBlogPost())
    const newer = await createBlogPost(makeBlogPost())
    await saveTranslation('post', older.id, 'en', { ...ENGLISH, slug: 'taken' })
    const answer = (await act([
      ['intent', 'translate'],
      ['id', newer.id],
      ['en.title', 'Title'],
      ['en.content', 'Body'],
      ['en.slug', 'taken'],
    ])) as { data: { fieldErrors: Record<string, string> }; init: { status: number } }
    expect(answer.init.status).toBe(400)
    expect(answer.data.fieldErrors).toEqual({ 'en.slug': ENGLISH_SLUG_TAKEN_MESSAGE })
    expect(await getTranslation('post', newer.id)).toBeUndefined()
  })

  it('renames an imported English slug another post answers at, with a note', async () => {
    const site = await createBlogPost(makeBlogPost({ slug: 'sur-le-site' }))
    await saveTranslation('post', site.id, 'en', { ...ENGLISH, slug: 'taken' })
    const work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-slug-'))
    try {
      const now = new Date().toISOString()
      const tables = {
        blog_posts: [
          {
            ...makeBlogPost({ slug: 'importe' }),
            id: 'imported',
            tags: '[]',
            author: '{"name":"","avatar":""}',
            readTime: 1,
            readTimeAuto: 1,
            createdAt: now,
            updatedAt: null,
            status: 'published',
            publishedAt: now,
          },
        ],
        translations: [
          {
            entity: 'post',
            entityId: 'imported',
            locale: 'en',
            data: JSON.stringify({ ...ENGLISH, slug: 'taken' }),
            updatedAt: now,
          },
        ],
      }
      const file = await exportArchive(path.join(work, 'archive.zip'), tables)
      const report = await importFile(file, {
        storage: new LocalDiskStorage(path.join(work, 'media')),
        privateStorage: new LocalDiskStorage(path.join(work, 'private')),
      })
      expect(report.counts.post).toEqual({ created: 1 })
      expect(await postIdOfEnglishSlug('taken')).toBe(site.id)
      expect((await getTranslation('post', 'imported'))?.slug).toBe('taken-2')
      expect(report.notes.some((n) => n.includes('« taken »') && n.includes('« taken-2 »'))).toBe(
        true,
      )
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})
