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
  it('reads the language from the path alone', () => {
    expect(localeOfPath('/')).toBe('fr')
    expect(localeOfPath('/en')).toBe('en')
    expect(localeOfPath('/en/')).toBe('en')
    expect(localeOfPath('/en/blog/x')).toBe('en')
    expect(localeOfPath('/en.data')).toBe('en')
    expect(localeOfPath('/entreprise')).toBe('fr')
    expect(localeOfPath('/blog/en')).toBe('fr')
  })

  it('writes public pages in English and leaves the rest alone', () => {
    expect(localizePath('/', 'en')).toBe('/en/')
    expect(localizePath('/projects?tag=IA', 'en')).toBe('/en/projects?tag=IA')
    expect(localizePath('/blog/mon-article', 'en')).toBe('/en/blog/mon-article')
    expect(localizePath('/mentions-legales', 'en')).toBe('/en/legal-notice')
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
