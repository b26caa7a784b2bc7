import { describe, expect, it } from 'vitest'
import { buildMeta, privatePageMeta, siteSeoFromMatches, summarize, type SiteSeo } from './seo.ts'

const site: SiteSeo = {
  siteName: 'Mon Site',
  siteDescription: 'Description du site',
  metaImage: '/images/partage.webp',
  keywords: ['design', 'produit'],
  origin: 'https://exemple.fr',
}

describe('buildMeta', () => {
  it('builds title, description, canonical, Open Graph and Twitter tags', () => {
    const tags = buildMeta(site, { title: 'Blog', path: '/blog?q=x' })
    expect(tags).toContainEqual({ title: 'Blog — Mon Site' })
    expect(tags).toContainEqual({ name: 'description', content: 'Description du site' })
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://exemple.fr/blog',
    })
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://exemple.fr/images/partage.webp',
    })
    expect(tags).toContainEqual({ name: 'twitter:title', content: 'Blog — Mon Site' })
    expect(tags).toContainEqual({ name: 'keywords', content: 'design, produit' })
  })

  it('prefers the page image and description and uses the site name alone at home', () => {
    const tags = buildMeta(site, {
      path: '/',
      description: 'Page',
      image: 'https://cdn.exemple.fr/a.png',
    })
    expect(tags).toContainEqual({ title: 'Mon Site' })
    expect(tags).toContainEqual({ property: 'og:description', content: 'Page' })
    expect(tags).toContainEqual({ name: 'twitter:image', content: 'https://cdn.exemple.fr/a.png' })
  })

  it('bounds long descriptions and reads the root seo from matches', () => {
    expect(summarize('mot '.repeat(100)).length).toBeLessThanOrEqual(160)
    // Kept per text and length: the same answer again, and another length is its own.
    const long = 'Une phrase assez longue. '.repeat(20)
    expect(summarize(long)).toBe(summarize(long))
    expect(summarize(long, 40)).toBe('Une phrase assez longue. Une phrase…')
    expect(summarize(long).length).toBeLessThanOrEqual(160)
    expect(summarize('  deux\n  lignes  ')).toBe('deux lignes')
    expect(siteSeoFromMatches([{ id: 'root', loaderData: { seo: site } }])).toBe(site)
    expect(siteSeoFromMatches([]).siteName).toBe('Portfolio')
  })
})

describe('privatePageMeta', () => {
  it('names the page after the site and keeps it out of search engines', () => {
    expect(privatePageMeta([{ id: 'root', loaderData: { seo: site } }], 'Connexion')).toEqual([
      { title: 'Connexion — Mon Site' },
      { name: 'robots', content: 'noindex' },
    ])
    expect(privatePageMeta([], 'Inscription')[0]).toEqual({ title: 'Inscription — Portfolio' })
  })
})

describe('pairs of languages in the head (ADR 074)', () => {
  const site = { siteName: 'S', siteDescription: 'D', keywords: [], origin: 'https://x.fr' }
  const links = (tags: ReturnType<typeof buildMeta>) =>
    tags.filter((t) => 'rel' in t && t.rel === 'alternate')

  it('announces both versions from either side, x-default French, canonical per language', () => {
    const french = buildMeta(site, { path: '/blog' })
    const english = buildMeta(site, { path: '/blog' }, 'en')
    const expected = [
      { tagName: 'link', rel: 'alternate', hrefLang: 'fr', href: 'https://x.fr/blog' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://x.fr/en/blog' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://x.fr/blog' },
    ]
    expect(links(french)).toEqual(expected)
    expect(links(english)).toEqual(expected)
    expect(english).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://x.fr/en/blog',
    })
    expect(english).toContainEqual({ property: 'og:locale', content: 'en_GB' })
    expect(english).toContainEqual({ property: 'og:locale:alternate', content: 'fr_FR' })
  })

  it('announces nothing for a page in one language, nor for a 404', () => {
    const alone = buildMeta(site, { path: '/blog/seul', alternates: { en: null } })
    expect(links(alone)).toEqual([])
    expect(alone.some((t) => 'property' in t && t.property === 'og:locale:alternate')).toBe(false)
    expect(links(buildMeta(site, { path: '/x', noindex: true }))).toEqual([])
  })
})
