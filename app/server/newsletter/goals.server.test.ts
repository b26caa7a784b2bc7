// The newsletter's statistics goals (ADR 097), through the real route modules on a real
// database: a confirmation joins the reader's visit as « Abonnement à la lettre confirmé »; a
// mail provider's one-click POST counts as « Désabonnement de la lettre » without adding a
// visit; a repeated click, Do Not Track and disabled statistics count nothing; no token or
// address reaches the statistics' tables.
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CHROME, useFreshStatistics } from '../../../tests/fixtures/analytics.ts'
import { DEFAULT_STATS_SETTINGS, StatsQuerySchema } from '#app/domain/analytics.ts'
import { action as confirmAction } from '#app/routes/public/newsletter-confirm.tsx'
import { action as unsubscribeAction } from '#app/routes/public/newsletter-unsubscribe.tsx'
import { collect } from '../analytics/collect.server.ts'
import { buildReport } from '../analytics/report.server.ts'
import { refreshRollups } from '../analytics/rollup.server.ts'
import { flushEvents, saveStatsSettings } from '../analytics/store.server.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import {
  importSubscribers,
  requestSubscription,
  unsubscribeToken,
} from '../repositories/newsletter.server.ts'

const db = useTestDatabase()
const READER = '198.51.100.20'

useFreshStatistics()

function post(
  url: string,
  body: Record<string, string> | string,
  { ip = READER, ua = CHROME, headers = {} as Record<string, string> } = {},
) {
  return new Request(`http://site.test${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': ua,
      [CLIENT_IP_HEADER]: ip,
      ...headers,
    },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  })
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as never

async function report() {
  await flushEvents()
  const now = Date.now() + 60_000
  await refreshRollups(now)
  const r = await buildReport(StatsQuerySchema.parse({ period: '7d' }), now)
  const goal = (key: string) => r.goals.find((g) => g.key === key)
  return { totals: r.totals, subscribed: goal('abonnement'), unsubscribed: goal('desabonnement') }
}

/** A pending subscriber and its confirmation token, as the form would make them. */
async function pending(email: string): Promise<string> {
  let token = ''
  await requestSubscription(
    { email, locale: 'fr', page: '/blog' },
    { consentIp: '198.51.100.0', consentText: 'Oui' },
    async (_trx, mail) => {
      token = mail.token
    },
  )
  return token
}

async function tokenOf(email: string) {
  const row = await db.current.db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return unsubscribeToken(row)
}

describe('newsletter goals in the statistics', () => {
  it('counts a confirmation in the reader’s visit and a one-click unsubscribe as a goal only', async () => {
    // The reader opens the confirmation page (a page view), then presses its button.
    const token = await pending('lectrice@exemple.fr')
    const view = {
      n: 'pageview',
      u: `http://site.test/abonnement/confirmer?token=${token}`,
      w: 1280,
      z: 'Europe/Paris',
    }
    await collect(
      new Request('http://site.test/api/event', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: READER },
        body: JSON.stringify(view),
      }),
    )
    expect(await confirmAction(args(post('/abonnement/confirmer', { token })))).toEqual({
      confirmed: true,
    })
    // A used link confirms nothing and counts nothing.
    expect(await confirmAction(args(post('/abonnement/confirmer', { token })))).toEqual({
      confirmed: false,
    })

    // The provider's one-click POST: its own address and robot, no page view.
    const unsub = await tokenOf('lectrice@exemple.fr')
    const provider = { ip: '203.0.113.50', ua: 'GoogleImageProxy', headers: {} }
    const oneClick = () =>
      unsubscribeAction(
        args(post(`/desabonnement?token=${unsub}`, 'List-Unsubscribe=One-Click', provider)),
      )
    expect(await oneClick()).toEqual({ done: 'unsubscribed' })
    expect(await oneClick()).toEqual({ done: 'unsubscribed' })

    const counted = await report()
    expect(counted.totals).toMatchObject({ visitors: 1, visits: 1, pageviews: 1 })
    expect(counted.subscribed).toMatchObject({
      label: 'Abonnement à la lettre confirmé',
      visitors: 1,
      events: 1,
    })
    expect(counted.unsubscribed).toMatchObject({
      label: 'Désabonnement de la lettre',
      visitors: 1,
      events: 1,
    })

    // Resubscribing from the page counts as a subscription again.
    expect(
      await unsubscribeAction(
        args(post(`/desabonnement?token=${unsub}`, { intent: 'resubscribe' })),
      ),
    ).toEqual({ done: 'resubscribed' })
    expect((await report()).subscribed).toMatchObject({ events: 2 })

    // Nothing of the token or the address is in the statistics.
    const stored = JSON.stringify([
      await db.current.db.selectFrom('analytics_dict').selectAll().execute(),
      await db.current.db.selectFrom('analytics_event').selectAll().execute(),
    ])
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(unsub)
    expect(stored).not.toContain('lectrice')
    expect(stored).toContain('/desabonnement')
  })

  it('counts nothing under Do Not Track or with the statistics off', async () => {
    await importSubscribers([{ email: 'discret@exemple.fr', locale: 'fr', confirmed: true }], 'csv')
    const unsub = await tokenOf('discret@exemple.fr')
    expect(
      await unsubscribeAction(
        args(
          post(`/desabonnement?token=${unsub}`, 'List-Unsubscribe=One-Click', {
            ip: READER,
            ua: CHROME,
            headers: { dnt: '1' },
          }),
        ),
      ),
    ).toEqual({ done: 'unsubscribed' })
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, enabled: false })
    const token = await pending('eteint@exemple.fr')
    expect(await confirmAction(args(post('/abonnement/confirmer', { token })))).toEqual({
      confirmed: true,
    })
    const counted = await report()
    expect(counted.subscribed).toMatchObject({ events: 0 })
    expect(counted.unsubscribed).toMatchObject({ events: 0 })
  })
})
