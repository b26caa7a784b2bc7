// What a new visitor or owner met on the public site: no invented contact data, editable legal pages,
// consent before analytics, French section badge, 390 px layout, lost network.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTACT_STORAGE_NOTICE } from '#app/domain/legal.ts'
import {
  makeBlogPost,
  makeProfile,
  makeProject,
  makeSettings,
} from '#app/server/demo/factories.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { saveProfile } from '#app/server/repositories/profile.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { allowConsoleError, test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
  await getDb().deleteFrom('profile').execute()
})

test('legal pages start from French templates naming the owner', async ({ page, db: _db }) => {
  await saveProfile(
    makeProfile({ name: 'Camille Martin', email: 'profil@atelier.fr', phone: undefined }),
  )
  await updateSettings(
    makeSettings({
      siteName: 'Atelier Lumière',
      contact: { email: 'camille@atelier.fr', phone: '', address: '' },
    }),
  )
  await visit(page, '/mentions-legales')
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeVisible()
  await expect(page.getByText(/est édité par Camille Martin, à titre personnel/)).toBeVisible()
  await expect(page.getByText('E-mail : camille@atelier.fr')).toBeVisible()
  // Nothing invented: no phone or address was entered.
  await expect(page.getByText(/Téléphone :|Adresse :/)).toHaveCount(0)
  await visit(page, '/confidentialite')
  await expect(
    page.getByText(/Camille Martin, joignable par e-mail à camille@atelier\.fr/),
  ).toBeVisible()
})

test('the owner edits a legal page in Paramètres; it renders as sanitised Markdown', async ({
  page,
  db: _db,
}) => {
  await saveProfile(makeProfile({ name: 'Camille Martin' }))
  await updateSettings(makeSettings())
  await signInAdmin(page)
  await openAdminTab(page, 'Paramètres')
  await expect(page.getByRole('heading', { name: 'Pages légales' })).toBeVisible()
  const terms = page.getByLabel("Conditions d'utilisation", { exact: true })
  await expect(terms).toHaveValue(/édité par Camille Martin/)
  await terms.fill('Mes conditions <b>à moi</b>.\n\nDeuxième paragraphe.')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres mis à jour' })).toBeVisible()
  await visit(page, '/conditions')
  // Raw HTML is dropped by the posts' pipeline (ADR 020, 021): its text stays, no markup.
  await expect(page.getByText('Mes conditions à moi.')).toBeVisible()
  await expect(page.getByText('Deuxième paragraphe.')).toBeVisible()
  await expect(page.locator('main b')).toHaveCount(0)
  // Untouched templates are stored empty, so they follow the owner's details.
  // The site's document: the settings table also holds the mail, newsletter and statistics ones.
  const row = await getDb()
    .selectFrom('settings')
    .select('data')
    .where('id', '=', 'main')
    .executeTakeFirstOrThrow()
  const stored = JSON.parse(row.data) as { legal?: Record<string, string> }
  expect(stored.legal?.terms).toContain('Mes conditions')
  expect(stored.legal?.notice ?? '').toBe('')
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the fixed badge and buttons never cover what is scrolled to', async ({ page, db: _db }) => {
    await updateSettings(
      makeSettings({ contact: { email: 'a@orbite.fr', phone: '', address: 'Lyon, France' } }),
    )
    await visit(page, '/contact')
    const controls = [
      page.getByTestId('section-badge'),
      page.getByRole('link', { name: "Retour à l'accueil" }),
      page.getByRole('button', { name: /thème/i }),
    ]
    const overlaps = async (target: import('@playwright/test').Locator) => {
      const box = (await target.boundingBox())!
      const hits: string[] = []
      for (const control of controls) {
        const c = (await control.boundingBox())!
        const apart =
          c.x >= box.x + box.width ||
          box.x >= c.x + c.width ||
          c.y >= box.y + box.height ||
          box.y >= c.y + c.height
        if (!apart) hits.push((await control.textContent()) ?? '')
      }
      return hits
    }
    const lyon = page.getByRole('link', { name: 'Lyon, France' })
    await lyon.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }))
    expect(await overlaps(lyon)).toEqual([])
    // The very bottom of the page: the legal links stay clear too.
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    )
    const last = page
      .getByRole('contentinfo')
      .getByRole('link', { name: "Conditions d'utilisation" })
    expect(await overlaps(last)).toEqual([])
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    )
  })
})

test('no analytics before consent; equal choices, remembered, revocable', async ({
  page,
  db: _db,
}) => {
  await updateSettings(makeSettings({ googleAnalyticsId: 'G-AUDIT1234' }))
  const analyticsRequests: string[] = []
  await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
    analyticsRequests.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
  })
  const tags = page.locator('script[src*="googletagmanager"]')
  await visit(page, '/projects')
  const banner = page.getByRole('region', { name: 'Mesure d’audience' })
  await expect(banner).toBeVisible()
  await expect(tags).toHaveCount(0)
  expect(analyticsRequests).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  // 'Accepter' and 'Refuser' look alike: same size, colours and font.
  const accept = banner.getByRole('button', { name: 'Accepter' })
  const refuse = banner.getByRole('button', { name: 'Refuser' })
  const look = (b: typeof accept) =>
    b.evaluate((el) => {
      const s = getComputedStyle(el)
      const r = el.getBoundingClientRect()
      return [
        s.backgroundColor,
        s.color,
        s.fontSize,
        s.fontWeight,
        s.borderWidth,
        r.height,
        r.width,
      ]
    })
  expect(await look(refuse)).toEqual(await look(accept))

  // Refused: remembered across pages, nothing loads.
  await refuse.click()
  await expect(banner).toBeHidden()
  await visit(page, '/blog')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner).toBeHidden()
  await expect(tags).toHaveCount(0)
  expect(analyticsRequests).toEqual([])

  // Revocable from the footer, both ways.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Gestion des cookies' }).click()
  await expect(banner).toBeVisible()
  await banner.getByRole('button', { name: 'Accepter' }).click()
  await expect(tags).toHaveAttribute('src', /id=G-AUDIT1234/)
  await expect.poll(() => analyticsRequests.length).toBeGreaterThan(0)
  await visit(page, '/projects')
  await expect(tags).toHaveCount(1)
  await expect(banner).toBeHidden()
  await page.getByRole('contentinfo').getByRole('button', { name: 'Gestion des cookies' }).click()
  await banner.getByRole('button', { name: 'Refuser' }).click()
  await page.waitForLoadState('load')
  await expect(tags).toHaveCount(0)
})

