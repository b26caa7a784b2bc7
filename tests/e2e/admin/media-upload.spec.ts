// ADR 017: real files through the browser's file picker into the media library.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { ALT_REQUIRED_MESSAGE, MEDIA_DELETE_QUESTION } from '#app/domain/media.ts'
import { MEDIA_UPLOAD_PATH, UPLOAD_ERRORS } from '#app/domain/media-file.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeProject } from '#app/server/demo/factories.server.ts'
import { listMedia } from '#app/server/repositories/media.server.ts'
import { createProject, deleteProject } from '#app/server/repositories/projects.server.ts'
import { allowConsoleError, test, expect } from '../../fixtures/test.ts'
import { deleteItem, expectFieldError, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

// Small limits so an over-limit file stays small.
test.use({ serverEnv: { MEDIA_MAX_IMAGE_MB: '1', MEDIA_MAX_VIDEO_MB: '2' } })

const GPS_IFD_TAG = Buffer.from([0x25, 0x88])

async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Téléphone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 45/1 0/1' },
    })
    .toBuffer()
}

test('uploads: type from the bytes, metadata stripped, French refusals, nothing left behind', async ({
  page,
  db: _db,
  server,
}) => {
  await getDb().deleteFrom('media').execute()
  // An SVG's script must never run: any dialog fails the test.
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`)
  })
  // The browser reports each refused upload (4xx) in the console: expected here.
  allowConsoleError(page, /status of (400|413|415) /)
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')

  const photo = await phonePhoto()
  expect((await sharp(photo).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true)
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()
  // Well over the limit: the refusal comes while the browser is still sending (no reset).
  const overLimit = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)])
  await page.getByLabel('Fichiers à téléverser').setInputFiles([
    { name: 'photo-gps.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'deguise.jpg', mimeType: 'image/jpeg', buffer: png },
    {
      name: 'page.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>'),
    },
    {
      name: 'dessin.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
    },
    { name: 'vide.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
    { name: 'enorme.png', mimeType: 'image/png', buffer: overLimit },
  ])
  const uploads = page.getByRole('list', { name: 'Téléversements' }).getByRole('listitem')
  await expect(uploads).toHaveCount(6)
  await expect(uploads.filter({ hasText: 'photo-gps.jpg' })).toContainText('Téléversé')
  await expect(uploads.filter({ hasText: 'deguise.jpg' })).toContainText('Téléversé')
  // Each uploaded image leads to its text alternative.
  const altLink = uploads
    .filter({ hasText: 'photo-gps.jpg' })
    .getByRole('link', { name: 'Ajouter le texte alternatif de photo-gps.jpg' })
  await expect(altLink).toHaveAttribute('href', /^\/admin\/media\?edit=/)
  await expect(uploads.filter({ hasText: 'page.png' }).getByRole('alert')).toHaveText(
    UPLOAD_ERRORS.unknownType,
  )
  await expect(uploads.filter({ hasText: 'dessin.svg' }).getByRole('alert')).toHaveText(
    UPLOAD_ERRORS.svg,
  )
  await expect(uploads.filter({ hasText: 'vide.jpg' }).getByRole('alert')).toHaveText(
    UPLOAD_ERRORS.empty,
  )
  await expect(uploads.filter({ hasText: 'enorme.png' }).getByRole('alert')).toHaveText(
    UPLOAD_ERRORS.tooLarge('image', 1),
  )

  // Two rows only; on disk exactly their files (no partial or temporary file).
  const items = await listMedia()
  expect(items.map((i) => i.title).sort()).toEqual(['deguise', 'photo-gps'])
  const stored = new Set<string>()
  for (const item of items) {
    const rows = await getDb()
      .selectFrom('media')
      .select(['storageKey', 'variants'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow()
    stored.add(rows.storageKey)
    for (const key of JSON.parse(rows.variants) as string[]) stored.add(key)
  }
  expect(await server.storedKeys('media')).toEqual([...stored].sort())

  // The PNG named .jpg is stored and served as a PNG.
  const disguised = items.find((i) => i.title === 'deguise')!
  expect(disguised.file?.mime).toBe('image/png')
  expect(disguised.url).toMatch(/-30x20\.png$/)
  const served = await page.request.get(disguised.url)
  expect(served.headers()['content-type']).toBe('image/png')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
  expect(served.headers()['cache-control']).toContain('immutable')

  // The phone photo keeps no EXIF (no GPS position), in any stored file.
  const jpeg = items.find((i) => i.title === 'photo-gps')!
  for (const key of stored) {
    if (!key.startsWith(jpeg.file!.storageKey.slice(0, 32))) continue
    const meta = await sharp(await server.readStored('media', key)).metadata()
    expect(meta.exif, key).toBeUndefined()
  }
  const download = Buffer.from(await (await page.request.get(jpeg.url)).body())
  expect(download.includes(GPS_IFD_TAG)).toBe(false)

  // The grid flags the missing text alternative; the form requires one (or 'décorative').
  await page.reload()
  const card = page.getByRole('article', { name: 'photo-gps' })
  await expect(card).toContainText('Texte alternatif manquant')
  await page.getByRole('link', { name: 'Modifier photo-gps' }).click()
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expectFieldError(page, 'Texte alternatif', ALT_REQUIRED_MESSAGE)
  await page.getByLabel('Texte alternatif').fill('Un champ vert sous le soleil')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Média mis à jour avec succès')

  // Public gallery: <picture> with AVIF/WebP sources, srcset, intrinsic size, the alt text.
  await page.goto('/gallery')
  const img = page.getByRole('img', { name: 'Un champ vert sous le soleil' })
  await expect(img).toHaveAttribute('width', '800')
  await expect(img).toHaveAttribute('height', '500')
  // The gallery's first image loads at once with high priority, the others lazily (ADR 086).
  const first = await page
    .locator('main img')
    .first()
    .evaluate((el, target) => el === target, await img.elementHandle())
  await expect(img).toHaveAttribute('loading', first ? 'eager' : 'lazy')
  if (first) await expect(img).toHaveAttribute('fetchpriority', 'high')
  await expect(img).toHaveAttribute('srcset', /-w320\.jpg 320w, .*-w800\.jpg 800w$/)
  // The <picture> around that image (the 30 px upload may come first in the gallery).
  const picture = page.locator('picture').filter({ has: img })
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /-w640\.avif 640w/,
  )
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true)
})

test('uploads: a video plays through Range requests; a cancelled upload stops', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  const video = readFileSync('public/videos/gallery-demo.webm')
  await page.getByLabel('Fichiers à téléverser').setInputFiles({
    name: 'clip.webm',
    mimeType: 'video/webm',
    buffer: video,
  })
  await expect(page.getByRole('list', { name: 'Téléversements' })).toContainText('Téléversé')
  const [item] = await listMedia()
  expect(item).toMatchObject({ category: 'video', url: expect.stringMatching(/\.webm$/) })

  const part = await page.request.get(item!.url, { headers: { Range: 'bytes=0-99' } })
  expect(part.status()).toBe(206)
  expect(part.headers()['content-range']).toBe(`bytes 0-99/${video.length}`)
  expect(part.headers()['content-type']).toBe('video/webm')
  expect((await part.body()).equals(video.subarray(0, 100))).toBe(true)
  const beyond = await page.request.get(item!.url, {
    headers: { Range: `bytes=${video.length}-` },
  })
  expect(beyond.status()).toBe(416)

  const ranges: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/media/')) ranges.push(r.headers()['range'] ?? '')
  })
  await page.goto('/gallery')
  const player = page.locator('video').first()
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0)
  expect(ranges.some((r) => r.startsWith('bytes='))).toBe(true)

  // Cancel: the request is held, the owner cancels, nothing arrives.
  await page.goto('/admin/media')
  await page.route(`**${MEDIA_UPLOAD_PATH}**`, () => undefined)
  await page.getByLabel('Fichiers à téléverser').setInputFiles({
    name: 'annule.webm',
    mimeType: 'video/webm',
    buffer: video,
  })
  await page.getByRole('button', { name: 'Annuler le téléversement de annule.webm' }).click()
  await expect(page.getByRole('list', { name: 'Téléversements' })).toContainText(
    'Téléversement annulé',
  )
  expect(await listMedia()).toHaveLength(1)
})

test('deleting an image a project uses lists the project and asks first', async ({
  page,
  db: _db,
  server,
}) => {
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#f00a' } })
    .png()
    .toBuffer()
  await page.getByLabel('Fichiers à téléverser').setInputFiles({
    name: 'couverture.png',
    mimeType: 'image/png',
    buffer: png,
  })
  await expect(page.getByRole('list', { name: 'Téléversements' })).toContainText('Téléversé')
  const [item] = await listMedia()
  const keys = [item!.file!.storageKey]
  const project = await createProject(makeProject({ thumbnail: item!.url }))
  await page.reload()

  await page.getByRole('button', { name: 'Supprimer couverture', exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(MEDIA_DELETE_QUESTION)
  await expect(dialog.getByRole('alert')).toContainText('Ce média est utilisé ici :')
  await expect(dialog.getByRole('alert')).toContainText(`Projet « ${project.title} »`)
  await dialog.getByRole('link', { name: 'Annuler' }).click()
  expect(await listMedia()).toHaveLength(1)

  // A delete posted without the confirmation (another tab, a script) changes nothing.
  const refused = await page.request.post('/admin/media', {
    form: { intent: 'delete', id: item!.id },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(refused.ok()).toBe(true)
  expect(await listMedia()).toHaveLength(1)

  await deleteItem(page, 'couverture', MEDIA_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Média supprimé avec succès')
  expect(await listMedia()).toHaveLength(0)
  // The owner was warned: the project now shows a missing image. Tidy it for later tests.
  await deleteProject(project.id)
  const left = await server.storedKeys('media')
  expect(left.filter((f) => f.startsWith(keys[0]!.slice(0, 32)))).toEqual([])
})

test('a project thumbnail comes from the library or from a new upload', async ({
  page,
  browser,
  baseURL,
  db: _db,
}) => {
  // The PDF given to the image field below is refused with a 415.
  allowConsoleError(page, /status of 415 /)
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#963' } })
    .jpeg()
    .toBuffer()
  await page.getByLabel('Fichiers à téléverser').setInputFiles({
    name: 'atelier.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  })
  await expect(page.getByRole('list', { name: 'Téléversements' })).toContainText('Téléversé')
  const [item] = await listMedia()

  await page.goto('/admin/projects?new')
  const thumbnail = page.getByRole('textbox', { name: 'Miniature (URL)' })
  const pickers = page.getByRole('button', { name: 'Choisir dans la médiathèque' })
  await expect(pickers).toHaveCount(4) // thumbnail, the Markdown editor, project images, share image
  await pickers.first().click()
  const dialog = page.getByRole('dialog', { name: 'Médiathèque' })
  await dialog.getByRole('button', { name: 'atelier' }).click()
  await expect(dialog).toBeHidden()
  // The image is placed once its text alternative is given, kept by the library (ADR 093).
  const altDialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await altDialog.getByLabel('Texte alternatif').fill('Atelier de céramique')
  await altDialog.getByRole('button', { name: 'Utiliser l’image' }).click()
  await expect(altDialog).toBeHidden()
  await expect(thumbnail).toHaveValue(item!.url)
  expect((await listMedia())[0]).toMatchObject({ alt: 'Atelier de céramique' })
  // The project's images: the picker fills the new-image input of the list.
  await pickers.nth(2).click()
  await dialog.getByRole('button', { name: 'atelier' }).click()
  await expect(altDialog.getByLabel('Texte alternatif')).toHaveValue('Atelier de céramique')
  await altDialog.getByRole('button', { name: 'Utiliser l’image' }).click()
  await expect(page.getByRole('textbox', { name: 'Nouvelle image (URL)' })).toHaveValue(item!.url)

  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#069' } })
    .png()
    .toBuffer()
  await page.getByLabel('Fichier à téléverser').first().setInputFiles({
    name: 'nouvelle.png',
    mimeType: 'image/png',
    buffer: png,
  })
  // The dialog is modal: the status beside the field is read once it closes.
  await altDialog.getByLabel('Image décorative').check()
  await altDialog.getByRole('button', { name: 'Utiliser l’image' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'nouvelle.png' })).toHaveText(
    '« nouvelle.png » ajouté à la médiathèque',
  )
  await expect(thumbnail).toHaveValue(/^\/media\/[0-9a-f]{32}-20x20\.png$/)
  expect(await listMedia()).toHaveLength(2)
  // A PDF given to the image field is refused by the server: not even in the library.
  await page
    .getByLabel('Fichier à téléverser')
    .first()
    .setInputFiles({
      name: 'document.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    })
  await expect(page.getByRole('alert').filter({ hasText: 'Ce champ attend' })).toHaveText(
    UPLOAD_ERRORS.wrongKind(['image']),
  )
  await expect(thumbnail).toHaveValue(/^\/media\/[0-9a-f]{32}-20x20\.png$/)
  expect(await listMedia()).toHaveLength(2)

  // Without an admin session: no listing, no upload, nothing stored.
  const anonymous = await browser.newContext({ baseURL })
  expect((await anonymous.request.get('/api/media')).status()).toBe(403)
  const refused = await anonymous.request.post(`${MEDIA_UPLOAD_PATH}?name=x.png`, { data: png })
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({ error: UPLOAD_ERRORS.notAllowed })
  await anonymous.close()
  expect(await listMedia()).toHaveLength(2)
})
