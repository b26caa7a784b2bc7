// The English site's form refusals (ADR 074): whatever was posted, an English visitor reads
// English, and French pages keep their texts.
import { describe, expect, it } from 'vitest'
import { toFieldErrors } from '#app/domain/common.ts'
import { ContactSchema } from '#app/domain/contact.ts'
import { ENGLISH_NOT_TEXT, englishFieldErrors, englishTooLong } from './field-errors.ts'
import { REFUSALS, refusalFor } from './refusals.ts'

const FIELDS = {
  name: 'Please enter your name.',
  email: 'Please enter a valid e-mail address.',
  message: 'Please enter your message.',
}

function refusals(input: Record<string, unknown>) {
  const parsed = ContactSchema.safeParse(input)
  if (parsed.success) throw new Error('accepted')
  return {
    english: englishFieldErrors(parsed.error, input, FIELDS),
    french: toFieldErrors(parsed.error),
  }
}

/** Words of the French refusals and of Zod's own defaults. */
const FOREIGN = /requis|caractères|invalide|Valeur|Veuillez|Invalid input|Too big|received/

describe('englishFieldErrors', () => {
  it('reads the kind of each issue, never its French or Zod message', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { name: '', email: '', message: '' },
      { name: '   ', email: 'pas-un-email', message: 'x' },
      { name: 'a'.repeat(201), email: `${'a'.repeat(250)}@b.fr`, message: 'm'.repeat(5001) },
      { name: ['a', 'b'], email: ['x'], message: { nested: true } },
      { name: 42, email: null, message: false },
    ]
    for (const input of cases) {
      const { english, french } = refusals(input)
      expect(Object.keys(english).sort(), JSON.stringify(input)).toEqual(
        Object.keys(french)
          .filter((f) => f in FIELDS)
          .sort(),
      )
      for (const text of Object.values(english)) expect(text).not.toMatch(FOREIGN)
    }
  })

  it('says what is wrong: missing, too long, not a text', () => {
    expect(refusals({ name: '', email: 'x', message: '' }).english).toEqual(FIELDS)
    expect(
      refusals({ name: 'a'.repeat(201), email: 'a@b.fr', message: 'm'.repeat(5001) }).english,
    ).toEqual({ name: englishTooLong(200), message: 'At most 5,000 characters.' })
    expect(refusals({ name: ['a', 'b'], email: 'a@b.fr', message: 'm' }).english).toEqual({
      name: ENGLISH_NOT_TEXT,
    })
  })

  it('leaves out fields the form does not show (the honeypot)', () => {
    const { english, french } = refusals({ ...FIELDS, email: 'a@b.fr', website: ['x'] })
    expect(french).toHaveProperty('website')
    expect(english).toEqual({})
  })
})

describe('refusalFor', () => {
  it('is English under /en/ and French elsewhere, every refusal in both', () => {
    for (const key of Object.keys(REFUSALS.fr) as (keyof typeof REFUSALS.fr)[]) {
      expect(refusalFor('/en/contact', key)).toBe(REFUSALS.en[key])
      expect(refusalFor('/en', key)).toBe(REFUSALS.en[key])
      expect(refusalFor('/contact', key)).toBe(REFUSALS.fr[key])
      expect(refusalFor('/entreprise', key)).toBe(REFUSALS.fr[key])
      expect(REFUSALS.en[key]).not.toMatch(/[éèàç]|Veuillez|Formulaire|Requête/)
    }
    expect(refusalFor('/contact', 'unreadableForm')).toBe(
      'Formulaire illisible : veuillez renvoyer le formulaire depuis le site.',
    )
  })
})
