import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SETTINGS,
  mergeSettings,
  nestDottedKeys,
  SettingsSchema,
  withDefaultSettings,
} from './settings.ts'
import { fieldErrors, parseForm } from './schema-test-support.ts'

const valid = {
  siteName: 'Vitrine',
  siteDescription: 'Portfolio',
  contact: { email: 'contact@exemple.fr' },
}
const errors = (input: unknown) => fieldErrors(SettingsSchema, input)

describe('nestDottedKeys', () => {
  it('nests flat form names without touching the input', () => {
    const input = { siteName: 'A', 'contact.email': 'a@b.fr', contact: { phone: '1' }, 'x.y.z': 1 }
    expect(nestDottedKeys(input)).toEqual({
      siteName: 'A',
      contact: { email: 'a@b.fr', phone: '1' },
      x: { y: { z: 1 } },
    })
    expect(input.contact).toEqual({ phone: '1' })
    expect(nestDottedKeys('texte')).toBe('texte')
  })
})

describe('SettingsSchema', () => {
  it('parses a flat form with defaults for the rest', () => {
    const fields = {
      siteName: ' Mon site ',
      siteDescription: 'Description',
      'contact.email': 'moi@exemple.fr',
      'contact.phone': '01 23 45 67 89',
      'socialMedia.github': 'https://github.com/moi',
      'socialMedia.twitter': '',
      keywords: ' design, ,web ,  ',
      googleAnalyticsId: 'g-abc123XYZ',
      maintenanceMode: 'on',
    }
    expect(parseForm(SettingsSchema, fields)).toEqual({
      siteName: 'Mon site',
      siteDescription: 'Description',
      keywords: ['design', 'web'],
      googleAnalyticsId: 'G-ABC123XYZ',
      maintenanceMode: true,
      socialMedia: { github: 'https://github.com/moi' },
      contact: { email: 'moi@exemple.fr', phone: '01 23 45 67 89' },
      legal: {},
    })
  })

  it('requires siteName, siteDescription and contact.email', () => {
    expect(errors({})).toEqual({
      siteName: 'Le nom du site est requis',
      siteDescription: 'La description du site est requise',
      'contact.email': "L'adresse e-mail de contact est requise",
    })
  })

  it('types URLs, e-mail and the analytics id', () => {
    expect(
      errors({
        ...valid,
        logo: 'logo.png',
        favicon: '/favicon.ico',
        metaImage: 'https://exemple.fr/og.png',
        googleAnalyticsId: 'GA-123',
        contact: { email: 'pas-un-email' },
        socialMedia: {
          facebook: 'facebook.com/moi',
          instagram: 'https://instagram.com/moi',
          youtube: 'javascript:void(0)',
        },
      }),
    ).toEqual({
      logo: 'URL invalide',
      googleAnalyticsId:
        'Identifiant Google Analytics invalide (ex. : UA-XXXXXXXX-X ou G-XXXXXXXXXX)',
      'contact.email': 'Adresse e-mail invalide',
      'socialMedia.facebook': 'URL invalide',
      'socialMedia.youtube': 'URL invalide',
    })
    expect(SettingsSchema.parse({ ...valid, googleAnalyticsId: 'UA-12345678-1' })).toMatchObject({
      googleAnalyticsId: 'UA-12345678-1',
    })
  })

  it('bounds the lengths', () => {
    // Each bounded field at its limit plus `over` (the CSS or script box, the notice or terms).
    const sized = (over: number, code: 'customCss' | 'customJs', legal: 'notice' | 'terms') => ({
      ...valid,
      siteName: 'n'.repeat(200 + over),
      maintenanceMessage: 'm'.repeat(5000 + over),
      [code]: 'c'.repeat(100_000 + over),
      keywords: Array.from({ length: 50 + over }, (_, i) => `mot${i}`),
      legal: { [legal]: 'l'.repeat(100_000 + over) },
    })
    expect(errors(sized(0, 'customCss', 'notice'))).toEqual({})
    expect(errors(sized(1, 'customJs', 'terms'))).toEqual({
      siteName: '200 caractères maximum',
      maintenanceMessage: '5000 caractères maximum',
      customJs: '100000 caractères maximum',
      keywords: '50 éléments maximum',
      'legal.terms': '100000 caractères maximum',
    })
    expect(errors({ ...valid, keywords: 'k'.repeat(101) })).toEqual({
      'keywords.0': '100 caractères maximum',
    })
  })

  it('reads a hidden "false" before the maintenance checkbox', () => {
    expect(
      SettingsSchema.parse({ ...valid, maintenanceMode: ['false', 'on'] }).maintenanceMode,
    ).toBe(true)
    expect(SettingsSchema.parse({ ...valid, maintenanceMode: 'false' }).maintenanceMode).toBe(false)
    expect(SettingsSchema.parse(valid).maintenanceMode).toBe(false)
  })

  it('accepts the French defaults', () => {
    const { updatedAt: _ignored, ...defaults } = DEFAULT_SETTINGS
    const withEmail = { ...defaults, contact: { email: 'moi@exemple.fr' } }
    expect(SettingsSchema.parse(withEmail)).toEqual(withEmail)
    expect(DEFAULT_SETTINGS.siteName).toBe('Vitrine')
    expect(DEFAULT_SETTINGS.maintenanceMessage).toBe(
      'Le site est en maintenance. Revenez bientôt !',
    )
    // ADR 021: no invented contact details, no generic legal text.
    expect(DEFAULT_SETTINGS.contact).toEqual({ email: '' })
    expect(DEFAULT_SETTINGS.legal).toEqual({})
  })
})

describe('mergeSettings', () => {
  it('keeps absent keys, merges nested objects key by key, replaces lists', () => {
    const stored = {
      siteName: 'A',
      keywords: ['a', 'b'],
      socialMedia: { github: 'https://github.com/a' },
      contact: { email: 'a@b.fr', phone: '1' },
    }
    expect(
      mergeSettings(stored, {
        keywords: 'c',
        'socialMedia.twitter': 'https://x.com/a',
        contact: { phone: '' },
        siteDescription: undefined,
      }),
    ).toEqual({
      siteName: 'A',
      keywords: 'c',
      socialMedia: { github: 'https://github.com/a', twitter: 'https://x.com/a' },
      contact: { email: 'a@b.fr', phone: '' },
    })
    expect(stored.contact.phone).toBe('1')
  })
})

describe('withDefaultSettings', () => {
  it('uses the defaults before the first save and fills empty legal texts', () => {
    expect(withDefaultSettings(undefined)).toEqual(DEFAULT_SETTINGS)
    const site = withDefaultSettings({
      ...DEFAULT_SETTINGS,
      siteName: 'Moi',
      legal: { privacy: 'Ma politique' },
      maintenanceMessage: undefined,
    })
    expect(site.siteName).toBe('Moi')
    expect(site.legal).toEqual({
      notice: DEFAULT_SETTINGS.legal?.notice,
      privacy: 'Ma politique',
      terms: DEFAULT_SETTINGS.legal?.terms,
    })
    expect(site.maintenanceMessage).toBe('Le site est en maintenance. Revenez bientôt !')
  })
})
