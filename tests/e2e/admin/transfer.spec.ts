// Paramètres › Importer / Exporter (ADR 066): a WordPress export uploaded through the browser
// gives a French report; its post is on the site at once, its former address answers with a
// 301 to the new page; the export downloads as a zip holding the site's tables.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { getDb } from '#app/server/db/client.server.ts'
import { deleteBlogPost } from '#app/server/repositories/blog.server.ts'
import { deletePage } from '#app/server/repositories/pages.server.ts'
import { openZip } from '#app/server/transfer/zip.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { allowConsoleError, expect, test } from '../../fixtures/test.ts'

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64')

const WXR = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Ancien site</title><wp:wxr_version>1.2</wp:wxr_version>
<item><title>Voyage à Lisbonne</title><link>https://ancien.example/2019/05/02/voyage-a-lisbonne/</link>
<content:encoded><![CDATA[<p>Des tramways jaunes.<script>window.hacked = true</script></p><img src="${base}/tram.png" alt="Un tram">]]></content:encoded>
<wp:post_id>77</wp:post_id><wp:post_date_gmt>2019-05-02 08:00:00</wp:post_date_gmt>
<wp:post_name>voyage-a-lisbonne</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<category domain="category" nicename="voyages"><![CDATA[Voyages]]></category></item>
<item><title>Mentions légales</title><wp:post_id>2</wp:post_id><wp:post_type>page</wp:post_type><wp:status>publish</wp:status></item>
<item><title>Photo perdue</title><wp:post_id>9</wp:post_id><wp:post_type>attachment</wp:post_type><wp:attachment_url>${base}/perdue.jpg</wp:attachment_url></item>
</channel></rss>`

test('imports a WordPress export from the hub, keeps the former address, downloads the export', async ({
  page,
  db: _db,
}) => {
  test.setTimeout(90_000)
  await getDb().deleteFrom('import_source').execute()
  await getDb().deleteFrom('blog_posts').where('slug', '=', 'voyage-a-lisbonne').execute()
  await getDb().deleteFrom('pages').where('title', '=', 'Mentions légales').execute()
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fc0' } })
    .png()
    .toBuffer()
  const images = http.createServer((req, res) => {
    if (req.url === '/tram.png') res.writeHead(200).end(png)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-import-'))
  try {
    const file = path.join(dir, 'ancien-site.xml')
    writeFileSync(file, WXR(`http://127.0.0.1:${(images.address() as AddressInfo).port}`))

    await signInAdmin(page)
    await page.goto('/admin/settings')
    await page.getByRole('link', { name: 'Importer / Exporter' }).click()
    await expect(
      page.getByRole('heading', { name: 'Paramètres › Importer / Exporter' }),
    ).toBeVisible()
    await page.getByLabel('Fichier à importer').setInputFiles(file)
    await page.getByRole('button', { name: 'Importer', exact: true }).click()
    const report = page.getByRole('region', { name: /Rapport d’import/ })
    await expect(report).toBeVisible({ timeout: 30_000 })
    // The page is a page (ADR 090): a former legal page, kept as a draft to copy from.
    await expect(report.getByTestId('import-counts')).toContainText('Articles : 1 créé')
    await expect(report.getByTestId('import-counts')).toContainText('Pages : 1 créée')
    await expect(report.getByTestId('import-counts')).toContainText('Médias : 1 créé, 1 en échec')
    await expect(report).toContainText('Médias non récupérés (l’adresse d’origine est conservée)')
    await expect(report).toContainText('/perdue.jpg (réponse HTTP 404)')
    await expect(report).toContainText(
      'Page « Mentions légales » : page de mentions légales (son texte peut être repris dans Paramètres › Pages légales), importée en brouillon',
    )
    await expect(report).toContainText('À faire ensuite')

    // The screen with its report has no axe violation.
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])

    // On the site at once; the script stayed out; the former address answers 301.
    const old = await page.request.get('/2019/05/02/voyage-a-lisbonne/', { maxRedirects: 0 })
    expect(old.status()).toBe(301)
    expect(old.headers()['location']).toBe('/blog/voyage-a-lisbonne')
    await page.goto('/2019/05/02/voyage-a-lisbonne/')
    await expect(page).toHaveURL(/\/blog\/voyage-a-lisbonne$/)
    await expect(page.getByRole('heading', { name: 'Voyage à Lisbonne', level: 1 })).toBeVisible()
    await expect(page.getByTestId('markdown-body').getByText('Des tramways jaunes.')).toBeVisible()
    expect(
      await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked),
    ).toBeUndefined()
    expect((await page.request.get('/2019/05/02/autre-chose/', { maxRedirects: 0 })).status()).toBe(
      404,
    )

    // A second upload: everything already there.
    await page.goto('/admin/settings/transfer')
    await page.getByLabel('Fichier à importer').setInputFiles(file)
    await page.getByRole('button', { name: 'Importer', exact: true }).click()
    await expect(page.getByTestId('import-counts')).toContainText('Articles : 1 déjà présent', {
      timeout: 30_000,
    })
    await expect(page.getByTestId('import-counts')).toContainText('Pages : 1 déjà présente')

    // A file that is not an export: a French refusal (the browser logs the 400).
    allowConsoleError(page, /status of 400/)
    const junk = path.join(dir, 'notes.xml')
    writeFileSync(junk, '<rss><channel><item><title>coupé')
    await page.getByLabel('Fichier à importer').setInputFiles(junk)
    await page.getByRole('button', { name: 'Importer', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText(
      'Ce fichier n’est pas un export WordPress lisible : le XML est invalide ou tronqué. Rien n’a été importé.',
    )

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Télécharger l’export' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^vitrine-export-\d{4}-\d{2}-\d{2}\.zip$/)
    const zipPath = path.join(dir, 'export.zip')
    writeFileSync(zipPath, readFileSync((await download.path())!))
    const zip = await openZip(zipPath)
    try {
      const names = zip.entries.map((e) => e.fileName)
      expect(names).toContain('vitrine-export.json')
      expect(names).toContain('posts/voyage-a-lisbonne.md')
      expect(names.some((n) => n.startsWith('media/'))).toBe(true)
    } finally {
      zip.close()
    }
  } finally {
    await new Promise((resolve) => images.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  }
})

