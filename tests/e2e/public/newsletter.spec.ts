// ADR 085 in the browser, with a real SMTP server: subscribe from a blog page, receive one
// confirmation e-mail, confirm with its link, then leave with the unsubscribe page and come back.
import { getDb } from '#app/server/db/client.server.ts'
import { hashToken, unsubscribeToken } from '#app/server/repositories/newsletter.server.ts'
import { TEST_AUTH_SECRET, uniqueEmail } from '../../fixtures/auth.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { test, expect } from '../../fixtures/test.ts'

const smtp = useRealSmtp('site@exemple.fr')

const confirmLinkIn = (text: string | undefined) =>
  /http:\/\/\S+\/abonnement\/confirmer\?token=\S+/.exec(text ?? '')?.[0]

test('subscribe on /blog, one confirmation e-mail, confirm, unsubscribe, resubscribe', async ({
  page,
  db: _db,
}) => {
  test.slow()
  smtp().received.length = 0
  const email = uniqueEmail('lecteur')
  await page.goto('/blog')
  const form = page.getByRole('region', { name: 'Recevoir les nouveaux articles' })
  await form.getByLabel('Adresse e-mail').fill(email)
  await form.getByRole('button', { name: 'S’abonner' }).click()
  await expect(form.getByRole('status')).toContainText('un e-mail de confirmation')
  // The same answer again, and still one e-mail: at most one a day.
  await form.getByRole('button', { name: 'S’abonner' }).click()
  await expect(form.getByRole('status')).toContainText('un e-mail de confirmation')

  const [mail] = await smtp().waitFor(1)
  expect(mail!.envelope.to).toEqual([email])
  expect(mail!.parsed.subject).toContain('Confirmez votre abonnement')
  const link = confirmLinkIn(mail!.parsed.text)
  expect(link).toBeTruthy()

  await page.goto(link!.replace(/^http:\/\/[^/]+/, ''))
  await page.getByRole('button', { name: 'Confirmer mon abonnement' }).click()
  await expect(page.getByRole('status')).toContainText('Abonnement confirmé')
  await expect(page.getByRole('status')).toContainText('Se désabonner')

  const row = await getDb()
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(row.status).toBe('confirmed')
  await page.goto(`/desabonnement?token=${unsubscribeToken(row, TEST_AUTH_SECRET)}`)
  await page.getByRole('button', { name: 'Se désabonner' }).click()
  await expect(page.getByRole('status')).toContainText('Vous êtes désabonné')
  await page.getByRole('button', { name: 'Se réabonner' }).click()
  await expect(page.getByRole('status')).toContainText('de nouveau abonné')
  expect(smtp().received).toHaveLength(1)
})

test('the one-click POST of RFC 8058 from another origin unsubscribes', async ({
  request,
  db: _db,
}) => {
  await insertConfirmedSubscriber()
  const row = await getDb()
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', 'oneclick@exemple.fr')
    .executeTakeFirstOrThrow()
  const response = await request.post(
    `/desabonnement?token=${unsubscribeToken(row, TEST_AUTH_SECRET)}`,
    {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.google.com',
      },
      data: 'List-Unsubscribe=One-Click',
    },
  )
  expect(response.status()).toBe(200)
  const after = await getDb()
    .selectFrom('newsletter_subscribers')
    .select('status')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  expect(after.status).toBe('unsubscribed')
})

/** A confirmed subscriber made directly in the database (the form is covered above). */
async function insertConfirmedSubscriber() {
  const now = new Date().toISOString()
  await getDb()
    .insertInto('newsletter_subscribers')
    .values({
      id: 'oneclick-subscriber',
      email: 'oneclick@exemple.fr',
      locale: 'fr',
      status: 'confirmed',
      source: 'form',
      consentAt: now,
      consentPage: '/blog',
      consentText: 'J’accepte.',
      consentIp: '127.0.0.0',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmSentAt: now,
      unsubscribeSalt: 'sel-de-test',
      unsubscribeTokenHash: hashToken(
        unsubscribeToken(
          { id: 'oneclick-subscriber', unsubscribeSalt: 'sel-de-test' },
          TEST_AUTH_SECRET,
        ),
      ),
      confirmedAt: now,
      unsubscribedAt: null,
      rejectedReason: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
}
