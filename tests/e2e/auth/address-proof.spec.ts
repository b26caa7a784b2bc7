// ADR 082 in the browser, with a real SMTP server: a password sign-up is « Adresse à confirmer »
// until the link from the e-mail is opened; until then the data download holds none of the
// contact messages sent with that address; « Mon compte » sends the link again.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { createMessage, replyToMessage } from '#app/server/repositories/messages.server.ts'
import { uniqueEmail } from '../../fixtures/auth.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { test, expect } from '../../fixtures/test.ts'

const smtp = useRealSmtp('site@exemple.fr')

async function register(page: Page, email: string) {
  await page.goto('/register')
  await page.getByLabel('Nom').fill('Thomas Girard')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Code quantique', { exact: true }).fill('motdepasse')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('motdepasse')
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(page).toHaveURL(/\/$/)
}

async function download(page: Page) {
  await page.goto('/compte')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger mes données' }).click()
  const file = await (await downloading).path()
  return JSON.parse(readFileSync(file!, 'utf8')) as {
    contactMessages: { message: string; reply: { content: string } | null }[]
    contactMessagesNote?: string
  }
}

const verifyLinkIn = (text: string | undefined) =>
  /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text ?? '')?.[0]

test('register, « Adresse à confirmer », the link from the e-mail, then the messages', async ({
  page,
  db: _db,
}) => {
  test.slow() // sign-up, an e-mail through SMTP, two downloads
  smtp().received.length = 0
  const email = uniqueEmail('visiteur')
  const message = await createMessage({
    name: 'Thomas Girard',
    email,
    message: 'Voici mon numéro personnel : 06 12 34 56 78.',
  })
  await replyToMessage(message.id, 'Merci, je vous rappelle demain.')

  await register(page, email)
  await page.goto('/compte')
  await expect(page.getByText('Adresse à confirmer', { exact: true }).first()).toBeVisible()

  const before = await download(page)
  expect(before.contactMessages).toEqual([])
  expect(before.contactMessagesNote).toMatch(/une fois votre adresse confirmée/)
  expect(JSON.stringify(before)).not.toContain('06 12 34 56 78')

  const [mail] = await smtp().waitFor(1)
  expect(mail!.envelope.to).toEqual([email])
  expect(mail!.parsed.subject).toMatch(/^Confirmez votre adresse e-mail/)
  const link = verifyLinkIn(mail!.parsed.text)
  expect(link).toBeTruthy()

  await page.goto(link!)
  await expect(page).toHaveURL(/\/compte\/adresse$/)
  await expect(page.getByRole('status')).toContainText('Votre adresse e-mail est confirmée.')
  await page.getByRole('link', { name: 'Aller à « Mon compte »' }).click()
  await expect(page.getByText('Adresse confirmée', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Renvoyer le lien de confirmation' })).toHaveCount(
    0,
  )

  const after = await download(page)
  expect(after.contactMessages).toHaveLength(1)
  expect(after.contactMessages[0]?.message).toContain('06 12 34 56 78')
  expect(after.contactMessages[0]?.reply?.content).toBe('Merci, je vous rappelle demain.')

  // The link served its purpose: opened again, it changes nothing and says it is confirmed.
  await page.goto(link!)
  await expect(page).toHaveURL(/\/compte\/adresse$/)
})

test('« Mon compte » sends the link again; a broken link says so in French', async ({
  page,
  db: _db,
}) => {
  smtp().received.length = 0
  const email = uniqueEmail('renvoi')
  await register(page, email)
  await smtp().waitFor(1)
  await page.goto('/compte')
  await page.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click()
  await expect(page.getByText(/Un lien de confirmation vient de vous être envoyé/)).toBeVisible()
  const mails = await smtp().waitFor(2)
  expect(mails.every((m) => m.envelope.to[0] === email)).toBe(true)

  await page.goto('/api/auth/verify-email?token=faux&callbackURL=%2Fcompte%2Fadresse')
  await expect(page).toHaveURL(/\/compte\/adresse\?error=/)
  await expect(page.getByRole('status')).toContainText('Ce lien de confirmation n’est plus valable')
  await page.goto('/compte')
  await expect(page.getByText('Adresse à confirmer', { exact: true }).first()).toBeVisible()
})
