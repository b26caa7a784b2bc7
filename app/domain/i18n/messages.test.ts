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
  it.each(['/en', '/en/', '/en/blog/x', '/en.data'])(
    'reads English from the path alone: %s',
    (path) => {
      expect(localeOfPath(path)).toBe('en')
    },
  )

  it.each(['/', '/entreprise', '/blog/en'])('reads French from the path alone: %s', (path) => {
    expect(localeOfPath(path)).toBe('fr')
  })

  it.each([
    ['/', '/en/'],
    ['/projects?tag=IA', '/en/projects?tag=IA'],
    ['/blog/mon-article', '/en/blog/mon-article'],
    ['/mentions-legales', '/en/legal-notice'],
  ])('writes the public page %s in English as %s', (path, english) => {
    expect(localizePath(path, 'en')).toBe(english)
  })

  it('leaves the other pages, and French, alone', () => {
    expect(localizePath('/admin', 'en')).toBe('/admin')
    expect(localizePath('/cv/telecharger', 'en')).toBe('/cv/telecharger')
    expect(localizePath('/projects', 'fr')).toBe('/projects')
  })

  it('finds the French twin of an English path, and the switcher its target', () => {
    expect(frenchPath('/en/')).toBe('/')
    expect(frenchPath('/en/privacy')).toBe('/confidentialite')
    expect(frenchPath('/en/timeline')).toBe('/timeline')
    expect(twinPath('/timeline', 'en')).toBe('/en/timeline')
    expect(twinPath('/en/terms', 'fr')).toBe('/conditions')
    expect(twinPath('/blog/seul', 'en', { fr: '/blog/seul', en: null })).toBe('/en/')
  })
})
