// The newsletter in the browser, against a real SMTP server (ADR 085, ADR 097): a reader
// subscribes on the blog, confirms from the e-mail's link, an admin publishes with « Envoyer
// aux abonnés » and the reader gets the post once, with RFC 8058 one-click unsubscribe
// headers; the one-click POST stops the next post; an unconfirmed address and a reader of the
// other language get nothing; a post scheduled a little ahead is e-mailed at its time, once;
// the tab « Abonnés » imports a CSV and exports it back.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { importSubscribers } from '#app/server/repositories/newsletter.server.ts'
import { toParisInputValue } from '#app/domain/publishing.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { signIn } from '../../fixtures/auth.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import type { ReceivedMail, TestSmtpServer } from '../../fixtures/smtp.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { expect, test } from '../../fixtures/test.ts'
import { visit } from '../public/helpers.ts'

// A send goes through the dispatcher and the paced sender: wait for the state, generously.
const SEND_WAIT = { timeout: 60_000 }

let counter = 0
const stamp = () => `${Date.now().toString(36)}-${++counter}`
const address = (who: string) => `${who}-${stamp()}@exemple.fr`

const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((m) => m.envelope.to.includes(email))
const postMailsTo = (smtp: TestSmtpServer, email: string, title: string) =>
  mailsTo(smtp, email).filter((m) => m.parsed.subject?.includes(title))

/** A header as sent (folded lines joined), from the raw message. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim()
}

/** Subscribes `email` with the form of the blog page `path` (/blog or /en/blog). */
async function subscribe(page: Page, path: '/blog' | '/en/blog', email: string) {
  const en = path.startsWith('/en')
  await visit(page, path)
  const form = page.getByRole('region', {
    name: en ? 'Get new posts by e-mail' : 'Recevoir les nouveaux articles',
  })
  await form.getByLabel(en ? 'E-mail address' : 'Adresse e-mail').fill(email)
  await form.getByRole('button', { name: en ? 'Subscribe' : 'S’abonner' }).click()
  await expect(form.getByRole('status')).toContainText(en ? 'Thank you!' : 'Merci !')
}

