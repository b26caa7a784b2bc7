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
