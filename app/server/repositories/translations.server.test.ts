import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from './blog.server.ts'
import { createProject, listProjects } from './projects.server.ts'
import {
  deleteTranslations,
  englishSlugOf,
  getTranslation,
  localizeList,
  localizeSettings,
  postIdOfEnglishSlug,
  saveTranslation,
} from './translations.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

describe('translations repository (ADR 075)', () => {
  it('keeps French as it is, and in English only the translated items, translated', async () => {
    const done = await createProject(makeProject({ title: 'Traduit', seoTitle: 'Titre SEO' }))
    const left = await createProject(makeProject({ title: 'Pas traduit' }))
    await saveTranslation('project', done.id, 'en', { title: ' Translated ', description: '' })
    const all = await listProjects()
    expect((await localizeList('project', all, 'fr')).map((p) => p.title)).toEqual(
      all.map((p) => p.title),
    )
    const english = await localizeList('project', all, 'en')
    expect(english.map((p) => p.id)).toEqual([done.id])
    expect(english[0]).toMatchObject({ title: 'Translated', description: done.description })
    // The French search title is not shown on the English page.
    expect(english[0]!.seoTitle).toBeUndefined()
    expect(english.some((p) => p.id === left.id)).toBe(false)
    // Blank fields are not stored.
    expect(await getTranslation('project', done.id)).toEqual({ title: 'Translated' })
  })

  it('needs the required fields, removes an emptied version and the item’s versions', async () => {
    const project = await createProject(makeProject())
    await saveTranslation('project', project.id, 'en', { description: 'Only a description' })
    expect(await localizeList('project', [project], 'en')).toEqual([])
    await saveTranslation('project', project.id, 'en', { title: 'Now', description: '' })
    expect(await localizeList('project', [project], 'en')).toHaveLength(1)
    await saveTranslation('project', project.id, 'en', { title: '  ' })
    expect(await getTranslation('project', project.id)).toBeUndefined()
    await saveTranslation('project', project.id, 'en', { title: 'Again' })
    await deleteTranslations('project', project.id)
    expect(await getTranslation('project', project.id)).toBeUndefined()
  })

  it('finds a post by its English slug, in the slug form, else keeps the French one', async () => {
    const own = await createBlogPost(makeBlogPost({ slug: 'article-un' }))
    await saveTranslation('post', own.id, 'en', {
      title: 'One',
      content: 'Body',
      slug: 'Post Number One!',
    })
    expect(await englishSlugOf(own.id, own.slug)).toBe('post-number-one')
    expect(await postIdOfEnglishSlug('post-number-one')).toBe(own.id)
    const kept = await createBlogPost(makeBlogPost({ slug: 'article-deux' }))
    await saveTranslation('post', kept.id, 'en', { title: 'Two', content: 'Body' })
    expect(await englishSlugOf(kept.id, kept.slug)).toBe('article-deux')
    const none = await createBlogPost(makeBlogPost({ slug: 'article-trois' }))
    expect(await englishSlugOf(none.id, none.slug)).toBeNull()
  })

  it('leaves the French site description off the English site until translated', async () => {
    const settings = { siteName: 'Atelier', siteDescription: 'Description française' }
    expect(await localizeSettings(settings, 'en')).toEqual({
      siteName: 'Atelier',
      siteDescription: '',
    })
    await saveTranslation('settings', 'settings', 'en', {
      siteName: 'Workshop',
      siteDescription: 'English description',
    })
    expect(await localizeSettings(settings, 'en')).toEqual({
      siteName: 'Workshop',
      siteDescription: 'English description',
    })
    expect(await localizeSettings(settings, 'fr')).toEqual(settings)
  })
})
