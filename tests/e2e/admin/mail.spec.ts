// Outgoing e-mail in the hub (ADR 019): replies reach a real SMTP server, the inbox says
// 'Envoyée le' only once it accepted them, a 550 shows 'Échec de l'envoi' and 'Réessayer',
// Paramètres › E-mails lists the outbox and test-sends, the Messages tab counts unread.
import { getDb } from '#app/server/db/client.server.ts'
import { enqueueEmail } from '#app/server/mail/outbox.server.ts'
import { DEMO_PROFILE, DEMO_SETTINGS } from '#app/server/demo/content.server.ts'
import { makeMessage } from '#app/server/demo/factories.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import { saveProfile } from '#app/server/repositories/profile.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { signIn, uniqueEmail } from '../../fixtures/auth.ts'
import type { Page } from '@playwright/test'

const detail = (page: Page) => page.locator('section[aria-labelledby="message-detail-title"]')
const nav = (page: Page) => page.getByRole('navigation', { name: "Onglets d'administration" })

async function reply(page: Page, messageId: string, text: string) {
  await page.goto(`/admin/messages?id=${messageId}`)
  await detail(page).getByPlaceholder('Écrivez votre réponse...').fill(text)
  await detail(page).getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
}

async function replyStatus(messageId: string) {
  const row = await getDb()
    .selectFrom('outbox')
    .select('status')
    .where('relatedMessageId', '=', messageId)
    .where('kind', '=', 'reply')
    .executeTakeFirst()
  return row?.status
}

test.describe('without SMTP (the default)', () => {
  test('the reply is saved, says it did not leave; E-mails says so; unread count on the tab', async ({
    page,
    db: _db,
  }) => {
    await getDb().deleteFrom('messages').execute()
    await getDb().deleteFrom('outbox').execute()
    const first = await createMessage(makeMessage({ name: 'Inès Sansmail' }))
    await createMessage(makeMessage({ name: 'Hugo Second' }))
    await signInAdmin(page)
    await page.goto('/admin/profile')
    const tab = nav(page).getByRole('link', { name: 'Messages', exact: true })
    await expect(tab).toHaveAccessibleDescription('2 non lus')
    await reply(page, first.id, 'Merci, je vous réponds vite.')
    await expect(page.getByRole('alert')).toContainText(
      "Réponse enregistrée, mais non envoyée : l'envoi d'e-mails n'est pas configuré.",
    )
    // The replied message is no longer 'new'.
    await expect(tab).toHaveAccessibleDescription('1 non lu')
    await page.goto(`/admin/messages?id=${first.id}`)
    await expect(detail(page)).toContainText('Merci, je vous réponds vite.')
    await expect(detail(page)).toContainText("Non envoyée : l'envoi d'e-mails n'est pas configuré.")

    await openAdminTab(page, 'Paramètres')
    await page.getByRole('link', { name: 'E-mails' }).click()
    await expect(page.getByRole('heading', { name: 'Paramètres › E-mails' })).toBeVisible()
    await expect(page.getByText("L'envoi d'e-mails n'est pas configuré")).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: 'Réponse à votre message' })
    await expect(row).toContainText('Non configuré')
    await expect(row).toContainText(first.email)
  })
})

test('Paramètres › E-mails refuses its actions to anyone but an active admin', async ({
  page,
  server,
  db: _db,
}) => {
  await getDb().deleteFrom('outbox').execute()
  await signIn(page, { role: 'editor' })
  const forms: Array<Record<string, string>> = [
    { intent: 'test', to: 'cible@exemple.fr' },
    { intent: 'save-settings', alertsEnabled: 'false' },
    { intent: 'retry', id: 'x' },
  ]
  for (const form of forms) {
    const res = await page.request.post('/admin/settings/emails', {
      form,
      headers: { origin: server.url },
      maxRedirects: 0,
    })
    expect([302, 303, 403]).toContain(res.status())
  }
  expect(await getDb().selectFrom('outbox').select('id').execute()).toHaveLength(0)
  expect(
    await getDb().selectFrom('settings').select('id').where('id', '=', 'mail').execute(),
  ).toHaveLength(0)
})

