import { getDb } from '#app/server/db/client.server.ts'
import { updateCvSettings, updateCvUrl } from '#app/server/repositories/cv.server.ts'
import { signIn } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

// The smallest PDF a viewer opens: served to the page by the test, not shipped.
const TINY_PDF = [
  '%PDF-1.4',
  '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
  'trailer<</Root 1 0 R>>',
  '%%EOF',
].join('\n')
const PDF_PATH = '/demo/cv/cv-test.pdf'

test('CV: login required → banner for 3 s with Se connecter, server refuses the file', async ({
  page,
  request,
  db: _db,
}) => {
  await updateCvUrl('/demo/projects/budget-clair-cover.webp')
  await updateCvSettings({
    requireAuth: true,
    trackDownloads: true,
    addWatermark: false,
    audience: 'any',
  })
  const refused = await request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(refused.status()).toBe(302)
  expect(refused.headers()['location']).toBe('/cv?connexion=requise')

  // A fake clock makes the 3 s deterministic: time only moves when the test says so.
  await page.clock.install()
  await visit(page, '/cv')
  await expect(page.getByRole('img', { name: 'CV' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Me contacter' })).toHaveAttribute('href', '/contact')
  await page.clock.pauseAt(Date.now() + 60_000)
  await page.getByRole('link', { name: 'Télécharger le CV' }).click()
  await page.clock.runFor(50)
  const banner = page.getByRole('alert').filter({ hasText: 'Authentification requise' })
  await expect(banner).toContainText('Veuillez vous connecter pour télécharger le CV.')
  await expect(banner.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login')
  await page.clock.runFor(2_900)
  await expect(banner).toBeVisible()
  await page.clock.runFor(200)
  await expect(banner).toBeHidden()
  await expect(page).toHaveURL(/\/cv$/)
})

test('CV: a signed-in download is allowed and logged as a download entry', async ({
  page,
  db: _db,
}) => {
  await updateCvUrl('/demo/projects/budget-clair-cover.webp')
  await updateCvSettings({
    requireAuth: true,
    trackDownloads: true,
    addWatermark: true,
    audience: 'any',
  })
  const user = await signIn(page, { role: 'viewer', name: 'Lecteur CV' })
  await visit(page, '/cv')
  const response = await page.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/demo/projects/budget-clair-cover.webp')
  const entries = await getDb()
    .selectFrom('activity_logs')
    .select(['action', 'resourceType', 'userName'])
    .where('userId', '=', user.id)
    .where('action', '=', 'download')
    .execute()
  expect(entries).toEqual([{ action: 'download', resourceType: 'cv', userName: 'Lecteur CV' }])

  await updateCvSettings({ trackDownloads: false, audience: 'any' })
  await page.request.get('/cv/telecharger', { maxRedirects: 0 })
  const after = await getDb()
    .selectFrom('activity_logs')
    .select('id')
    .where('userId', '=', user.id)
    .where('action', '=', 'download')
    .execute()
  expect(after).toHaveLength(1)
})

const anonymousDownloads = async () =>
  (
    await getDb()
      .selectFrom('activity_logs')
      .select('id')
      .where('action', '=', 'download')
      .where('userId', '=', 'anonymous')
      .execute()
  ).length

test('CV: capture keys, context menu, copy and paste show the notice for 1 s with a shake', async ({
  page,
  db: _db,
}) => {
  await updateCvUrl('/demo/projects/budget-clair-cover.webp')
  await updateCvSettings({ requireAuth: false, audience: 'any' })
  await page.clock.install()
  await visit(page, '/cv')
  await page.clock.pauseAt(Date.now() + 60_000)
  const notice = page.getByRole('alert').filter({ hasText: 'Capture non autorisée' })
  for (const trigger of [
    () => page.keyboard.press('PrintScreen'),
    () => page.keyboard.press('Control+p'),
    () => page.keyboard.press('Control+s'),
    () => page.getByRole('img', { name: 'CV' }).click({ button: 'right' }),
    () => page.evaluate(() => document.dispatchEvent(new Event('copy', { cancelable: true }))),
    () => page.evaluate(() => document.dispatchEvent(new Event('paste', { cancelable: true }))),
  ]) {
    await trigger()
    await page.clock.runFor(20)
    await expect(notice).toContainText(
      "Pour protéger ce document, les captures d'écran ne sont pas autorisées.",
    )
    await expect(page.getByTestId('cv-guarded')).toHaveClass(/animate-shake/)
    await page.clock.runFor(900)
    await expect(notice).toBeVisible()
    await page.clock.runFor(150)
    await expect(notice).toBeHidden()
  }
  // Anyone may download when requireAuth is off, and the anonymous download is tracked.
  await updateCvSettings({ trackDownloads: true, audience: 'any' })
  const before = await anonymousDownloads()
  const res = await page.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(res.headers()['location']).toBe('/demo/projects/budget-clair-cover.webp')
  expect(await anonymousDownloads()).toBe(before + 1)
})

test('CV: a PDF is embedded only for a visitor who may download it, else the page invites to sign in', async ({
  page,
  db: _db,
}) => {
  await page.route(`**${PDF_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: TINY_PDF }),
  )
  await updateCvUrl(PDF_PATH)
  await updateCvSettings({
    requireAuth: true,
    addWatermark: false,
    trackDownloads: false,
    audience: 'any',
  })

  // Login required: no frame (its viewer would download and print), nor the file's address.
  const response = await visit(page, '/cv')
  expect(await response?.text()).not.toContain(PDF_PATH)
  await expect(
    page.getByRole('heading', { name: 'CV réservé aux visiteurs connectés' }),
  ).toBeVisible()
  await expect(
    page.getByText('Connectez-vous pour consulter et télécharger ce document.'),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login')
  await expect(page.locator('iframe')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Télécharger le CV' })).toBeVisible()

  // requireAuth off: anyone may download, so the document is embedded.
  await updateCvSettings({ requireAuth: false, audience: 'any' })
  await visit(page, '/cv')
  await expect(page.locator('iframe[title="CV"]')).toHaveAttribute('src', PDF_PATH)

  // requireAuth on and signed in: embedded too.
  await updateCvSettings({ requireAuth: true, audience: 'any' })
  await signIn(page, { role: 'viewer' })
  await visit(page, '/cv')
  await expect(page.locator('iframe[title="CV"]')).toHaveAttribute('src', PDF_PATH)
  await expect(
    page.getByRole('heading', { name: 'CV réservé aux visiteurs connectés' }),
  ).toHaveCount(0)
})
