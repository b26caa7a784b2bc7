import { describe, expect, it } from 'vitest'
import { sectionName } from './nav-items.ts'

describe('sectionName', () => {
  it('names the section in French, as the navigation does', () => {
    expect(sectionName('/')).toBe('Accueil')
    expect(sectionName('/projects')).toBe('Projets')
    expect(sectionName('/projects/atlas')).toBe('Projets')
    expect(sectionName('/timeline')).toBe('Parcours')
    expect(sectionName('/gallery')).toBe('Galerie')
    expect(sectionName('/mentions-legales')).toBe('Mentions légales')
    expect(sectionName('/nulle-part')).toBe('Page introuvable')
  })
})
