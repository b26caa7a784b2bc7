import { describe, expect, it } from 'vitest'
import { sectionName } from './nav-items.ts'

describe('sectionName', () => {
  it.each([
    ['/', 'Accueil'],
    ['/projects', 'Projets'],
    ['/projects/atlas', 'Projets'],
    ['/timeline', 'Parcours'],
    ['/gallery', 'Galerie'],
    ['/mentions-legales', 'Mentions légales'],
    ['/nulle-part', 'Page introuvable'],
  ])('names the section of %s in French, as the navigation does', (path, name) => {
    expect(sectionName(path)).toBe(name)
  })
})
