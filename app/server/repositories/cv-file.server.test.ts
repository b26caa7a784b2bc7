// ADR 018: an uploaded CV replaces the URL; typing another URL stops using the file.
import { describe, expect, it } from 'vitest'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getCv, setCvFile, updateCvSettings, updateCvUrl } from './cv.server.ts'

useTestDatabase()

describe('private CV file', () => {
  it('points the CV at the guarded route, keeps settings, reports the replaced file', async () => {
    await updateCvUrl('https://exemple.fr/ancien.pdf')
    await updateCvSettings({ addWatermark: true })
    expect(
      await setCvFile({ key: `${'a'.repeat(32)}.pdf`, mime: 'application/pdf' }),
    ).toBeUndefined()
    expect(await getCv()).toMatchObject({
      url: CV_FILE_PATH,
      file: { key: `${'a'.repeat(32)}.pdf`, mime: 'application/pdf' },
      settings: { addWatermark: true, requireAuth: true },
    })
    // Settings saved later keep the file.
    await updateCvSettings({ trackDownloads: false })
    expect((await getCv())?.file?.mime).toBe('application/pdf')
    // A new upload names the file it replaces, for removal.
    expect(await setCvFile({ key: `${'b'.repeat(32)}.png`, mime: 'image/png' })).toBe(
      `${'a'.repeat(32)}.pdf`,
    )
    // Another URL: the file is no longer the CV.
    await updateCvUrl('https://exemple.fr/nouveau.pdf')
    expect((await getCv())?.file).toBeUndefined()
  })
})
