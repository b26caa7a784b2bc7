// Contact from the English site (ADR 075): the message is marked English in the inbox, the
// visitor's reply goes out in English through a real SMTP server, the owner's alert in French.
import type { Page } from '@playwright/test'
import { getDb } from '#app/server/db/client.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

const detail = (page: Page) => page.locator('section[aria-labelledby="message-detail-title"]')

const smtp = useRealSmtp('Atelier <site@exemple.fr>')

test('English contact: English form and refusals, marked English, English reply, French alert', async ({
  page,
  db: _db,
}) => {
  await updateSettings(makeSettings({ contact: { email: 'proprietaire@exemple.fr' } }))
  smtp().received.length = 0
  // The refused send below is a 400.
  allowConsoleError(page, /status of 400/)
  await visit(page, '/en/contact')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's talk about your project")
  // A refusal in English, each field's too.
  await page.getByRole('button', { name: 'Send the message' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please correct the fields marked.')
  await expect(page.getByText('Please enter your name (at most 200 characters).')).toBeVisible()

  const email = `visitor-${Date.now()}@example.com`
  await page.getByLabel('Name').fill('Grace Visitor')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Message').fill('Hello, could we talk about a project?')
  await page.getByRole('button', { name: 'Send the message' }).click()
  await expect(page.getByText('Message Sent!')).toBeVisible()
  const stored = await getDb()
    .selectFrom('messages')
    .select(['id', 'locale'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(stored.locale).toBe('en')

  // The owner's alert stays French.
  const [alert] = await smtp().waitFor(1)
  expect(alert!.parsed.subject).toMatch(/^Nouveau message de Grace Visitor/)

  await signInAdmin(page)
  await page.goto(`/admin/messages?id=${stored.id}`)
  await expect(detail(page).getByTestId('message-english')).toHaveText('Anglais')
  await detail(page).getByPlaceholder('Écrivez votre réponse...').fill('Of course, let us talk.')
  await detail(page).getByRole('button', { name: 'Envoyer la réponse' }).click()
  const mails = await smtp().waitFor(2)
  const reply = mails.find((m) => m.envelope.to.includes(email))!
  expect(reply.parsed.subject).toMatch(/^Reply to your message — /)
  expect(reply.parsed.text).toContain('Hello Grace Visitor,')
  expect(reply.parsed.text).toContain('Of course, let us talk.')
  expect(reply.parsed.text).toContain('Your message of ')
  expect(reply.parsed.text).not.toContain('Bonjour')
  expect(String(reply.parsed.html)).toContain('lang="en"')
})
