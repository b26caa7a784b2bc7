import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { DEFAULT_SETTINGS } from '#app/domain/settings.ts'
import { getSettings, getSiteSettings, updateSettings } from './settings.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

const base = {
  siteName: 'Mon portfolio',
  siteDescription: 'Mes travaux',
  keywords: 'design, web',
  maintenanceMode: false,
  socialMedia: { github: 'https://github.com/moi', twitter: 'https://x.com/moi' },
  contact: { email: 'moi@exemple.fr', phone: '01 23 45 67 89' },
  legal: { notice: 'Mentions', privacy: 'Confidentialité' },
}

describe('settings repository', () => {
  it('reads undefined before the first save; public pages get the French defaults', async () => {
    expect(await getSettings()).toBeUndefined()
    expect(await getSiteSettings()).toEqual(DEFAULT_SETTINGS)
  })

  it('saves, sets updatedAt and returns the settings as re-read', async () => {
    const before = Date.now()
    const saved = await updateSettings(base)
    expect(saved).toMatchObject({
      siteName: 'Mon portfolio',
      keywords: ['design', 'web'],
      maintenanceMode: false,
      contact: { email: 'moi@exemple.fr', phone: '01 23 45 67 89' },
    })
    expect(Date.parse(saved.updatedAt!)).toBeGreaterThanOrEqual(before - 1)
    expect(await getSettings()).toEqual(saved)
  })

  it('merges: untouched top-level and nested keys are kept, updatedAt moves', async () => {
    const first = await updateSettings(base)
    await new Promise((r) => setTimeout(r, 5))
    const second = await updateSettings({
      siteName: 'Nouveau nom',
      socialMedia: { linkedin: 'https://linkedin.com/in/moi' },
      'contact.address': 'Lyon',
      'legal.terms': 'Conditions',
    })
    expect(second).toMatchObject({
      siteName: 'Nouveau nom',
      siteDescription: 'Mes travaux',
      keywords: ['design', 'web'],
      socialMedia: {
        github: 'https://github.com/moi',
        twitter: 'https://x.com/moi',
        linkedin: 'https://linkedin.com/in/moi',
      },
      contact: { email: 'moi@exemple.fr', phone: '01 23 45 67 89', address: 'Lyon' },
      legal: { notice: 'Mentions', privacy: 'Confidentialité', terms: 'Conditions' },
    })
    expect(second.updatedAt! > first.updatedAt!).toBe(true)
  })

  it('accepts a flat form and clears a field sent empty', async () => {
    await updateSettings(base)
    const saved = await updateSettings({
      siteName: 'Site',
      siteDescription: 'Description',
      'contact.email': 'autre@exemple.fr',
      'contact.phone': '',
      'socialMedia.github': '',
      maintenanceMode: 'on',
      maintenanceMessage: 'Bientôt de retour',
    })
    expect(saved.contact).toEqual({ email: 'autre@exemple.fr' })
    expect(saved.socialMedia).toEqual({ twitter: 'https://x.com/moi' })
    expect(saved.maintenanceMode).toBe(true)
    expect(saved.maintenanceMessage).toBe('Bientôt de retour')
  })

  it('refuses invalid input (merged result validated as a whole) and changes nothing', async () => {
    const saved = await updateSettings(base)
    await expect(
      updateSettings({ 'contact.email': 'pas-un-email', 'socialMedia.github': 'github.com' }),
    ).rejects.toMatchObject({
      fieldErrors: {
        'contact.email': 'Adresse e-mail invalide',
        'socialMedia.github': 'URL invalide',
      },
    })
    await expect(updateSettings({ siteName: '  ' })).rejects.toMatchObject({
      fieldErrors: { siteName: 'Le nom du site est requis' },
    })
    expect(await getSettings()).toEqual(saved)
  })

  it('a first save must carry the required fields', async () => {
    await expect(updateSettings({ siteName: 'Seul' })).rejects.toMatchObject({
      fieldErrors: {
        siteDescription: 'La description du site est requise',
        'contact.email': "L'adresse e-mail de contact est requise",
      },
    })
    expect(await getSettings()).toBeUndefined()
  })

  it('public settings keep legal texts left empty empty (the pages fill templates, ADR 021)', async () => {
    await updateSettings({ ...base, legal: { notice: 'Mes mentions' } })
    const site = await getSiteSettings()
    expect(site.siteName).toBe('Mon portfolio')
    expect(site.legal?.notice).toBe('Mes mentions')
    expect(site.legal?.privacy).toBeUndefined()
    expect(DEFAULT_SETTINGS.legal).toEqual({})
  })
})
