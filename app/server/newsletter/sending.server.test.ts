// Sending the newsletter (ADR 097) against a real SMTP server: a post public in a language
// goes once to that language's confirmed subscribers, with RFC 8058 headers and a visible
// unsubscribe link; an edit or a second dispatch sends nothing; a scheduled post goes at its
// time; a 5xx at RCPT marks the address « rejetée »; a crash after a claim loses nobody.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, updateBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  startSmtpServer,
  testMailConfig as configFor,
  type TestSmtpServer,
} from '../../../tests/fixtures/smtp.ts'
import { importReaders } from '../../../tests/fixtures/newsletter.ts'
import {
  claimSends,
  importSubscribers,
  issueProgress,
  savePlan,
  unsubscribeByToken,
  unsubscribeToken,
} from '../repositories/newsletter.server.ts'
import { getDb } from '../db/client.server.ts'
import { dispatchDueIssues, NewsletterSender } from './sending.server.ts'

beforeAll(() => {
  process.env.BETTER_AUTH_SECRET ??= 'unit-test-secret-unit-test-secret-0123'
})

useTestDatabase()
let smtp: TestSmtpServer | undefined
const senders: NewsletterSender[] = []

afterEach(async () => {
  for (const s of senders.splice(0)) await s.stop()
  await smtp?.close()
  smtp = undefined
})

function senderFor(url: string) {
  const sender = new NewsletterSender({ config: configFor(url), ratePerMinute: 60_000, batch: 7 })
  senders.push(sender)
  return sender
}

async function readers() {
  await importSubscribers(
    [
      { email: 'ana@exemple.fr', locale: 'fr', confirmed: true },
      { email: 'bea@exemple.fr', locale: 'fr', confirmed: true },
      { email: 'cyr@exemple.fr', locale: 'fr', confirmed: true },
      { email: 'dan@exemple.fr', locale: 'fr', confirmed: false },
      { email: 'eve@example.com', locale: 'en', confirmed: true },
      { email: 'fay@example.com', locale: 'en', confirmed: true },
    ],
    'csv',
  )
}

/** Header lines as one line each (long ones are folded on the wire). */
const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ')

const content = [
  'Un paragraphe avec un [lien](/projects) et une image :',
  '',
  '![Schéma](/images/schema.png)',
  '',
  '```ts',
  'const answer = 42',
  '```',
].join('\n')

