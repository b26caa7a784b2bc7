// ADR 018: the CV uploaded into private storage, refused to anonymous
// visitors, downloaded with the downloader's name, e-mail and the date on every page.
import { readFileSync } from 'node:fs'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { getCv, updateCvSettings } from '#app/server/repositories/cv.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { latestActivity, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

async function twoPageCv(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const n of [1, 2]) {
    pdf.addPage([595, 842]).drawText(`Curriculum page ${n}`, { x: 50, y: 780, size: 18, font })
  }
  return Buffer.from(await pdf.save())
}

test('the CV lives in private storage, anonymous visitors are refused, downloads are watermarked and logged', async ({
  page,
  browser,
  baseURL,
  db: _db,
  server,
}) => {
  const admin = await signInAdmin(page, { name: 'Élise Durand' })
  await openAdminTab(page, 'CV')
  await page.getByLabel('Téléverser le CV (PDF ou image)').setInputFiles({
    name: 'mon-cv.pdf',
    mimeType: 'application/pdf',
    buffer: await twoPageCv(),
  })
  await expect(page.getByRole('status').filter({ hasText: 'CV téléversé' })).toHaveText(
    'CV téléversé avec succès',
  )
  const cv = await getCv()
  expect(cv).toMatchObject({ url: CV_FILE_PATH, file: { mime: 'application/pdf' } })
  // In private storage (DATA_DIR/private, or the bucket's private/ prefix), not in the
  // public library nor under public/.
  expect(await server.storedKeys('private')).toContain(cv!.file!.key)
  expect((await server.storedKeys('media')).filter((f) => f.endsWith('.pdf'))).toEqual([])
  await updateCvSettings({
    requireAuth: true,
    addWatermark: true,
    trackDownloads: true,
    audience: 'any',
  })

  // Anonymous: neither the preview nor the download gives the file.
  const anonymous = await browser.newContext({ baseURL })
  const preview = await anonymous.request.get(CV_FILE_PATH)
  expect(preview.status()).toBe(403)
  expect(preview.headers()['content-type']).not.toContain('pdf')
  const refused = await anonymous.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(refused.status()).toBe(302)
  expect(refused.headers()['location']).toBe('/cv?connexion=requise')
  const anonymousPage = await anonymous.newPage()
  await anonymousPage.goto('/cv')
  await expect(anonymousPage.getByText('CV réservé aux visiteurs connectés')).toBeVisible()
  await expect(anonymousPage.locator(`iframe[src="${CV_FILE_PATH}"]`)).toHaveCount(0)
  await anonymous.close()

  // Signed in: the preview comes from the same private file; the download is watermarked.
  await page.goto('/cv')
  await expect(page.locator(`iframe[src="${CV_FILE_PATH}"]`)).toBeAttached()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger le CV' }).click()
  const download = await downloading
  const file = readFileSync((await download.path())!)
  const pdf = await getDocumentProxy(new Uint8Array(file))
  const { text } = await extractText(pdf, { mergePages: false })
  expect(text).toHaveLength(2)
  const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
  for (const pageText of text) {
    expect(pageText).toContain('Curriculum page')
    expect(pageText).toContain(`Téléchargé par Élise Durand <${admin.email}> le ${today}`)
  }
  const downloads = await latestActivity({ action: 'download', resourceType: 'cv' })
  expect(downloads.filter((d) => d.userId === admin.id)).toHaveLength(1)
})
