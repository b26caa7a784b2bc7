// Admin › Statistiques for an owner who reads it every morning (ADR 095): her time zone,
// exit pages and realtime, channels, page filters, goals she defines.
import { getDb } from '#app/server/db/client.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from '../public/helpers.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function clearStatistics() {
  const db = getDb()
  await db.deleteFrom('analytics_event').execute()
  await db.deleteFrom('analytics_rollup').execute()
  await db.deleteFrom('analytics_state').execute()
  await db.deleteFrom('settings').where('id', '=', 'statistics').execute()
}

/** The dictionary id of a value, added when missing. */
async function dict(kind: number, value: string) {
  const db = getDb()
  await db
    .insertInto('analytics_dict')
    .values({ kind, value })
    .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
    .execute()
  const row = await db
    .selectFrom('analytics_dict')
    .select('id')
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

const NONE = {
  ref: null,
  src: null,
  med: null,
  camp: null,
  country: null,
  device: null,
  browser: null,
  os: null,
}

/** Page views as the collector stores them: [visitor, seconds ago, path, referrer?]. */
async function seedViews(views: [number, number, string, string?][]) {
  const now = Math.floor(Date.now() / 1000)
  for (const [v, ago, path, referrer] of views)
    await getDb()
      .insertInto('analytics_event')
      .values({
        ...NONE,
        t: now - ago,
        v,
        kind: 0,
        path: await dict(1, path),
        ref: referrer ? await dict(2, referrer) : null,
      })
      .execute()
}

/** Times of the stored page views. */
const viewTimes = async () =>
  (await getDb().selectFrom('analytics_event').select('t').where('kind', '=', 0).execute()).map(
    (r) => Number(r.t),
  )

test('a visit at a known Paris hour lands in that hour of « Aujourd’hui »', async ({
  browser,
  baseURL,
  page,
  db: _db,
}) => {
  await clearStatistics()
  const visitor = await browser.newContext({ userAgent: CHROME, baseURL })
  await visit(await visitor.newPage(), '/')
  await expect.poll(viewTimes).toHaveLength(1)
  await visitor.close()
  const [t] = await viewTimes()
  // The hour the owner's clock showed (the default time zone, Europe/Paris).
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(new Date(t! * 1000)),
  )
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  await page.getByText('Voir les données du graphique sous forme de tableau').click()
  // The hours that hold visitors: that one only.
  const busy = () =>
    page
      .locator('[data-stats-chart-table] tbody tr')
      .evaluateAll((rows) =>
        rows
          .filter((row) => row.querySelector('td')?.textContent !== '0')
          .map((row) => row.querySelector('th')?.textContent),
      )
  await expect.poll(busy).toEqual([`${hour} h`])
})

test('exit pages, and the pages read in the last five minutes with where their readers came from', async ({
  page,
  db: _db,
}) => {
  await clearStatistics()
  await seedViews([
    [1, 200, '/', 'linkedin.com'],
    [1, 150, '/projects'],
    [1, 100, '/contact'],
    [2, 120, '/blog'],
  ])
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  const exits = page.locator('[data-stats-panel="exit"]')
  await expect(exits.getByRole('heading', { name: 'Pages de sortie' })).toBeVisible()
  await expect(exits.getByRole('link', { name: '/contact' })).toBeVisible()
  await expect(exits.getByRole('link', { name: '/blog' })).toBeVisible()
  await expect(exits.getByRole('link', { name: '/projects' })).toHaveCount(0)
  const live = page.locator('[data-stats-panel="live"]')
  await expect(live.getByRole('table', { name: 'Pages lues' })).toContainText('/contact')
  await expect(live.getByRole('table', { name: 'Pages lues' })).not.toContainText('/projects')
  await expect(live.getByRole('table', { name: 'Venus de' })).toContainText('linkedin.com')
  await expect(live.getByRole('table', { name: 'Venus de' })).toContainText('Accès direct')
  // An exit page filters the view.
  await exits.getByRole('link', { name: '/contact' }).click()
  await expect(page).toHaveURL(/[?&]exit=%2Fcontact/)
  await expect(page.locator('[data-stats-panel="referrer"]')).not.toContainText('Accès direct')
})

