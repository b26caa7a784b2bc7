import { describe, expect, it } from 'vitest'
import { en } from './messages.en.ts'
import { fr } from './messages.fr.ts'
import { localeOfPath, localizePath, frenchPath, twinPath } from './locale.ts'
import './english.ts'
import { translate } from './translate.ts'

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('the catalogues', () => {
  it('have an English text for every French key, and no other', () => {
    const french = Object.keys(fr).sort()
    const english = Object.keys(en).sort()
    expect(french.filter((key) => !english.includes(key))).toEqual([])
    expect(english.filter((key) => !french.includes(key))).toEqual([])
    for (const key of french) expect(en[key as keyof typeof en].trim(), key).not.toBe('')
  })

  it('keep the same parameters in both languages', () => {
    for (const key of Object.keys(fr) as (keyof typeof fr)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(fr[key]))
    }
  })

  it('have no key the lookup would read as a path', () => {
    for (const key of Object.keys(fr)) expect(key).not.toContain('.')
  })

  it('translate with parameters, per call, whatever the other language', () => {
    expect(translate('fr', 'projects:titleTag', { tag: 'IA' })).toBe('Projets — IA')
    expect(translate('en', 'projects:titleTag', { tag: 'IA' })).toBe('Projects — IA')
    expect(translate('fr', 'nav:timeline')).toBe('Parcours')
  })
})

describe('paths per language', () => {
  it.each([
    ['/', 'fr'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/blog/x', 'en'],
    ['/en.data', 'en'],
    ['/entreprise', 'fr'],
    ['/blog/en', 'fr'],
  ] as const)('reads the language of %s from the path alone: %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale)
  })

  it.each([
    ['/', 'en', '/en/'],
    ['/projects?tag=IA', 'en', '/en/projects?tag=IA'],
    ['/blog/mon-article', 'en', '/en/blog/mon-article'],
    ['/mentions-legales', 'en', '/en/legal-notice'],
    ['/admin', 'en', '/admin'],
    ['/cv/telecharger', 'en', '/cv/telecharger'],
    ['/projects', 'fr', '/projects'],
  ] as const)('writes %s in %s as %s (public pages only)', (path, locale, written) => {
    expect(localizePath(path, locale)).toBe(written)
  })

  it.each([
    ['/en/', '/'],
    ['/en/privacy', '/confidentialite'],
    ['/en/timeline', '/timeline'],
  ])('finds the French twin of %s: %s', (path, french) => {
    expect(frenchPath(path)).toBe(french)
  })

  it('gives the switcher its target', () => {
    expect(twinPath('/timeline', 'en')).toBe('/en/timeline')
    expect(twinPath('/en/terms', 'fr')).toBe('/conditions')
    expect(twinPath('/blog/seul', 'en', { fr: '/blog/seul', en: null })).toBe('/en/')
  })
})
