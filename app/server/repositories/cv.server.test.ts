import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getCv, updateCvSettings, updateCvUrl } from './cv.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

describe('cv repository', () => {
  it('reads nothing before the first save', async () => {
    expect(await getCv()).toBeUndefined()
  })

  it('first URL gets the default protection settings', async () => {
    const cv = await updateCvUrl('https://exemple.fr/cv.pdf')
    expect(cv).toMatchObject({
      url: 'https://exemple.fr/cv.pdf',
      settings: { requireAuth: true, addWatermark: false, trackDownloads: true },
    })
    expect(Date.parse(cv.updatedAt!)).not.toBeNaN()
    expect(await getCv()).toEqual(cv)
  })

  it('later URL changes keep the settings; settings update partially', async () => {
    await updateCvUrl('/cv/ancien.pdf')
    const afterSettings = await updateCvSettings({ requireAuth: 'false', addWatermark: 'on' })
    expect(afterSettings.settings).toEqual({
      requireAuth: false,
      addWatermark: true,
      trackDownloads: true,
    })
    expect(afterSettings.url).toBe('/cv/ancien.pdf')
    const moved = await updateCvUrl('https://exemple.fr/nouveau.pdf')
    expect(moved.settings).toEqual(afterSettings.settings)
    expect(moved.url).toBe('https://exemple.fr/nouveau.pdf')
    expect((await updateCvSettings({ trackDownloads: false })).settings).toEqual({
      requireAuth: false,
      addWatermark: true,
      trackDownloads: false,
    })
  })

  it('refuses an invalid URL or setting and changes nothing', async () => {
    const cv = await updateCvUrl('https://exemple.fr/cv.pdf')
    await expect(updateCvUrl('')).rejects.toMatchObject({
      fieldErrors: { url: "L'URL du CV est requise" },
    })
    await expect(updateCvUrl('javascript:alert(1)')).rejects.toMatchObject({
      fieldErrors: { url: 'URL invalide' },
    })
    await expect(updateCvSettings({ requireAuth: 'peut-être' })).rejects.toMatchObject({
      fieldErrors: { requireAuth: 'Valeur invalide' },
    })
    expect(await getCv()).toEqual(cv)
  })

  it('an unchecked box sent as hidden "false" reads false; both values read true', async () => {
    await updateCvUrl('https://exemple.fr/cv.pdf')
    expect((await updateCvSettings({ requireAuth: 'false' })).settings.requireAuth).toBe(false)
    expect((await updateCvSettings({ requireAuth: ['false', 'on'] })).settings.requireAuth).toBe(
      true,
    )
  })
})
