// Admin › Statistiques (ADR 072): the 13th tab, admins only (page, data and CSV); hostile
// values stored by visitors render inert; a value clicked filters the view in the URL; every
// table exports as CSV; the chart has a table alternative.
import { getDb } from '#app/server/db/client.server.ts'
import { createSessionCookie, createTestUser } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

const HOSTILE_PATH = '/<script>window.__pwned=1</script>'
const HOSTILE_REFERRER = '"><img src=x onerror="window.__pwned=2">'
const HOSTILE_CAMPAIGN = '=HYPERLINK("http://evil.test")<svg onload=window.__pwned=3>'

/** Stored events as the collector writes them, hostile strings included. */
async function seed() {
  const db = getDb()
  await db.deleteFrom('analytics_event').execute()
  await db.deleteFrom('analytics_rollup').execute()
  await db.deleteFrom('analytics_state').execute()
  await db.deleteFrom('settings').where('id', '=', 'statistics').execute()
  const dict = async (kind: number, value: string) => {
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
  const hostilePath = await dict(1, HOSTILE_PATH)
  const home = await dict(1, '/')
  const referrer = await dict(2, HOSTILE_REFERRER)
  const linkedin = await dict(2, 'linkedin.com')
  const campaign = await dict(5, HOSTILE_CAMPAIGN)
  const now = Math.floor(Date.now() / 1000) - 60
  const none = {
    ref: null,
    src: null,
    med: null,
    camp: null,
    country: null,
    device: null,
    browser: null,
    os: null,
  }
  await db
    .insertInto('analytics_event')
    .values([
      {
        ...none,
        t: now,
        v: 1,
        kind: 0,
        path: hostilePath,
        ref: referrer,
        camp: campaign,
        country: 1,
      },
      { ...none, t: now + 5, v: 1, kind: 0, path: home },
      { ...none, t: now, v: 2, kind: 0, path: home, ref: linkedin },
      { ...none, t: now + 10, v: 2, kind: 2, path: home },
    ])
    .execute()
}

test('non-admins are refused the tab, its data and its CSV', async ({ request, db: _db }) => {
  await seed()
  const editor = await createTestUser({ role: 'editor' })
  const cookie = (await createSessionCookie(editor.id))!
  for (const url of [
    '/admin/statistics',
    '/admin/statistics.data',
    '/api/statistics/export?csv=referrer',
  ]) {
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const refused = await request.get(url, { maxRedirects: 0, headers })
      // A redirect (a page change's data request gets it as a 202 with its target).
      expect([202, 302], url).toContain(refused.status())
      expect(await refused.text()).not.toContain('linkedin.com')
    }
  }
})

test('the admin reads the statistics; hostile values stay inert; filters live in the URL; CSV export', async ({
  page,
  db: _db,
}) => {
  await seed()
  page.on('dialog', () => {
    throw new Error('a hostile value ran')
  })
  await signInAdmin(page)
  await openAdminTab(page, 'Statistiques')
  await expect(page.getByRole('heading', { level: 2, name: 'Statistiques' })).toBeVisible()
  const totals = page.locator('[data-stats-totals]')
  await expect(totals.getByText('Visiteurs', { exact: true })).toBeVisible()
  // The chart is a labelled SVG with the same figures as a table.
  await expect(
    page.getByRole('img', { name: /Visiteurs et pages vues sur la période/ }),
  ).toBeVisible()
  await page.getByText('Voir les données du graphique sous forme de tableau').click()
  await expect(page.locator('[data-stats-chart-table] tbody tr').first()).toBeVisible()
  // Hostile strings show as text and nothing of them runs.
  const pages = page.locator('[data-stats-panel="page"]')
  await expect(pages.getByRole('link', { name: HOSTILE_PATH })).toBeVisible()
  await expect(
    page.locator('[data-stats-panel="referrer"]').getByRole('link', { name: HOSTILE_REFERRER }),
  ).toBeVisible()
  await expect(
    page.locator('[data-stats-panel="campaign"]').getByRole('link', { name: HOSTILE_CAMPAIGN }),
  ).toBeVisible()
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  // Goals with their conversion rate: one visitor of two downloaded the CV.
  await expect(
    page.locator('[data-stats-panel="goals"]').getByRole('row', { name: /Téléchargement du CV/ }),
  ).toContainText('50 %')
  // A click filters, in the URL; the filter can be removed.
  await page
    .locator('[data-stats-panel="referrer"]')
    .getByRole('link', { name: 'linkedin.com' })
    .click()
  await expect(page).toHaveURL(/[?&]referrer=linkedin\.com/)
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('linkedin.com')
  await expect(pages.getByRole('link', { name: HOSTILE_PATH })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('linkedin.com')
  await page.getByRole('link', { name: 'Retirer le filtre Sites référents' }).click()
  await expect(page).not.toHaveURL(/referrer=/)
  // CSV of a table: a spreadsheet never reads a hostile value as a formula.
  const csv = await page.request.get('/api/statistics/export?period=7d&csv=campaign')
  expect(csv.headers()['content-type']).toContain('text/csv')
  const text = await csv.text()
  // Cells separated by ';' for Excel in French (ADR 096).
  expect(text).toContain('Campagne (utm_campaign);Titre;Visiteurs')
  expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")<svg onload=window.__pwned=3>"`)
})

test('the statistics tab, its chart table and its settings have no axe violations; a setting saves', async ({
  page,
  db: _db,
}) => {
  await seed()
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=30d')
  await page.getByText('Voir les données du graphique sous forme de tableau').click()
  await page.getByText('Réglages des statistiques').click()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  // The chart is reachable with the keyboard.
  await page.locator('[data-stats-chart]').focus()
  await expect(page.locator('[data-stats-chart]')).toBeFocused()
  // Retention above the CNIL's 25 months is refused in French; 13 is kept.
  const months = page.getByLabel('Conservation des données détaillées (mois)')
  await months.fill('30')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('25 mois au plus (CNIL)')).toBeVisible()
  await months.fill('13')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Réglages des statistiques enregistrés')).toBeVisible()
  // A settings document (ADR 080).
  const stored = await getDb()
    .selectFrom('settings')
    .select('data')
    .where('id', '=', 'statistics')
    .executeTakeFirstOrThrow()
  expect(JSON.parse(stored.data)).toMatchObject({ retentionMonths: 13, enabled: true })
})
