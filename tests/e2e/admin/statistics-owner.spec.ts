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
