import { describe, expect, it } from 'vitest'
import { ProfileSchema } from './profile.ts'
import { fieldErrors, parseForm } from './schema-test-support.ts'

const valid = { name: 'Camille', title: 'Designer', email: 'c@exemple.fr', bio: 'Bio' }
const errors = (input: unknown) => fieldErrors(ProfileSchema, input)

describe('ProfileSchema', () => {
  it('requires name, title, email and bio', () => {
    expect(errors({})).toEqual({
      name: 'Le nom est requis',
      title: 'Le titre est requis',
      email: "L'adresse e-mail est requise",
      bio: 'La biographie est requise',
    })
  })

  it('accepts a form with empty optional fields, which become absent', () => {
    const blank = { phone: '', website: ' ', avatar: '' }
    expect(parseForm(ProfileSchema, { ...valid, ...blank })).toEqual(valid)
  })

  it('checks URLs and the e-mail', () => {
    expect(
      errors({
        ...valid,
        email: 'x',
        website: 'exemple.fr',
        github: 'javascript:alert(1)',
        linkedin: 'https://linkedin.com/in/c',
        twitter: 'ftp://x.com',
        avatar: '/demo/avatar.jpg',
      }),
    ).toEqual({
      email: 'Adresse e-mail invalide',
      website: 'URL invalide',
      github: 'URL invalide',
      twitter: 'URL invalide',
    })
  })

  it('bounds the lengths', () => {
    expect(errors({ ...valid, bio: 'b'.repeat(5000), phone: '1'.repeat(50) })).toEqual({})
    expect(
      errors({ ...valid, bio: 'b'.repeat(5001), phone: '1'.repeat(51), location: 'l'.repeat(201) }),
    ).toEqual({
      bio: '5000 caractères maximum',
      phone: '50 caractères maximum',
      location: '200 caractères maximum',
    })
    const url = 'https://exemple.fr/' + 'a'.repeat(2048 - 19)
    expect(url.length).toBe(2048)
    expect(errors({ ...valid, website: url })).toEqual({})
    expect(errors({ ...valid, website: url + 'a' })).toEqual({ website: '2048 caractères maximum' })
  })
})
