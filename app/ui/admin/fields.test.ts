import { describe, expect, it } from 'vitest'
import { fieldBinder, optionsWithNone } from './fields.tsx'

describe('optionsWithNone', () => {
  it('puts the empty choice first, then each value under its label, in order', () => {
    expect(optionsWithNone('Tous les types', ['b', 'a'] as const, { a: 'A', b: 'B' })).toEqual([
      { value: '', label: 'Tous les types' },
      { value: 'b', label: 'B' },
      { value: 'a', label: 'A' },
    ])
  })
})

describe('fieldBinder', () => {
  it('shows the stored value and the error when nothing was typed', () => {
    const field = fieldBinder(undefined, { email: 'Adresse invalide' })
    expect(field('email', 'a@exemple.fr')).toEqual({
      name: 'email',
      defaultValue: 'a@exemple.fr',
      error: 'Adresse invalide',
    })
    expect(field('name', undefined)).toEqual({ name: 'name', defaultValue: '', error: undefined })
  })

  it('shows what was typed before a refused save, the stored value for what was not', () => {
    const field = fieldBinder({ 'contact.email': 'typed', other: ['on'] }, {})
    expect(field('contact.email', 'stored').defaultValue).toBe('typed')
    expect(field('other', 'stored').defaultValue).toBe('stored')
    expect(field('missing', 'stored').defaultValue).toBe('stored')
  })
})