test.describe('with a real SMTP server', () => {
  const smtp = useRealSmtp('Atelier <site@exemple.fr>')

  test.beforeEach(() => {
    smtp().received.length = 0
    smtp().rejectWith = undefined
  })

  test('a reply reaches the visitor; Envoyée le once the server accepted it', async ({
    page,
    db: _db,
  }) => {
    const message = await createMessage(
      makeMessage({ name: 'Jules Visiteur', email: 'jules@exemple.fr', message: 'Un devis ?' }),
    )
    await signInAdmin(page)
    // The form says what the e-mail adds around the reply (no second greeting).
    await page.goto(`/admin/messages?id=${message.id}`)
    await expect(page.getByRole('textbox', { name: 'Votre réponse' })).toHaveAccessibleDescription(
      /commence par « Bonjour Jules Visiteur, » et cite son message/,
    )
    await reply(page, message.id, 'Avec plaisir, voici mon devis.')
    // Mail queued by earlier tests of this worker may leave too, once SMTP is configured.
    const toJules = () => smtp().received.filter((m) => m.envelope.to.includes('jules@exemple.fr'))
    await expect.poll(() => toJules().length).toBe(1)
    const [mail] = toJules()
    expect(mail!.envelope.to).toEqual(['jules@exemple.fr'])
    expect(mail!.parsed.from?.value).toEqual([{ address: 'site@exemple.fr', name: 'Atelier' }])
    expect(mail!.parsed.text).toContain('Avec plaisir, voici mon devis.')
    expect(mail!.parsed.text).toContain('> Un devis ?')
    await expect.poll(() => replyStatus(message.id)).toBe('sent')
    await page.goto(`/admin/messages?id=${message.id}`)
    await expect(detail(page)).toContainText('Envoyée le')
  })

  test('550: Échec de l’envoi with the server answer, Réessayer delivers it', async ({
    page,
    db: _db,
  }) => {
    smtp().rejectWith = { code: 550, message: 'Mailbox unavailable' }
    const message = await createMessage(makeMessage({ name: 'Nora Rebond' }))
    await signInAdmin(page)
    await reply(page, message.id, 'Bonjour Nora.')
    await expect.poll(() => replyStatus(message.id)).toBe('failed')
    await page.goto(`/admin/messages?id=${message.id}`)
    await expect(detail(page)).toContainText("Échec de l'envoi")
    await expect(detail(page)).toContainText('550 Mailbox unavailable')
    await expect(detail(page)).not.toContainText('Envoyée le')

    // The outbox in Paramètres › E-mails shows the same error.
    await page.goto('/admin/settings/emails')
    const row = page.getByRole('row').filter({ hasText: message.email })
    await expect(row).toContainText("Échec de l'envoi")
    await expect(row).toContainText('550 Mailbox unavailable')
    // Its button says which e-mail it sends again.
    await expect(row.getByRole('button')).toHaveAccessibleName(
      /^Réessayer : Réponse à votre message/,
    )

    smtp().rejectWith = undefined
    await page.goto(`/admin/messages?id=${message.id}`)
    await detail(page).getByRole('button', { name: 'Réessayer' }).click()
    await smtp().waitFor(1)
    await expect
      .poll(async () => {
        await page.reload()
        return (await detail(page).textContent()) ?? ''
      })
      .toContain('Envoyée le')
    expect(smtp().received).toHaveLength(1)
  })

  test('while the site shows the demo identity: alerts to the admins, Reply-To the replying admin, a hub notice', async ({
    page,
    db: _db,
  }) => {
    // The demo's settings and profile as seeded (ADR 070); no alert address of its own.
    await getDb().deleteFrom('settings').where('id', '=', 'mail').execute()
    const saved = await Promise.all(
      (['settings', 'profile'] as const).map(async (table) => ({
        table,
        rows: await getDb().selectFrom(table).selectAll().where('id', '=', 'main').execute(),
      })),
    )
    const restore = async () => {
      for (const { table, rows } of saved) {
        await getDb().deleteFrom(table).where('id', '=', 'main').execute()
        if (rows.length) await getDb().insertInto(table).values(rows).execute()
      }
    }
    await updateSettings(DEMO_SETTINGS)
    await saveProfile(DEMO_PROFILE)
    try {
      const admin = await signInAdmin(page)
      await page.goto('/admin/messages')
      const notice = page.getByRole('region', { name: 'Contenu de démonstration' })
      await expect(notice).toContainText('Camille Laurent, une personne fictive')
      await expect(notice.getByRole('link', { name: 'Renseigner votre profil' })).toBeVisible()

      await page.goto('/contact')
      await page.getByLabel('Nom', { exact: true }).fill('Nina Visiteuse')
      await page.getByLabel('E-mail').fill('nina@exemple.fr')
      await page.getByLabel('Message').fill('Bonjour, une question.')
      await page.getByRole('button', { name: 'Envoyer le message' }).click()
      await expect(page.getByText('Message Envoyé!')).toBeVisible()
      await expect.poll(() => smtp().received.flatMap((m) => m.envelope.to)).toContain(admin.email)
      const alerts = smtp().received.filter((m) =>
        /^Nouveau message de Nina/.test(m.parsed.subject ?? ''),
      )
      for (const mail of alerts) expect(mail.envelope.to[0]).not.toContain('camille-laurent.fr')

      const message = await getDb()
        .selectFrom('messages')
        .select('id')
        .where('email', '=', 'nina@exemple.fr')
        .executeTakeFirstOrThrow()
      smtp().received.length = 0
      await reply(page, message.id, 'Merci, je vous réponds vite.')
      // The alerts to the worker's other admins may still be arriving: the reply is the mail to
      // the visitor, and its envelope names her alone.
      const toNina = () => smtp().received.filter((m) => m.envelope.to.includes('nina@exemple.fr'))
      await expect.poll(() => toNina().length).toBe(1)
      const [mail] = toNina()
      expect(mail!.envelope.to).toEqual(['nina@exemple.fr'])
      expect(mail!.parsed.replyTo?.value).toEqual([{ address: admin.email, name: '' }])
      expect(mail!.raw).not.toContain('camille-laurent.fr')

      // Once the profile and the contact details are the owner's, the notice goes.
      await updateSettings({
        ...DEMO_SETTINGS,
        contact: { email: 'moi@exemple.fr', phone: '01 02 03 04 05' },
      })
      await saveProfile({
        ...DEMO_PROFILE,
        name: 'Alex Martin',
        email: 'moi@exemple.fr',
        phone: '',
      })
      await page.goto('/admin/messages')
      await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
      await expect(notice).toHaveCount(0)
    } finally {
      await restore()
    }
  })

  test('E-mails: alert settings, test send, outbox status', async ({ page, db: _db }) => {
    // The refused save answers 400 on purpose.
    allowConsoleError(page, /status of 400/)
    const admin = await signInAdmin(page)
    await page.goto('/admin/settings/emails')
    await expect(page.getByText('Envoi configuré')).toBeVisible()
    await page.getByLabel('Adresse des alertes').fill('pas-une-adresse')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByText('Adresse e-mail invalide')).toBeVisible()
    await page.getByLabel('Adresse des alertes').fill('alertes@exemple.fr')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Réglages des e-mails enregistrés' }),
    ).toBeVisible()
    await expect(page.getByLabel('Adresse des alertes')).toHaveValue('alertes@exemple.fr')

    await expect(page.getByLabel("Destinataire de l'essai")).toHaveValue(admin.email)
    await page.getByRole('button', { name: "Envoyer un e-mail d'essai" }).click()
    const [mail] = await smtp().waitFor(1)
    expect(mail!.envelope.to).toEqual([admin.email])
    expect(mail!.parsed.subject).toMatch(/^E-mail d'essai — /)
    await expect
      .poll(async () => {
        await page.reload()
        return (
          (await page
            .getByRole('row')
            .filter({ hasText: "E-mail d'essai" })
            .first()
            .textContent()) ?? ''
        )
      })
      .toContain('Envoyé le')
    // The screen with a sent row, a form and the alert settings has no axe violation.
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])

    // A new contact message alerts the configured address.
    await page.goto('/contact')
    await page.getByLabel('Nom', { exact: true }).fill('Paul Alerte')
    await page.getByLabel('E-mail').fill('paul@exemple.fr')
    await page.getByLabel('Message').fill('Bonjour, une question.')
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect(page.getByText('Message Envoyé!')).toBeVisible()
    const mails = await smtp().waitFor(2)
    expect(mails[1]!.envelope.to).toEqual(['alertes@exemple.fr'])
    expect(mails[1]!.parsed.subject).toMatch(/^Nouveau message de Paul Alerte — /)

    // An e-mail written to leave later (a digest) says when, not just "En attente".
    const later = new Date(Date.now() + 3_600_000).toISOString()
    await enqueueEmail(
      getDb(),
      {
        kind: 'digest',
        to: { address: 'alertes@exemple.fr' },
        subject: '7 nouveaux messages — Atelier',
        html: '<p>7</p>',
        text: '7',
        notBefore: later,
      },
      { configured: true },
    )
    await page.goto('/admin/settings/emails')
    const digestRow = page.getByRole('row').filter({ hasText: '7 nouveaux messages' })
    await expect(digestRow.getByText('Envoi prévu le').locator('time')).toHaveAttribute(
      'dateTime',
      later,
    )
  })

  test('Réessayer from the second page of the outbox comes back to that page', async ({
    page,
    db: _db,
  }) => {
    const email = (subject: string, createdAt: Date, configured: boolean) =>
      enqueueEmail(
        getDb(),
        { kind: 'test', to: { address: 'a@exemple.fr' }, subject, html: '<p>x</p>', text: 'x' },
        { configured, now: createdAt },
      )
    const old = await email('Le plus ancien', new Date(Date.now() - 86_400_000), true)
    await getDb()
      .updateTable('outbox')
      .set({ status: 'failed', lastError: '550 Non' })
      .where('id', '=', old.id)
      .execute()
    for (let i = 0; i < 20; i++) await email(`Récent ${i}`, new Date(), false)
    await signInAdmin(page)
    await page.goto('/admin/settings/emails?page=2')
    const row = page.getByRole('row').filter({ hasText: 'Le plus ancien' })
    await row.getByRole('button', { name: /^Réessayer : Le plus ancien/ }).click()
    await expect(
      page.getByRole('status').filter({ hasText: "L'e-mail est de nouveau dans la file d'envoi." }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/settings\/emails\?page=2$/)
    // Nothing left waiting for the next tests (a restart would send them).
    await smtp().waitFor(1)
    await getDb().deleteFrom('outbox').where('subject', 'like', 'Récent %').execute()
  })

  test('creating a user e-mails the invitation link, which the banner still shows to copy', async ({
    page,
    db: _db,
  }) => {
    await signInAdmin(page)
    await openAdminTab(page, 'Utilisateurs')
    const email = uniqueEmail('invite-mail')
    await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
    await page.getByLabel('Nom', { exact: true }).fill('Léa Invitée')
    await page.getByLabel('Adresse e-mail').fill(email)
    // E-mail is configured on this server: the box starts checked.
    await expect(page.getByLabel("Envoyer l'invitation par e-mail")).toBeChecked()
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
    const banner = page.getByRole('status').filter({ hasText: 'Utilisateur créé.' })
    await expect(banner).toContainText(`L'invitation part par e-mail à ${email}`)
    const link = await banner.getByLabel('Lien à transmettre').inputValue()
    const [mail] = await smtp().waitFor(1)
    expect(mail!.envelope.to).toEqual([email])
    expect(mail!.parsed.subject).toMatch(/^Invitation à rejoindre /)
    expect(mail!.parsed.text).toContain(link)
    expect(mail!.parsed.html).toContain(link)
  })

  test('a restart between queueing and sending delivers the reply exactly once', async ({
    page,
    server,
    db: _db,
  }) => {
    // The mail server answers 451 (temporary): the reply waits in the outbox.
    smtp().rejectWith = { code: 451, message: 'Greylisted, try again later' }
    const message = await createMessage(makeMessage({ name: 'Rémi Redémarrage' }))
    await signInAdmin(page)
    await reply(page, message.id, 'Bonjour Rémi.')
    const waiting = async () =>
      getDb()
        .selectFrom('outbox')
        .select(['status', 'attempts', 'lastError'])
        .where('relatedMessageId', '=', message.id)
        .executeTakeFirst()
    await expect.poll(async () => (await waiting())?.attempts).toBe(1)
    expect(await waiting()).toMatchObject({ status: 'queued' })
    await page.goto(`/admin/messages?id=${message.id}`)
    await expect(detail(page)).toContainText('Envoi en attente')
    await expect(detail(page)).toContainText('451 Greylisted, try again later')
    await expect(detail(page).getByRole('button', { name: 'Réessayer' })).toBeVisible()
    // The server restarts while the e-mail waits; the mail server now accepts. The page is
    // closed first: a request it made while the server is down would fail in its console.
    await page.goto('about:blank')
    smtp().rejectWith = undefined
    await server.restart({ SMTP_URL: smtp().url, MAIL_FROM: 'Atelier <site@exemple.fr>' })
    await smtp().waitFor(1)
    await expect.poll(async () => (await waiting())?.status).toBe('sent')
    expect(smtp().received).toHaveLength(1)
    expect(smtp().received[0]!.envelope.to).toEqual([message.email])
  })
})
