import { describe, expect, it } from 'vitest'
import { parseClickGoalLines, parseGoalLines } from './analytics.ts'

describe('goal lines of the statistics settings', () => {
  it('page goals: split at the last « = », blank lines skipped, a bare name has no path', () => {
    expect(parseGoalLines(' Merci = /merci \r\n\n  Essai=2 = /essai\nSans chemin')).toEqual([
      { name: 'Merci', path: '/merci' },
      { name: 'Essai=2', path: '/essai' },
      { name: 'Sans chemin', path: '' },
    ])
  })

  it('click goals: split at the first « = », so a selector keeps its own', () => {
    expect(parseClickGoalLines('devis = a[href="/devis?x=1"]\n\ncv\n')).toEqual([
      { name: 'devis', target: 'a[href="/devis?x=1"]' },
      { name: 'cv', target: '' },
    ])
  })
})