test('referrers are grouped into channels; a channel shows its hosts one click below', async ({
  page,
  db: _db,
}) => {
  await clearStatistics()
  await seedViews([
    [1, 200, '/', 'google.fr'],
    [2, 150, '/', 'lnkd.in'],
    [3, 100, '/', 'l.instagram.com'],
    [4, 100, '/blog'],
  ])
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  const channels = page.locator('[data-stats-panel="channel"]')
  await expect(channels.getByRole('heading', { name: 'Canaux' })).toBeVisible()
  for (const name of ['Recherche', 'Réseaux sociaux', 'Direct'])
    await expect(channels.getByRole('link', { name, exact: true })).toBeVisible()
  await channels.getByRole('link', { name: 'Réseaux sociaux', exact: true }).click()
  await expect(page).toHaveURL(/[?&]channel=R%C3%A9seaux/)
  const referrers = page.locator('[data-stats-panel="referrer"]')
  await expect(referrers.getByRole('link', { name: 'lnkd.in' })).toBeVisible()
  await expect(referrers.getByRole('link', { name: 'l.instagram.com' })).toBeVisible()
  await expect(referrers.getByRole('link', { name: 'google.fr' })).toHaveCount(0)
})

test('a page filter counts that page’s views and the visits that saw it', async ({
  page,
  db: _db,
}) => {
  await clearStatistics()
  await seedViews([
    [1, 300, '/'],
    [1, 250, '/en/contact'],
    [1, 200, '/projects'],
    [2, 300, '/en/contact'],
    [2, 250, '/en/contact'],
    [3, 300, '/'],
  ])
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  const totals = page.locator('[data-stats-totals]')
  const figure = (label: string) =>
    totals
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .first()
  await expect(figure('Pages vues')).toHaveText('6')
  await page.locator('[data-stats-panel="page"]').getByRole('link', { name: '/en/contact' }).click()
  await expect(page).toHaveURL(/[?&]page=%2Fen%2Fcontact/)
  await expect(figure('Pages vues')).toHaveText('3')
  await expect(figure('Visiteurs')).toHaveText('2')
  const pages = page.locator('[data-stats-panel="page"] tbody tr')
  await expect(pages).toHaveCount(1)
  await expect(
    page.locator('[data-stats-panel="exit"]').getByRole('link', { name: '/projects' }),
  ).toBeVisible()
})

test('the owner adds a page goal in the settings; every goal filters the dashboard', async ({
  page,
  db: _db,
}) => {
  await clearStatistics()
  await seedViews([
    [1, 300, '/', 'google.fr'],
    [1, 250, '/merci'],
    [2, 300, '/blog'],
  ])
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  await page.getByText('Réglages des statistiques').click()
  const goals = page.getByLabel('Objectifs : pages visitées')
  await goals.fill('Demande de devis = merci')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Un objectif est une adresse de page commençant par /')).toBeVisible()
  await goals.fill('Demande de devis = /merci')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Réglages des statistiques enregistrés')).toBeVisible()
  const panel = page.locator('[data-stats-panel="goals"]')
  await expect(panel.getByRole('row', { name: /Demande de devis/ })).toContainText('50 %')
  await panel.getByRole('link', { name: 'Demande de devis' }).click()
  await expect(page).toHaveURL(/[?&]goal=page%3A%2Fmerci/)
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(
    'Objectif : Demande de devis',
  )
  await expect(
    page.locator('[data-stats-panel="page"]').getByRole('link', { name: '/blog' }),
  ).toHaveCount(0)
  // A built-in goal is a filter too.
  await page.getByRole('link', { name: 'Retirer le filtre Objectif' }).click()
  await panel.getByRole('link', { name: 'Téléchargement du CV' }).click()
  await expect(page).toHaveURL(/[?&]goal=cv/)
})

test('« Voir plus » opens a table beyond ten rows; the totals say when they were updated', async ({
  page,
  db: _db,
}) => {
  await clearStatistics()
  await seedViews(
    Array.from(
      { length: 12 },
      (_, i) => [i + 1, 300 - i, `/page-${i}`] as [number, number, string],
    ),
  )
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  await expect(page.locator('[data-stats-updated]')).toContainText(
    /Chiffres mis à jour il y a \d+ s/,
  )
  const pages = page.locator('[data-stats-panel="page"]')
  await expect(pages.locator('tbody tr')).toHaveCount(10)
  await pages.getByRole('link', { name: 'Voir plus' }).click()
  await expect(page).toHaveURL(/[?&]more=page/)
  await expect(pages.locator('tbody tr')).toHaveCount(12)
  await expect(pages.getByRole('link', { name: 'Voir plus' })).toHaveCount(0)
})