/** The confirmation link of the e-mail `email` received. */
async function confirmationLink(smtp: TestSmtpServer, email: string): Promise<string> {
  await expect.poll(() => mailsTo(smtp, email).length, SEND_WAIT).toBe(1)
  const text = mailsTo(smtp, email)[0]!.parsed.text ?? ''
  const link = /https?:\/\/\S+?\/abonnement\/confirmer\?token=[^\s"<>)\]]+/.exec(text)?.[0]
  expect(link, 'confirmation link in the e-mail').toBeTruthy()
  return link!
}

/** Opens the confirmation link and presses its button (only the POST confirms, ADR 085). */
async function confirm(page: Page, link: string, en = false) {
  await visit(page, new URL(link).pathname + new URL(link).search)
  await page
    .getByRole('button', { name: en ? 'Confirm my subscription' : 'Confirmer mon abonnement' })
    .click()
  await expect(
    page.getByRole('status').filter({
      hasText: en ? 'Subscription confirmed.' : 'Abonnement confirmé.',
    }),
  ).toBeVisible()
}

/** A French draft, with an English draft when `english` is given. */
async function draft(title: string, english?: string) {
  const slug = `lettre-${stamp()}`
  const post = await createBlogPost(makeBlogPost({ title, slug, status: 'draft' }))
  if (english)
    await saveTranslation('post', post.id, 'en', {
      slug: `letter-${stamp()}`,
      title: english,
      excerpt: 'An English excerpt.',
      content: 'An **English** body.',
      status: 'draft',
    })
  return post
}

/** An admin publishes the French post with « Envoyer aux abonnés » ticked. */
async function publishFrench(page: Page, postId: string) {
  await page.goto(`/admin/blog?edit=${postId}`)
  const box = page.getByRole('group', { name: 'Lettre d’information' })
  await box.getByRole('checkbox', { name: 'Envoyer aux abonnés' }).check()
  await page.getByLabel('Statut', { exact: true }).selectOption('published')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  // The box's own progress is a status too: find the save's by its text.
  await expect(page.getByText('Article mis à jour avec succès').first()).toBeVisible()
}

/** An admin publishes the post's English version with « Envoyer aux abonnés » ticked. */
async function publishEnglish(page: Page, postId: string, frenchTitle: string) {
  await page.goto(`/admin/blog?edit=${postId}&langue=en`)
  const panel = page.getByRole('region', { name: `Version anglaise — ${frenchTitle}` })
  await panel.getByRole('checkbox', { name: 'Envoyer aux abonnés' }).check()
  await panel.getByLabel('Statut (anglais)').selectOption('published')
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
}

/** The issue of (post, language) exists and none of its e-mails waits any more. */
async function issueSent(postId: string, locale: 'fr' | 'en') {
  await expect
    .poll(async () => {
      const issue = await getDb()
        .selectFrom('newsletter_issues')
        .select('total')
        .where('postId', '=', postId)
        .where('locale', '=', locale)
        .executeTakeFirst()
      if (!issue) return 'no issue'
      const waiting = await getDb()
        .selectFrom('newsletter_sends')
        .select('id')
        .where('postId', '=', postId)
        .where('locale', '=', locale)
        .where('status', '=', 'pending')
        .execute()
      return waiting.length === 0 ? 'sent' : `${waiting.length} waiting`
    }, SEND_WAIT)
    .toBe('sent')
}

/** A confirmed subscriber made by the owner's import: a witness that an issue went out. */
async function witness(locale: 'fr' | 'en') {
  const email = address(`temoin-${locale}`)
  await importSubscribers([{ email, locale, confirmed: true }], 'csv')
  return email
}

test.describe('with a real SMTP server', () => {
  const smtp = useRealSmtp('Atelier <site@exemple.fr>')

  test.beforeEach(() => {
    smtp().received.length = 0
    smtp().rejectWith = undefined
  })

  test('subscribe on /blog, confirm from the e-mail, publish: the post arrives once, with one-click unsubscribe headers', async ({
    page,
    db: _db,
  }) => {
    test.slow() // subscribe, confirm, publish, wait for the send
    const reader = address('lectrice')
    await subscribe(page, '/blog', reader)
    const link = await confirmationLink(smtp(), reader)
    await confirm(page, link)

    const title = `Lettre une fois ${stamp()}`
    const post = await draft(title)
    await signInAdmin(page)
    await publishFrench(page, post.id)

    await expect.poll(() => postMailsTo(smtp(), reader, title).length, SEND_WAIT).toBe(1)
    await issueSent(post.id, 'fr')
    // Editing the published post sends nothing more.
    await page.goto(`/admin/blog?edit=${post.id}`)
    await page.getByLabel('Titre').fill(`${title} (révisé)`)
    await page.getByRole('button', { name: 'Mettre à jour' }).click()
    // The box's own progress is a status too: find the save's by its text.
    await expect(page.getByText('Article mis à jour avec succès').first()).toBeVisible()
    await issueSent(post.id, 'fr')
    expect(postMailsTo(smtp(), reader, title)).toHaveLength(1)

    const [mail] = postMailsTo(smtp(), reader, title)
    expect(header(mail!, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/[^>]+\/desabonnement\?token=[^>]+>$/,
    )
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(mail!.parsed.html || '').toContain(title)
    expect(mail!.parsed.text ?? '').toContain('Premier paragraphe')
  })

  test('the RFC 8058 one-click POST unsubscribes; the next post sends nothing to that address', async ({
    page,
    request,
    server,
    db: _db,
  }) => {
    test.slow() // two publications and their sends
    // Subscribed through the site: the server's secret makes the unsubscribe token (ADR 085).
    const reader = address('partante')
    await subscribe(page, '/blog', reader)
    await confirm(page, await confirmationLink(smtp(), reader))
    const other = await witness('fr')
    const first = await draft(`Avant le départ ${stamp()}`)
    await signInAdmin(page)
    await publishFrench(page, first.id)
    await expect.poll(() => postMailsTo(smtp(), reader, first.title).length, SEND_WAIT).toBe(1)
    const unsubscribe = /^<([^>]+)>$/.exec(
      header(postMailsTo(smtp(), reader, first.title)[0]!, 'List-Unsubscribe') ?? '',
    )?.[1]
    expect(unsubscribe, 'List-Unsubscribe URL').toBeTruthy()
    const url = new URL(unsubscribe!)
    expect(url.origin).toBe(server.url)

    // What a mail provider sends (RFC 8058): a POST from its own origin, no cookie.
    const res = await request.post(url.pathname + url.search, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.fournisseur.example',
      },
      data: 'List-Unsubscribe=One-Click',
      maxRedirects: 0,
    })
    expect(res.status()).toBeLessThan(300)
    const row = await getDb()
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', reader)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('unsubscribed')

    const second = await draft(`Après le départ ${stamp()}`)
    await publishFrench(page, second.id)
    await expect.poll(() => postMailsTo(smtp(), other, second.title).length, SEND_WAIT).toBe(1)
    await issueSent(second.id, 'fr')
    expect(postMailsTo(smtp(), reader, second.title)).toHaveLength(0)
    expect(mailsTo(smtp(), reader)).toHaveLength(2) // the confirmation and the first post
  })

  test('a post scheduled a little ahead is e-mailed at its time, once', async ({
    page,
    db: _db,
  }) => {
    test.slow() // the post waits for its time
    const reader = await witness('fr')
    const title = `Lettre programmée ${stamp()}`
    const post = await draft(title)
    await signInAdmin(page)
    await page.goto(`/admin/blog?edit=${post.id}`)
    const box = page.getByRole('group', { name: 'Lettre d’information' })
    await box.getByRole('checkbox', { name: 'Envoyer aux abonnés' }).check()
    await page.getByLabel('Statut', { exact: true }).selectOption('scheduled')
    // 12 s away, to the second, counted once the form is filled but for the date, so that only
    // the save stands between now and then: a datetime-local field holds seconds too, and the
    // server reads them (publishing.ts), so the test waits for no whole minute (ADRs 115, 126).
    const at = new Date(Math.ceil((Date.now() + 12_000) / 1000) * 1000)
    const seconds = at.getUTCSeconds()
    // A field normalises ":00" away: the minute alone then.
    const atValue =
      toParisInputValue(at.toISOString()) + (seconds ? `:${String(seconds).padStart(2, '0')}` : '')
    await page.getByLabel('Date de publication').fill(atValue)
    await page.getByRole('button', { name: 'Mettre à jour' }).click()
    await expect(page.getByText('Article mis à jour avec succès').first()).toBeVisible()

    // Saved before its time: nothing queued, nothing sent.
    if (Date.now() < at.getTime()) {
      const issue = await getDb()
        .selectFrom('newsletter_issues')
        .select('total')
        .where('postId', '=', post.id)
        .executeTakeFirst()
      expect(issue).toBeUndefined()
      expect(postMailsTo(smtp(), reader, title)).toHaveLength(0)
    }
    // At its time, with no other save: the scheduler's tick makes the issue and sends it.
    await expect.poll(() => postMailsTo(smtp(), reader, title).length, { timeout: 180_000 }).toBe(1)
    await issueSent(post.id, 'fr')
    const [mail] = postMailsTo(smtp(), reader, title)
    // Sent once the post was public, never before.
    expect(mail!.parsed.date!.getTime()).toBeGreaterThanOrEqual(at.getTime())
    // Another save of the now public post sends nothing more.
    await page.goto(`/admin/blog?edit=${post.id}`)
    await page.getByRole('button', { name: 'Mettre à jour' }).click()
    await expect(page.getByText('Article mis à jour avec succès').first()).toBeVisible()
    await issueSent(post.id, 'fr')
    expect(postMailsTo(smtp(), reader, title)).toHaveLength(1)
  })

  test('an address that never confirmed receives no post', async ({ page, db: _db }) => {
    test.slow() // subscribe, publish, wait for the send
    const pending = address('indecise')
    await subscribe(page, '/blog', pending)
    await confirmationLink(smtp(), pending)
    const other = await witness('fr')
    const post = await draft(`Sans confirmation ${stamp()}`)
    await signInAdmin(page)
    await publishFrench(page, post.id)
    await expect.poll(() => postMailsTo(smtp(), other, post.title).length, SEND_WAIT).toBe(1)
    await issueSent(post.id, 'fr')
    // Only the confirmation e-mail ever reached it.
    expect(mailsTo(smtp(), pending)).toHaveLength(1)
    expect(mailsTo(smtp(), pending)[0]!.parsed.subject).not.toContain(post.title)
  })

  test('a reader subscribed from /en/blog receives the English version only', async ({
    page,
    db: _db,
  }) => {
    test.slow() // subscribe, confirm, two publications
    const reader = address('reader')
    await subscribe(page, '/en/blog', reader)
    const link = await confirmationLink(smtp(), reader)
    expect(new URL(link).pathname).toBe('/en/abonnement/confirmer')
    await confirm(page, link, true)
    const french = await witness('fr')

    const frenchTitle = `Article bilingue ${stamp()}`
    const englishTitle = `Bilingual post ${stamp()}`
    const post = await draft(frenchTitle, englishTitle)
    await signInAdmin(page)
    await publishFrench(page, post.id)
    await expect.poll(() => postMailsTo(smtp(), french, frenchTitle).length, SEND_WAIT).toBe(1)
    await issueSent(post.id, 'fr')
    expect(mailsTo(smtp(), reader)).toHaveLength(1) // the confirmation only

    await publishEnglish(page, post.id, frenchTitle)
    await expect.poll(() => postMailsTo(smtp(), reader, englishTitle).length, SEND_WAIT).toBe(1)
    await issueSent(post.id, 'en')
    expect(postMailsTo(smtp(), french, englishTitle)).toHaveLength(0)
    expect(mailsTo(smtp(), french)).toHaveLength(1)
    expect(mailsTo(smtp(), reader)).toHaveLength(2)
    const [, mail] = mailsTo(smtp(), reader)
    expect(mail!.parsed.text ?? '').toContain('English')
    expect(header(mail!, 'List-Unsubscribe')).toMatch(/\/en\/desabonnement\?token=/)
  })
})

