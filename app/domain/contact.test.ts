import { describe, expect, it } from 'vitest'
import { ContactSchema } from './contact.ts'
import { CONTACT_HONEYPOT_FIELD } from './contact-form.ts'
import { fieldErrors } from './schema-test-support.ts'

const valid = { name: 'Jeanne', email: 'jeanne@exemple.fr', message: 'Bonjour' }
const errors = (input: unknown) => fieldErrors(ContactSchema, input)

describe('ContactSchema', () => {
  it('accepts a valid message, trims it and drops the honeypot', () => {
    expect(
      ContactSchema.parse({ ...valid, name: '  Jeanne ', [CONTACT_HONEYPOT_FIELD]: '' }),
    ).toEqual(valid)
    expect(CONTACT_HONEYPOT_FIELD).toBe('website')
  })

  it('requires name, email and message', () => {
    expect(errors({})).toEqual({
      name: 'Le nom est requis',
      email: "L'adresse e-mail est requise",
      message: 'Le message est requis',
    })
    expect(errors({ name: ' ', email: ' ', message: ' ' })).toEqual({
      name: 'Le nom est requis',
      email: "L'adresse e-mail est requise",
      message: 'Le message est requis',
    })
  })

  it('checks the e-mail format', () => {
    expect(errors({ ...valid, email: 'jeanne@' })).toEqual({ email: 'Adresse e-mail invalide' })
  })

  it('bounds the lengths', () => {
    expect(errors({ ...valid, name: 'a'.repeat(200), message: 'm'.repeat(5000) })).toEqual({})
    expect(errors({ ...valid, name: 'a'.repeat(201), message: 'm'.repeat(5001) })).toEqual({
      name: '200 caractères maximum',
      message: '5000 caractères maximum',
    })
    const local = 'a'.repeat(64)
    const atBound = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`
    expect(atBound.length).toBe(254)
    expect(errors({ ...valid, email: atBound })).toEqual({})
    expect(errors({ ...valid, email: 'x' + atBound })).toEqual({ email: '254 caractères maximum' })
  })

  it('refuses a filled honeypot', () => {
    expect(errors({ ...valid, website: 'https://spam.example' })).toEqual({
      website: 'Ce champ doit rester vide',
    })
  })
})
