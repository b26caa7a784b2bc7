import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from './blog.server.ts'
import { createProject, listProjects, updateProject } from './projects.server.ts'
import {
  deleteTranslations,
  englishNamesOf,
  englishSlugOf,
  getTranslation,
  localizeList,
  localizeSettings,
  postIdOfEnglishSlug,
  saveEnglishNames,
  saveTranslation,
  staleTranslationIds,
  staleTranslationOf,
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

describe('English names and stale versions (ADR 094)', () => {
  it('shows tags and a post category by their English names, the French one when unnamed', async () => {
    const post = await createBlogPost(
      makeBlogPost({ category: 'Produit', tags: ['Accessibilité', 'React'] }),
    )
    await saveTranslation('post', post.id, 'en', { title: 'A post', content: 'Text' })
    await saveEnglishNames('tag', { Accessibilité: 'Accessibility' })
    await saveEnglishNames('category', { Produit: 'Product' })
    const [english] = await localizeList('post', [post], 'en')
    expect(english).toMatchObject({ category: 'Product', tags: ['Accessibility', 'React'] })
    // French pages keep the French names.
    const [french] = await localizeList('post', [post], 'fr')
    expect(french).toMatchObject({ category: 'Produit', tags: ['Accessibilité', 'React'] })
    // A post's own English category wins; a blank name removes the English name.
    await saveTranslation('post', post.id, 'en', {
      title: 'A post',
      content: 'Text',
      category: 'Craft',
    })
    await saveEnglishNames('tag', { Accessibilité: ' ' })
    const [again] = await localizeList('post', [post], 'en')
    expect(again).toMatchObject({ category: 'Craft', tags: ['Accessibilité', 'React'] })
    expect(await englishNamesOf('tag', ['Accessibilité', 'React'])).toEqual({
      Accessibilité: '',
      React: '',
    })
  })

  it('shows an English page its own search fields, never the French ones', async () => {
    const project = await createProject(
      makeProject({ seoTitle: 'Titre SEO', seoDescription: 'Résumé SEO' }),
    )
    await saveTranslation('project', project.id, 'en', {
      title: 'Translated',
      seoTitle: 'English search title',
    })
    const [english] = await localizeList('project', [project], 'en')
    expect(english!.seoTitle).toBe('English search title')
    expect(english!.seoDescription).toBeUndefined()
  })

  it('flags an English version whose French text changed, until it is saved again', async () => {
    const project = await createProject(makeProject({ title: 'Ancien titre' }))
    await saveTranslation('project', project.id, 'en', { title: 'Old title' }, undefined, project)
    expect(await staleTranslationIds('project', [project])).toEqual([])
    const changed = await updateProject(project.id, { ...makeProject(), title: 'Nouveau titre' })
    expect(await staleTranslationIds('project', [changed!])).toEqual([project.id])
    const [stale] = await staleTranslationOf('project', project.id, changed!)
    expect(stale!.field).toBe('title')
    expect(stale!.parts).toEqual(
      expect.arrayContaining([
        { kind: 'removed', text: 'Ancien' },
        { kind: 'added', text: 'Nouveau' },
      ]),
    )
    await saveTranslation('project', project.id, 'en', { title: 'New title' }, undefined, changed!)
    expect(await staleTranslationIds('project', [changed!])).toEqual([])
  })
})