describe('newsletter sending', () => {
  // The first render loads the Markdown pipeline and Shiki: room for a loaded machine.
  it(
    'sends a published post once to the confirmed French subscribers, never on an edit',
    { timeout: 60_000 },
    async () => {
      smtp = await startSmtpServer()
      await readers()
      const post = await createBlogPost(makeBlogPost({ title: 'Un nouvel article', content }))
      await savePlan(post.id, 'fr', true)
      expect(await dispatchDueIssues()).toBe(3)
      const sender = senderFor(smtp.url)
      expect(await sender.runOnce()).toBe(3)
      const mails = await smtp.waitFor(3)
      expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
        'ana@exemple.fr',
        'bea@exemple.fr',
        'cyr@exemple.fr',
      ])
      const mail = mails[0]!
      expect(mail.parsed.subject).toBe('Un nouvel article')
      const headers = unfolded(mail.raw)
      const listUnsubscribe = /^List-Unsubscribe: (.*)$/m.exec(headers)?.[1]?.trim() ?? ''
      expect(listUnsubscribe).toMatch(
        /^<http:\/\/localhost:3000\/desabonnement\?token=[A-Za-z0-9_-]{43}>$/,
      )
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
      const html = String(mail.parsed.html)
      expect(html).toContain('Se désabonner')
      expect(html).toContain('Lire en ligne')
      expect(html).toContain('href="http://localhost:3000/projects"')
      expect(html).toContain('src="http://localhost:3000/images/schema.png"')
      expect(html).not.toContain('--shiki')
      expect(html).toMatch(/<pre style="[^"]*background-color:#f6f8fa/)
      expect(mail.parsed.text).toContain('const answer = 42')
      expect(mail.parsed.text).toContain(
        'Se désabonner : http://localhost:3000/desabonnement?token=',
      )

      // The link unsubscribes the one who got it, and only them.
      const token = /token=([A-Za-z0-9_-]{43})/.exec(listUnsubscribe)![1]
      expect((await unsubscribeByToken(token))?.email).toBe(mail.envelope.to[0])

      // An edit, a second dispatch, a second run: nothing more.
      await updateBlogPost(post.id, { title: 'Titre corrigé' })
      expect(await dispatchDueIssues()).toBe(0)
      expect(await sender.runOnce()).toBe(0)
      expect(smtp.received).toHaveLength(3)
      expect(await issueProgress(post.id, 'fr')).toEqual({ total: 3, sent: 3, rejected: 0 })
    },
  )

  it('an English version goes to the English subscribers only, at its own time', async () => {
    smtp = await startSmtpServer()
    await readers()
    const post = await createBlogPost(makeBlogPost({ title: 'Article français' }))
    const later = new Date(Date.now() + 60 * 60_000)
    await saveTranslation('post', post.id, 'en', {
      title: 'English post',
      excerpt: 'Its excerpt',
      content: 'English body.',
      slug: 'english-post',
      status: 'published',
      publishedAt: later.toISOString(),
    })
    await savePlan(post.id, 'en', true)
    await savePlan(post.id, 'fr', false)
    // Not yet: scheduled in English; the French post was not to be sent.
    expect(await dispatchDueIssues()).toBe(0)
    expect(await dispatchDueIssues(new Date(later.getTime() + 1000))).toBe(2)
    expect(await senderFor(smtp.url).runOnce()).toBe(2)
    const mails = await smtp.waitFor(2)
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
      'eve@example.com',
      'fay@example.com',
    ])
    expect(mails[0]!.parsed.subject).toBe('English post')
    expect(String(mails[0]!.parsed.html)).toContain('Unsubscribe')
    expect(unfolded(mails[0]!.raw)).toMatch(/^List-Unsubscribe: <\S+\/en\/desabonnement\?token=/m)
  })

  it('a claim left by a crashed process is sent once its lease ends, nothing twice', async () => {
    smtp = await startSmtpServer()
    await readers()
    const post = await createBlogPost(makeBlogPost())
    await savePlan(post.id, 'fr', true)
    await dispatchDueIssues()
    // A process claimed two rows and died before sending them.
    const claimed = await claimSends(2, new Date(Date.now() - 60_000), 1_000)
    expect(claimed).toHaveLength(2)
    expect(await senderFor(smtp.url).runOnce()).toBe(3)
    await smtp.waitFor(3)
    expect(new Set(smtp.received.map((m) => m.envelope.to[0])).size).toBe(3)
    expect(smtp.received).toHaveLength(3)
  })

  it('a 5xx at RCPT marks the address « rejetée » and sends it nothing more', async () => {
    const received: string[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bea@')) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number }
          error.responseCode = 550
          callback(error)
        } else callback()
      },
      onData(stream, session, callback) {
        stream.resume()
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.server.address() as AddressInfo).port
      await readers()
      const first = await createBlogPost(makeBlogPost())
      await savePlan(first.id, 'fr', true)
      await dispatchDueIssues()
      const sender = senderFor(`smtp://127.0.0.1:${port}?requireTLS=false`)
      await sender.runOnce()
      expect(received.sort()).toEqual(['ana@exemple.fr', 'cyr@exemple.fr'])
      const row = await getDb()
        .selectFrom('newsletter_subscribers')
        .select(['status', 'rejectedReason'])
        .where('email', '=', 'bea@exemple.fr')
        .executeTakeFirstOrThrow()
      expect(row.status).toBe('rejected')
      expect(row.rejectedReason).toContain('550')
      expect(await issueProgress(first.id, 'fr')).toEqual({ total: 3, sent: 2, rejected: 1 })
      // The next post is not even queued for it.
      const second = await createBlogPost(makeBlogPost())
      await savePlan(second.id, 'fr', true)
      expect(await dispatchDueIssues()).toBe(2)
    } finally {
      for (const s of senders.splice(0)) await s.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('marks the accepted e-mails together, in one write, never one by one', async () => {
    smtp = await startSmtpServer()
    await importReaders(30)
    const post = await createBlogPost(makeBlogPost())
    await savePlan(post.id, 'fr', true)
    expect(await dispatchDueIssues()).toBe(30)
    // No timed write: the batch's acceptances are written once, at its end (ADR 104).
    const sender = new NewsletterSender({
      config: configFor(smtp.url),
      ratePerMinute: 60_000,
      batch: 50,
      flushMs: 3_600_000,
    })
    senders.push(sender)
    expect(await sender.runOnce()).toBe(30)
    await smtp.waitFor(30)
    const rows = await getDb()
      .selectFrom('newsletter_sends')
      .select(['status', 'sentAt'])
      .where('postId', '=', post.id)
      .execute()
    expect(rows.every((r) => r.status === 'sent')).toBe(true)
    expect(new Set(rows.map((r) => r.sentAt)).size).toBe(1)
    expect(await issueProgress(post.id, 'fr')).toEqual({ total: 30, sent: 30, rejected: 0 })
  })

  it('unconfirmed and unsubscribed readers get nothing; a token unsubscribes one reader', async () => {
    smtp = await startSmtpServer()
    await readers()
    const ana = await getDb()
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'ana@exemple.fr')
      .executeTakeFirstOrThrow()
    await unsubscribeByToken(unsubscribeToken(ana))
    const post = await createBlogPost(makeBlogPost())
    await savePlan(post.id, 'fr', true)
    expect(await dispatchDueIssues()).toBe(2)
    await senderFor(smtp.url).runOnce()
    await smtp.waitFor(2)
    expect(smtp.received.map((m) => m.envelope.to[0]).sort()).toEqual([
      'bea@exemple.fr',
      'cyr@exemple.fr',
    ])
  })
})
