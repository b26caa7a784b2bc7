import { describe, expect, it } from 'vitest'
import { issueProgressText, SubscribeSchema } from './newsletter.ts'

describe('SubscribeSchema', () => {
  it('accepts an address, lowercased, with the page language and path', () => {
    expect(
      SubscribeSchema.parse({ email: 'Lea@Exemple.FR', locale: 'en', page: '/en/blog' }),
    ).toEqual({ email: 'lea@exemple.fr', locale: 'en', page: '/en/blog' })
  })

  it('refuses in French header injection, malformed and huge addresses', () => {
    for (const email of [
      'a@exemple.fr\r\nBcc: victime@exemple.fr',
      'a@exemple.fr\nSubject: x',
      'pas-une-adresse',
      `${'a'.repeat(300)}@exemple.fr`,
      '',
    ]) {
      const parsed = SubscribeSchema.safeParse({ email, locale: 'fr', page: '/blog' })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0]?.message).toMatch(
        /^(Adresse e-mail invalide|L'adresse e-mail est requise|\d+ caractères maximum)$/,
      )
    }
  })

  it('falls back to French and /blog for an unknown language or a foreign page', () => {
    expect(
      SubscribeSchema.parse({ email: 'a@exemple.fr', locale: 'de', page: 'https://evil.test/' }),
    ).toMatchObject({ locale: 'fr', page: '/blog' })
  })
})

describe('issueProgressText', () => {
  it('reads as the hub shows it', () => {
    expect(issueProgressText({ total: 5000, sent: 1234, rejected: 3 }).replace(/\s/g, ' ')).toBe(
      '1 234 / 5 000 envoyés, 3 rejetées',
    )
  })
})
