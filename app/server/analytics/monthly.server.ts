// The optional monthly summary e-mail (ADR 096), beside the weekly one: on the 1st of a month in
// the site's time zone, the previous month's figures go to the owner through the outbox. The
// month is claimed in analytics_state before anything is queued, so a month is sent once even
// with several app servers or a check every five minutes.
import type { Kysely } from 'kysely'
import { StatsQuerySchema } from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { queueStatsSummary } from '../mail/mail.server.ts'
import { buildReport } from './report.server.ts'
import { refreshRollups } from './rollup.server.ts'
import { getStatsSettings } from './store.server.ts'

/** The site's time zone until the statistics have a setting of their own. */
const DEFAULT_TIME_ZONE = 'Europe/Paris'

/** The local calendar date of `now` in `timeZone`. */
function localDate(now: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(now))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day') }
}

const pad = (n: number) => String(n).padStart(2, '0')
const int = (n: number) => n.toLocaleString('fr-FR')

/** Queues last month's summary when it is on, today is the 1st and it was not sent yet. */
export async function sendMonthlySummary(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<boolean> {
  const settings = await getStatsSettings(db)
  if (!settings.monthlyEmail) return false
  const zone =
    'timeZone' in settings && typeof settings.timeZone === 'string'
      ? settings.timeZone
      : DEFAULT_TIME_ZONE
  const today = localDate(now, zone)
  if (today.day !== 1) return false
  const year = today.month === 1 ? today.year - 1 : today.year
  const month = today.month === 1 ? 12 : today.month - 1
  const key = `monthlyEmail:${year}-${pad(month)}`
  // Claimed first: the insert succeeds once per month, whichever server or timer comes first.
  const claim = await db
    .insertInto('analytics_state')
    .values({ key, value: String(Math.floor(now / 1000)) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false
  await refreshRollups(now, db)
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const report = await buildReport(
    StatsQuerySchema.parse({
      period: 'custom',
      from: `${year}-${pad(month)}-01`,
      to: `${year}-${pad(month)}-${pad(last)}`,
    }),
    now,
    db,
  )
  const top = report.panels.page.slice(0, 3).map((p) => p.title ?? p.label)
  const lines = [
    `${int(report.totals.visitors)} visiteurs (mois précédent : ${int(report.previous.visitors)})`,
    `${int(report.totals.pageviews)} pages vues`,
    ...report.goals.map((g) => `${g.label} : ${int(g.visitors)}`),
    ...(top.length ? [`Pages les plus lues : ${top.join(', ')}`] : []),
  ]
  const name = new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  await queueStatsSummary(db, lines, new Date(now), name)
  return true
}
