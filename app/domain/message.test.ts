import { describe, expect, it } from 'vitest'
import { MESSAGE_STATUSES } from './types.ts'
import { MESSAGE_DELETE_QUESTION, MESSAGE_STATUS_LABELS, ReplySchema } from './message.ts'

describe('ReplySchema', () => {
  it('needs content that is not blank', () => {
    expect(ReplySchema.parse({ content: '  Merci ! ' })).toEqual({ content: 'Merci !' })
    for (const content of ['', '   \n\t', undefined]) {
      const r = ReplySchema.safeParse({ content })
      expect(r.success).toBe(false)
      expect(r.error?.issues[0]?.message).toBe('La réponse ne peut pas être vide')
    }
  })

  it('is bounded', () => {
    expect(ReplySchema.safeParse({ content: 'x'.repeat(5000) }).success).toBe(true)
    expect(ReplySchema.safeParse({ content: 'x'.repeat(5001) }).error?.issues[0]?.message).toBe(
      '5000 caractères maximum',
    )
  })
})

describe('message texts', () => {
  it('are the French ones', () => {
    expect(MESSAGE_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer ce message ?')
    expect(MESSAGE_STATUS_LABELS).toEqual({
      new: 'Nouveau',
      read: 'Lu',
      replied: 'Répondu',
      archived: 'Archivé',
    })
    expect(Object.keys(MESSAGE_STATUS_LABELS)).toEqual([...MESSAGE_STATUSES])
  })
})