test('npm run import and npm run export work beside the running site', async ({
  page,
  server,
  db: _db,
}) => {
  test.setTimeout(90_000)
  await getDb().deleteFrom('import_source').execute()
  await getDb()
    .deleteFrom('blog_posts')
    .where('slug', 'in', ['carnet-de-bord', 'idees-en-vrac'])
    .execute()
  // The blog page is in the page cache before the import…
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: 'Carnet de bord' })).toHaveCount(0)
  const env = {
    ...process.env,
    DATA_DIR: server.dataDir,
    ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
  }
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
      child.on('exit', (code) => resolve({ code, out }))
    })
  const imported = await run(['scripts/import.ts', 'tests/fixtures/import/markdown'])
  expect(imported.out).toContain('Articles : 2 créés')
  expect(imported.code).toBe(0)
  // …and shows the imported post without a restart.
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: 'Carnet de bord' })).toBeVisible()
  const again = await run(['scripts/import.ts', 'tests/fixtures/import/markdown'])
  expect(again.out).toContain('Articles : 2 déjà présents')

  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-export-'))
  try {
    const exported = await run(['scripts/export.ts', '--out', path.join(dir, 'site.zip')])
    expect(exported.code).toBe(0)
    expect(exported.out).toContain(`Export écrit : ${path.join(dir, 'site.zip')}`)
    const zip = await openZip(path.join(dir, 'site.zip'))
    try {
      expect(zip.entries.map((e) => e.fileName)).toContain('posts/carnet-de-bord.md')
    } finally {
      zip.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.describe('the format fixtures', () => {
  // The posts and pages an import made go when its test ends: their images keep addresses
  // that never resolve, which a later test of this worker showing them would meet.
  let before: { posts: string[]; pages: string[] }
  const ids = async () => ({
    posts: (await getDb().selectFrom('blog_posts').select('id').execute()).map((r) => r.id),
    pages: (await getDb().selectFrom('pages').select('id').execute()).map((r) => r.id),
  })
  test.beforeEach(async ({ db: _db }) => {
    before = await ids()
  })
  test.afterEach(async ({ db: _db }) => {
    const after = await ids()
    for (const id of after.posts.filter((id) => !before.posts.includes(id)))
      await deleteBlogPost(id)
    for (const id of after.pages.filter((id) => !before.pages.includes(id))) await deletePage(id)
  })

  for (const fixture of ['wordpress-classic.xml', 'ghost-cards.json']) {
    test(`imports ${fixture} from « Paramètres › Importer » and shows its posts as they were`, async ({
      page,
      db: _db,
    }) => {
      test.setTimeout(90_000)
      // The fixtures' images live at addresses that never resolve: kept as they were, they are
      // answered here with a pixel so the page loads cleanly.
      await page.route(/^https:\/\/(images|media)\.invalid\//, (route) =>
        route.fulfill({ status: 200, contentType: 'image/gif', body: PIXEL }),
      )
      await signInAdmin(page)
      await page.goto('/admin/settings')
      await page.getByRole('link', { name: 'Importer / Exporter' }).click()
      await page.getByLabel('Fichier à importer').setInputFiles(`tests/fixtures/import/${fixture}`)
      await page.getByRole('button', { name: 'Importer', exact: true }).click()
      const report = page.getByRole('region', { name: /Rapport d’import/ })
      await expect(report).toBeVisible({ timeout: 60_000 })
      await expect(report).toContainText('À faire ensuite')
      await expect(report).not.toContainText('Échecs')
      if (fixture === 'wordpress-classic.xml') {
        await page.goto('/blog/classique-paragraphes')
        const body = page.getByTestId('markdown-body')
        await expect(
          body.getByText('Le texte après la ligne vide est un autre paragraphe.'),
        ).toBeVisible()
        await expect(body.locator('a[href="https://www.instagram.com/mon_compte/"]')).toBeVisible()
        await page.goto('/blog/codes-courts')
        await expect(page.getByRole('heading', { name: 'Codes courts', level: 1 })).toBeVisible()
        await expect(page.getByTestId('markdown-body')).not.toContainText('[gallery')
        await expect(page.getByTestId('markdown-body')).toContainText('Une légende sous l’image.')
        const feed = await page.request.get('/feed/', { maxRedirects: 0 })
        expect([feed.status(), feed.headers()['location']]).toEqual([301, '/rss.xml'])
        const byId = await page.request.get('/?p=1200', { maxRedirects: 0 })
        expect([byId.status(), byId.headers()['location']]).toEqual([
          301,
          '/blog/classique-paragraphes',
        ])
        // Its pages are pages at their old address; the nested one redirects (ADR 090).
        await page.goto('/a-propos')
        await expect(page.getByRole('heading', { name: 'À propos', level: 1 })).toBeVisible()
        await expect(page.getByTestId('markdown-body')).toContainText('Ce que je fais.')
        const nested = await page.request.get('/a-propos/equipe/', { maxRedirects: 0 })
        expect([nested.status(), nested.headers()['location']]).toEqual([301, '/equipe'])
        await page.goto('/a-propos/equipe/')
        await expect(page).toHaveURL(/\/equipe$/)
        await expect(page.getByRole('heading', { name: 'Équipe', level: 1 })).toBeVisible()
      } else {
        await page.goto('/blog/carte-image')
        await expect(page.getByTestId('markdown-body')).toContainText('Légende de la photo')
        await page.goto('/blog/carte-embed')
        await expect(
          page
            .getByTestId('markdown-body')
            .locator('a[href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"]'),
        ).toBeVisible()
        const rss = await page.request.get('/rss/', { maxRedirects: 0 })
        expect([rss.status(), rss.headers()['location']]).toEqual([301, '/rss.xml'])
        // Its page is a page at its old address (ADR 090).
        await page.goto('/contact-ghost')
        await expect(page.getByTestId('markdown-body')).toContainText('Écrivez-moi.')
      }
    })
  }
})
