import { describe, expect, it } from 'vitest'
import { AUTH_TEXTS, LoginSchema, RegisterSchema, socialErrorFromQuery } from './auth.ts'
import { fieldErrors } from './schema-test-support.ts'

const valid = {
  name: 'Ada',
  email: 'ada@exemple.fr',
  password: 'secret',
  confirmPassword: 'secret',
}

const errors = (input: unknown) => fieldErrors(RegisterSchema, input)

describe('RegisterSchema', () => {
  it('accepts a complete form and trims name and e-mail', () => {
    expect(
      RegisterSchema.parse({ ...valid, name: ' Ada ', email: ' ada@exemple.fr ' }),
    ).toMatchObject({ name: 'Ada', email: 'ada@exemple.fr' })
  })

  it('rejects different passwords with the French mismatch text', () => {
    expect(errors({ ...valid, confirmPassword: 'secreT' })).toEqual({
      confirmPassword: 'Les codes quantiques ne correspondent pas',
    })
  })

  it('rejects passwords under 6 characters and accepts exactly 6', () => {
    expect(errors({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Code quantique trop faible - minimum 6 caractères',
    )
    expect(errors({ ...valid, password: '123456', confirmPassword: '123456' })).toEqual({})
  })

  it('bounds passwords at 128 characters', () => {
    const ok = 'a'.repeat(128)
    const long = 'a'.repeat(129)
    expect(errors({ ...valid, password: ok, confirmPassword: ok })).toEqual({})
    expect(errors({ ...valid, password: long, confirmPassword: long }).password).toBe(
      '128 caractères maximum',
    )
  })

  it('requires every field', () => {
    const e = errors({})
    expect(Object.keys(e).sort()).toEqual(['confirmPassword', 'email', 'name', 'password'])
    expect(e.password).toBe(AUTH_TEXTS.passwordRequired)
    expect(errors({ ...valid, email: 'pas-un-email' }).email).toBe('Adresse e-mail invalide')
  })
})

describe('LoginSchema', () => {
  it('needs an e-mail and a password, at most 128 characters', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: 'x' }).success).toBe(true)
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: '' }).success).toBe(false)
    expect(LoginSchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false)
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: 'a'.repeat(129) }).success).toBe(
      false,
    )
  })
})

describe('socialErrorFromQuery', () => {
  it('gives /register the reason of a failed social sign-up, like /login', () => {
    expect(socialErrorFromQuery('disabled', 'register')).toBe(AUTH_TEXTS.accountDisabled)
    expect(socialErrorFromQuery('too-many', 'register')).toBe(AUTH_TEXTS.tooManyAttempts)
    expect(socialErrorFromQuery('google', 'register')).toBe(AUTH_TEXTS.socialRegisterFailed)
    expect(socialErrorFromQuery('facebook', 'login')).toBe(AUTH_TEXTS.facebookFailed)
    expect(socialErrorFromQuery('google-off', 'register')).toBe(
      "La connexion avec Google n'est pas configurée sur ce site.",
    )
    expect(socialErrorFromQuery('nonsense', 'register')).toBeUndefined()
    expect(socialErrorFromQuery(null, 'login')).toBeUndefined()
  })
})
