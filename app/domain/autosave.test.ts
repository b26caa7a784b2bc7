import { describe, expect, it } from 'vitest'
import { AUTOSAVE_TOO_LONG, AutosaveSchema, autosavedAt, resumeQuestion } from './autosave.ts'

describe('autosave texts', () => {
  it('writes Paris time the French way', () => {
    // 13:32 UTC in November is 14:32 in Paris.
    expect(autosavedAt('2026-11-27T13:32:05.000Z')).toBe('Enregistré automatiquement à 14 h 32')
    expect(resumeQuestion('2026-11-27T13:32:05.000Z')).toBe(
      'Reprendre la version non enregistrée du 27 novembre 2026 à 14 h 32',
    )
    expect(autosavedAt('2026-07-01T07:05:00.000Z')).toBe('Enregistré automatiquement à 9 h 05')
  })

  it('accepts an incomplete draft and refuses oversized text in French', () => {
    expect(AutosaveSchema.parse({ content: 'Début' })).toEqual({
      langue: 'fr',
      title: '',
      excerpt: '',
      content: 'Début',
    })
    const refused = AutosaveSchema.safeParse({ title: 'x'.repeat(201) })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe(AUTOSAVE_TOO_LONG)
    expect(AutosaveSchema.safeParse({ langue: 'de' }).success).toBe(false)
  })
})