test('Abonnés: a Ghost CSV imported from the tab comes back in its CSV export', async ({
  page,
  db: _db,
}) => {
  const yes = address('ghost-oui')
  const no = address('ghost-non')
  await signInAdmin(page)
  await page.goto('/admin/subscribers')
  const form = page.getByRole('region', { name: 'Importer un fichier CSV' })
  await form
    .getByLabel('Ou collez le contenu du fichier')
    .fill(
      `email,name,created_at,subscribed_to_emails\n${yes},Oui,2024-03-01T10:00:00.000Z,true\n${no},Non,2024-03-02T10:00:00.000Z,false\n`,
    )
  await form.getByLabel('Source').selectOption('ghost')
  await form.getByRole('button', { name: 'Importer' }).click()
  await expect(page.getByText('2 adresses importées (1 confirmée selon le fichier)')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exporter en CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('abonnes.csv')
  const csv = readFileSync((await download.path())!, 'utf8')
  // Semicolon-separated with a BOM (the statistics' CSV writer); the free texts come last.
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/)
  const columns = lines[0]!.split(';')
  const row = (email: string) => {
    const line = lines.find((l) => l.startsWith(`${email};`))
    expect(line, `${email} in the export`).toBeTruthy()
    return Object.fromEntries(line!.split(';').map((v, i) => [columns[i], v]))
  }
  expect(row(yes)).toMatchObject({
    email: yes,
    langue: 'fr',
    statut: 'confirmed',
    source: 'ghost',
    consentement_le: '2024-03-01T10:00:00.000Z',
  })
  expect(row(no)).toMatchObject({ email: no, langue: 'fr', statut: 'pending', source: 'ghost' })
})

test('the CSV export is refused to a viewer and names no subscriber', async ({ page, db: _db }) => {
  // The tab's page and actions are in the authorisation matrix, which also probes every
  // route of app/routes.ts; the export's body is checked here.
  const email = address('secret')
  await importSubscribers([{ email, locale: 'fr', confirmed: true }], 'csv')
  await signIn(page, { role: 'viewer' })
  const res = await page.request.get('/api/subscribers/export', { maxRedirects: 0 })
  expect([302, 303, 403]).toContain(res.status())
  expect(await res.text()).not.toContain(email)
})
