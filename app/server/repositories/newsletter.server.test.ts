import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { SubscribeSchema } from '#app/domain/newsletter.ts'
import {
  claimSends,
  confirmSubscription,
  countConfirmed,
  createIssue,
  deleteSubscriber,
  hashToken,
  issueProgress,
  listSubscribers,
  markSendRejected,
  markSendsSent,
  requestSubscription,
  resubscribeByToken,
  unsubscribeByToken,
  unsubscribeToken,
  type QueueConfirmation,
} from './newsletter.server.ts'

const db = useTestDatabase()

const DAY = 24 * 60 * 60_000
const request = { consentIp: '203.0.113.0', consentText: 'J’accepte.' }

/** Subscribes and keeps the confirmation tokens the e-mail would carry. */
function collector() {
  const tokens: string[] = []
  const queue: QueueConfirmation = async (_trx, c) => {
    tokens.push(c.token)
  }
  return { tokens, queue }
}

async function subscribe(email: string, locale: 'fr' | 'en' = 'fr', now = new Date()) {
  const { tokens, queue } = collector()
  const data = SubscribeSchema.parse({ email, locale, page: '/blog/un-article' })
  const result = await requestSubscription(data, { ...request, now }, queue)
  return { ...result, token: tokens[0] }
}

async function confirmed(email: string, locale: 'fr' | 'en' = 'fr') {
  const { token } = await subscribe(email, locale)
  return (await confirmSubscription(token))!
}

async function rowOf(email: string) {
  return db.current.db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
}

describe('newsletter subscriptions', () => {
  it('keeps a pending subscriber with the proof of consent and only token hashes', async () => {
    const { queued, token } = await subscribe('Lea@Exemple.fr')
    expect(queued).toBe(true)
    const row = await rowOf('lea@exemple.fr')
    expect(row).toMatchObject({
      status: 'pending',
      locale: 'fr',
      source: 'form',
      consentPage: '/blog/un-article',
      consentText: 'J’accepte.',
      consentIp: '203.0.113.0',
    })
    expect(row.confirmTokenHash).toBe(hashToken(token!))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(JSON.stringify(row)).not.toContain(unsubscribeToken(row))
  })

  it('confirms once with a link valid seven days', async () => {
    const { token } = await subscribe('a@exemple.fr')
    expect(await confirmSubscription('x'.repeat(43))).toBeUndefined()
    expect(await confirmSubscription(token)).toMatchObject({ status: 'confirmed' })
    expect(await confirmSubscription(token)).toBeUndefined()

    const later = await subscribe('b@exemple.fr', 'fr', new Date(Date.now() - 8 * DAY))
    expect(await confirmSubscription(later.token)).toBeUndefined()
    expect((await rowOf('b@exemple.fr')).status).toBe('pending')
  })

  it('sends at most one confirmation a day, and none to a confirmed address', async () => {
    const now = Date.now()
    expect((await subscribe('c@exemple.fr', 'fr', new Date(now))).queued).toBe(true)
    expect((await subscribe('c@exemple.fr', 'fr', new Date(now + 60_000))).queued).toBe(false)
    const next = await subscribe('c@exemple.fr', 'fr', new Date(now + DAY + 1000))
    expect(next.queued).toBe(true)
    await confirmSubscription(next.token, new Date(now + DAY + 2000))
    expect((await subscribe('c@exemple.fr', 'fr', new Date(now + 3 * DAY))).queued).toBe(false)
    expect((await rowOf('c@exemple.fr')).status).toBe('confirmed')
  })

  it('unsubscribes in one click with the e-mail token, and resubscribes', async () => {
    await confirmed('d@exemple.fr')
    const token = unsubscribeToken(await rowOf('d@exemple.fr'))
    expect(await unsubscribeByToken('y'.repeat(43))).toBeUndefined()
    expect(await unsubscribeByToken(token)).toMatchObject({ status: 'unsubscribed' })
    expect(await unsubscribeByToken(token)).toMatchObject({ status: 'unsubscribed' })
    expect(await countConfirmed('fr')).toBe(0)
    expect(await resubscribeByToken(token)).toMatchObject({ status: 'confirmed' })
    expect(await countConfirmed('fr')).toBe(1)
  })
})

describe('newsletter issues', () => {
  it('creates one send per confirmed subscriber of the language, once per post and language', async () => {
    await confirmed('fr1@exemple.fr')
    await confirmed('fr2@exemple.fr')
    await confirmed('en1@exemple.fr', 'en')
    await subscribe('pending@exemple.fr')
    expect(await createIssue('post-1', 'fr')).toEqual({ total: 2 })
    expect(await createIssue('post-1', 'fr')).toBeUndefined()
    expect(await createIssue('post-1', 'en')).toEqual({ total: 1 })
    const sends = await db.current.db.selectFrom('newsletter_sends').selectAll().execute()
    expect(sends).toHaveLength(3)
    expect(new Set(sends.map((s) => `${s.postId}/${s.locale}/${s.subscriberId}`)).size).toBe(3)
  })

  it('claims each pending send once; sent rows are never claimed again, after a restart too', async () => {
    for (let i = 0; i < 5; i++) await confirmed(`r${i}@exemple.fr`)
    await createIssue('post-2', 'fr')
    const now = new Date()
    const first = await claimSends(3, now)
    expect(first).toHaveLength(3)
    const second = await claimSends(10, now)
    expect(second).toHaveLength(2)
    await markSendsSent(first.slice(0, 2).map((send) => send.id))
    // A crash: the third claimed row was never marked. Once its lease ends it comes back.
    const afterRestart = await claimSends(10, new Date(now.getTime() + 3 * 60_000))
    expect(afterRestart.map((s) => s.id).sort()).toEqual(
      [first[2]!.id, ...second.map((s) => s.id)].sort(),
    )
    expect(afterRestart.map((s) => s.id)).not.toContain(first[0]!.id)
    expect(await issueProgress('post-2', 'fr')).toEqual({ total: 5, sent: 2, rejected: 0 })
  })

  it('marks a rejected address « rejetée » and stops sending to it', async () => {
    await confirmed('bad@exemple.fr')
    await createIssue('post-3', 'fr')
    const [send] = await claimSends(1)
    await markSendRejected(send!, '550 5.1.1 Unknown user')
    expect((await rowOf('bad@exemple.fr')).status).toBe('rejected')
    expect(await createIssue('post-4', 'fr')).toEqual({ total: 0 })
    expect(await issueProgress('post-3', 'fr')).toEqual({ total: 1, sent: 0, rejected: 1 })
  })

  it('lists with filters and deletes a subscriber with their sends', async () => {
    const a = await confirmed('liste@exemple.fr')
    await confirmed('other@exemple.fr', 'en')
    await createIssue('post-5', 'fr')
    expect((await listSubscribers({ q: 'liste' })).map((s) => s.email)).toEqual([
      'liste@exemple.fr',
    ])
    expect((await listSubscribers({ locale: 'en' })).map((s) => s.email)).toEqual([
      'other@exemple.fr',
    ])
    expect(await deleteSubscriber(a.id)).toBe(true)
    expect(await listSubscribers({ status: 'confirmed', locale: 'fr' })).toEqual([])
    expect(await db.current.db.selectFrom('newsletter_sends').selectAll().execute()).toEqual([])
  })
})
