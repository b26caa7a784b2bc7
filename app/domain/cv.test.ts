import { describe, expect, it } from 'vitest'
import { CvSettingsSchema, CvUrlSchema, DEFAULT_CV_SETTINGS } from './cv.ts'

describe('CvUrlSchema', () => {
  it('requires a URL', () => {
    expect(CvUrlSchema.parse({ url: ' https://exemple.fr/cv.pdf ' })).toEqual({
      url: 'https://exemple.fr/cv.pdf',
    })
    expect(CvUrlSchema.parse({ url: '/cv/moi.pdf' })).toEqual({ url: '/cv/moi.pdf' })
    expect(CvUrlSchema.safeParse({ url: '' }).error?.issues[0]?.message).toBe(
      "L'URL du CV est requise",
    )
    expect(CvUrlSchema.safeParse({ url: 'cv.pdf' }).error?.issues[0]?.message).toBe('URL invalide')
    const long = 'https://exemple.fr/' + 'a'.repeat(2030)
    expect(CvUrlSchema.safeParse({ url: long }).error?.issues[0]?.message).toBe(
      '2048 caractères maximum',
    )
  })
})

describe('CvSettingsSchema', () => {
  it('is partial: absent keys stay absent', () => {
    expect(CvSettingsSchema.parse({})).toEqual({})
    expect(CvSettingsSchema.parse({ addWatermark: true })).toEqual({ addWatermark: true })
  })

  it('reads checkbox values', () => {
    expect(
      CvSettingsSchema.parse({ requireAuth: 'on', addWatermark: 'false', trackDownloads: '0' }),
    ).toEqual({ requireAuth: true, addWatermark: false, trackDownloads: false })
    expect(CvSettingsSchema.parse({ requireAuth: ['false', 'on'] })).toEqual({ requireAuth: true })
    expect(CvSettingsSchema.safeParse({ requireAuth: 'oui' }).success).toBe(false)
  })

  it('protects a new CV by default', () => {
    expect(DEFAULT_CV_SETTINGS).toEqual({
      requireAuth: true,
      addWatermark: false,
      trackDownloads: true,
    })
  })
})