test('the contact form says what is stored and for how long', async ({ page, db: _db }) => {
  await visit(page, '/contact')
  const notice = page.getByText(CONTACT_STORAGE_NOTICE)
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
    'href',
    '/confidentialite',
  )
})

test('a page change lost on the network keeps the page and says so', async ({ page, db: _db }) => {
  await visit(page, '/contact')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parlons de votre projet' }),
  ).toBeVisible()
  // The browser itself reports the failed request in the console.
  allowConsoleError(page, /ERR_INTERNET_DISCONNECTED/)
  await page.route(/\.data(\?|$)/, (route) => route.abort('internetdisconnected'))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Projets' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'La connexion réseau a échoué' }),
  ).toBeVisible()
  // Still the contact page, with its form; not an error screen.
  await expect(page).toHaveURL(/\/contact$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parlons de votre projet' }),
  ).toBeVisible()
  await expect(page.getByText('Une erreur est survenue')).toHaveCount(0)
  await expect(page.getByLabel('Nom')).toBeEditable()
  // Back online: 'Réessayer' goes where the visitor wanted to go.
  await page.unroute(/\.data(\?|$)/)
  await page.getByRole('button', { name: 'Réessayer' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(
    page.getByRole('alert').filter({ hasText: 'La connexion réseau a échoué' }),
  ).toHaveCount(0)
})

// ADR 049: the layout's network guard is a client middleware, not a clientLoader (which
// gets a data request of its own): a page change asks the server once, layout data included.
test('a page change asks the server for its data in one request', async ({ page, db: _db }) => {
  await visit(page, '/contact')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parlons de votre projet' }),
  ).toBeVisible()
  const requests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) requests.push(request.url())
  })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Projets' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(requests).toHaveLength(1)
  // The layout's loader ran in that same request (its data keeps the page's chrome current).
  expect(decodeURIComponent(requests[0]!)).toContain('routes/public/layout')
})

test('the blog hero blurs its picture under a dark veil behind the title', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({
      title: `Héros lisible ${Date.now()}`,
      thumbnail: '/demo/projects/budget-clair-cover.webp',
    }),
  )
  await visit(page, `/blog/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  const backdrop = page.locator('[data-hero-backdrop]')
  const blur = await backdrop.evaluate((el) => {
    const m = /blur\((\d+(?:\.\d+)?)px\)/.exec(getComputedStyle(el).filter)
    return m ? Number(m[1]) : 0
  })
  // Letters in the picture cannot survive a 24 px blur or more.
  expect(blur).toBeGreaterThanOrEqual(24)
  const veilAlpha = await backdrop.evaluate((el) => {
    const veil = el.nextElementSibling as HTMLElement
    const image = getComputedStyle(veil).backgroundImage
    const first =
      /color\([^)]*\)|rgba?\([^)]*\)|oklab\([^)]*\)|oklch\([^)]*\)/.exec(image)?.[0] ?? ''
    const alpha = /\/\s*([\d.]+)\)|,\s*([\d.]+)\)$/.exec(first)
    return alpha ? Number(alpha[1] ?? alpha[2]) : first ? 1 : 0
  })
  expect(veilAlpha).toBeGreaterThanOrEqual(0.7)
})

test('a site that refuses frames gets a message and a link, not a blank frame', async ({
  page,
  db: _db,
}) => {
  // A real "other site" on loopback (another origin than the app's localhost).
  const site = http.createServer((req, res) => {
    if (req.url === '/interdit') res.setHeader('Content-Security-Policy', "frame-ancestors 'none'")
    res.setHeader('content-type', 'text/html')
    res.end('<!doctype html><title>Site</title><h1>Site du projet</h1>')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  try {
    const refused = await createProject(
      makeProject({ title: `Refuse les cadres ${Date.now()}`, url: `${base}/interdit` }),
    )
    await visit(page, `/projects/${refused.id}`)
    await expect(page.getByText('Ce site refuse d’être affiché dans un cadre')).toBeVisible()
    await expect(page.getByTestId('project-preview')).toHaveCount(0)
    const open = page.getByRole('link', { name: 'Ouvrir le site dans un nouvel onglet' })
    await expect(open).toHaveAttribute('href', `${base}/interdit`)
    await expect(open).toHaveAttribute('target', '_blank')

    const allowed = await createProject(
      makeProject({ title: `Accepte les cadres ${Date.now()}`, url: `${base}/ouvert` }),
    )
    await visit(page, `/projects/${allowed.id}`)
    await expect(
      page
        .frameLocator('[data-testid="project-preview"]')
        .getByRole('heading', { name: 'Site du projet' }),
    ).toBeVisible()
    // The client-side fallback: a link that opens the site, should the frame stay blank.
    await expect(
      page.getByRole('link', { name: 'Ouvrir le site dans un nouvel onglet' }),
    ).toHaveAttribute('href', `${base}/ouvert`)
  } finally {
    site.closeAllConnections()
    await new Promise((resolve) => site.close(resolve))
  }
})
