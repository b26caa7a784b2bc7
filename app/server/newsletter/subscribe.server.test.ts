// The newsletter's public paths end to end on a real database and the real route modules:
// subscribe (same answer whatever the address), confirm with the e-mailed link, one-click
// unsubscribe with the RFC 8058 body, resubscribe.
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { action as subscribeAction } from '#app/routes/resources/newsletter-subscribe.ts'
import { action as confirmAction } from '#app/routes/public/newsletter-confirm.tsx'
import { action as unsubscribeAction } from '#app/routes/public/newsletter-unsubscribe.tsx'
import { resetRateLimits } from '../rate-limit/rate-limit.server.ts'
import { unsubscribeToken } from '../repositories/newsletter.server.ts'

const db = useTestDatabase()

let ipCounter = 1
function post(
  url: string,
  body: Record<string, string> | string,
  ip = `198.51.100.${ipCounter++}`,
) {
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-vitrine-client-ip': ip,
    },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  })
}

/** What a route action answered, data or Response alike. */
async function answer(result: unknown): Promise<{ status: number; body: unknown }> {
  if (result instanceof Response) return { status: result.status, body: await result.json() }
  if (
    result &&
    typeof result === 'object' &&
    'type' in result &&
    result.type === 'DataWithResponseInit'
  ) {
    const d = result as unknown as { data: unknown; init: { status?: number } | null }
    return { status: d.init?.status ?? 200, body: d.data }
  }
  return { status: 200, body: result }
}

const args = (request: Request) =>
  ({ request, params: {}, context: {} }) as unknown as Parameters<typeof subscribeAction>[0]

async function subscribe(fields: Record<string, string>, ip?: string) {
  return answer(await subscribeAction(args(post('/abonnement', fields, ip))))
}

async function outbox() {
  return db.current.db
    .selectFrom('outbox')
    .select(['kind', 'toAddress', 'subject', 'text', 'expiresAt'])
    .execute()
}

describe('newsletter public paths', () => {
  it('answers the same for a new and a known address, and e-mails one confirmation', async () => {
    await resetRateLimits()
    const first = await subscribe({ email: 'lea@exemple.fr', locale: 'fr', page: '/blog/x' })
    const again = await subscribe({ email: 'lea@exemple.fr', locale: 'fr', page: '/blog/x' })
    expect(first).toEqual(again)
    expect(first.status).toBe(200)
    const mails = await outbox()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'newsletter-confirm', toAddress: 'lea@exemple.fr' })
    expect(mails[0]!.subject).toContain('Confirmez votre abonnement')
  })

  it('refuses malformed, injected and huge addresses in French, writing nothing', async () => {
    await resetRateLimits()
    for (const email of ['pas-une-adresse', 'a@b.fr\r\nBcc: c@d.fr', `${'x'.repeat(5000)}@b.fr`]) {
      const result = await subscribe({ email, locale: 'fr' })
      expect(result).toEqual({
        status: 400,
        body: { status: 'error', message: 'Veuillez saisir une adresse e-mail valide.' },
      })
    }
    expect(await outbox()).toEqual([])
  })

  it('drops a filled honeypot silently and refuses a flood from one address', async () => {
    await resetRateLimits()
    const trapped = await subscribe({ email: 'bot@exemple.fr', locale: 'fr', website: 'x' })
    expect(trapped.status).toBe(200)
    expect(await outbox()).toEqual([])
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await subscribe({ email: `f${i}@exemple.fr`, locale: 'en' }, '192.0.2.9')).status,
      )
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses[6]).toBe(429)
  })

  it('confirms with the e-mailed link once, then unsubscribes in one click and resubscribes', async () => {
    await resetRateLimits()
    await subscribe({ email: 'en@exemple.fr', locale: 'en', page: '/en/blog' })
    const [mail] = await outbox()
    expect(mail!.subject).toContain('Confirm your subscription')
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    expect(link.pathname).toBe('/en/abonnement/confirmer')
    const token = link.searchParams.get('token')!
    const confirm = () => confirmAction(args(post('/en/abonnement/confirmer', { token })) as never)
    expect(await confirm()).toEqual({ confirmed: true })
    expect(await confirm()).toEqual({ confirmed: false })

    const row = await db.current.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('confirmed')
    const unsub = unsubscribeToken(row)
    const oneClick = await unsubscribeAction(
      args(post(`/en/desabonnement?token=${unsub}`, 'List-Unsubscribe=One-Click')) as never,
    )
    expect(oneClick).toEqual({ done: 'unsubscribed' })
    const status = async () =>
      (
        await db.current.db
          .selectFrom('newsletter_subscribers')
          .select('status')
          .executeTakeFirstOrThrow()
      ).status
    expect(await status()).toBe('unsubscribed')
    const back = await unsubscribeAction(
      args(post(`/en/desabonnement?token=${unsub}`, { intent: 'resubscribe' })) as never,
    )
    expect(back).toEqual({ done: 'resubscribed' })
    expect(await status()).toBe('confirmed')
    const wrong = await unsubscribeAction(
      args(post(`/desabonnement?token=${'z'.repeat(43)}`, 'List-Unsubscribe=One-Click')) as never,
    )
    expect(wrong).toEqual({ done: 'invalid' })
  })
})
