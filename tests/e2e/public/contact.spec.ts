import { sql } from 'kysely'
import { getDb } from '#app/server/db/client.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { expectRed, servedWith, visit } from './helpers.ts'

const FAILURE = "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer."

async function fill(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel('Nom').fill('Jeanne Test')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Message').fill('Bonjour, ceci est un message de test.')
}

// Every test here posts the form from the same address, and the worker's server has counted
// the other specs' posts too: each test starts from a fresh window of the per-address limit
// (5 per 10 minutes, ADR 023), in memory on SQLite (a restart), in the rate_limit table on
// PostgreSQL (ADR 033). Without this a test could meet « Trop de messages » instead of its own
// refusal, depending on which specs the worker ran before.
test.beforeEach(async ({ server, db }) => {
  if (server.databaseUrl) await db.db.deleteFrom('rate_limit').execute()
  else await server.restart()
})

async function messagesFrom(email: string) {
  return getDb()
    .selectFrom('messages')
    .select(['status', 'name'])
    .where('email', '=', email)
    .execute()
}

test('contact: sending → sent, message stored as new, form cleared; cards from settings', async ({
  page,
  db: _db,
}) => {
  await updateSettings(
    makeSettings({
      contact: {
        email: 'ecrire@orbite.fr',
        phone: '06 11 22 33 44',
        address: '12 rue de la Paix, Lyon',
      },
    }),
  )
  await servedWith(page, '/contact', 'ecrire@orbite.fr')
  await visit(page, '/contact')
  await expect(page.getByTestId('contact-card-Téléphone').getByRole('link')).toHaveAttribute(
    'href',
    'tel:0611223344',
  )
  await expect(page.getByTestId('contact-card-E-mail').getByRole('link')).toHaveAttribute(
    'href',
    'mailto:ecrire@orbite.fr',
  )
  await expect(page.getByTestId('contact-card-Adresse').getByRole('link')).toHaveAttribute(
    'href',
    /maps\/search\/\?api=1&query=12%20rue%20de%20la%20Paix%2C%20Lyon/,
  )

  const email = `ok-${Date.now()}@exemple.fr`
  await fill(page, email)
  // Hold the request until the sending state has been checked (no race with a timer).
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/contact.data*', async (route) => {
    await held
    await route.continue()
  })
  const submit = page.getByRole('button', { name: 'Envoyer le message' })
  await submit.click()
  await expect(page.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled()
  await expect(page.getByTestId('contact-spinner')).toBeVisible()
  release()
  await expect(page.getByText('Message Envoyé!')).toBeVisible()
  await expect(page.getByLabel('Nom')).toHaveValue('')
  await expect(page.getByLabel('Message')).toHaveValue('')
  expect(await messagesFrom(email)).toEqual([{ status: 'new', name: 'Jeanne Test' }])
  // The send button was disabled while sending: the keyboard lands on the confirmation.
  await expect(page.getByRole('status').filter({ hasText: 'Message Envoyé!' })).toBeFocused()
})

test('contact: a field the server refuses gets the focus (the send button had lost it)', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  await visit(page, '/contact')
  await page.getByLabel('Nom').fill('Léa')
  // The browser accepts "a@b"; the server's rule does not.
  await page.getByLabel('E-mail').fill('a@b')
  await page.getByLabel('Message').fill('Bonjour')
  await page.getByRole('button', { name: 'Envoyer le message' }).press('Enter')
  await expect(page.getByText('Adresse e-mail invalide')).toBeVisible()
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await expect(page.getByLabel('Nom')).toHaveValue('Léa')
})

test('contact: no invented contact details (ADR 021); works without JavaScript', async ({
  page,
  browser,
  server,
  db: _db,
}) => {
  await updateSettings(makeSettings({ contact: { email: 'x@orbite.fr', phone: '', address: '' } }))
  await servedWith(page, '/contact', 'x@orbite.fr')
  await visit(page, '/contact')
  // ADR 021: an empty phone or address shows nothing, never sample data.
  await expect(page.getByTestId('contact-card-E-mail')).toContainText('x@orbite.fr')
  await expect(page.getByTestId('contact-card-Téléphone')).toHaveCount(0)
  await expect(page.getByTestId('contact-card-Adresse')).toHaveCount(0)
  await expect(page.getByText('+33 1 23 45 67 89')).toHaveCount(0)
  await expect(page.getByText('Paris, France')).toHaveCount(0)

  const context = await browser.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await noJs.goto(`${server.url}/contact`)
  const email = `nojs-${Date.now()}@exemple.fr`
  await fill(noJs, email)
  await noJs.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(noJs.getByText('Message Envoyé!')).toBeVisible()
  await context.close()
  expect(await messagesFrom(email)).toHaveLength(1)
})

test('contact: server failure keeps the form and shows the error in red', async ({ page, db }) => {
  await visit(page, '/contact')
  const email = `fail-${Date.now()}@exemple.fr`
  await fill(page, email)
  allowConsoleError(page, /status of 500/)
  await sql`ALTER TABLE messages RENAME TO messages_hors_service`.execute(db.db)
  try {
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toHaveText(FAILURE)
    await expectRed(alert)
    await expect(page.getByLabel('E-mail')).toHaveValue(email)
    await expect(page.getByLabel('Message')).toHaveValue('Bonjour, ceci est un message de test.')
  } finally {
    await sql`ALTER TABLE messages_hors_service RENAME TO messages`.execute(db.db)
  }
  expect(await messagesFrom(email)).toHaveLength(0)
})

test('contact: a send lost on the network keeps the page and the form, with the error in red', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/contact')
  const email = `hors-ligne-${Date.now()}@exemple.fr`
  await fill(page, email)
  // Offline: every data request of the page fails (the POST, and a reload of its data).
  allowConsoleError(page, /Failed to load resource/)
  await page.route('**/contact.data*', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Envoyer le message' }).click()

  const alert = page.getByRole('alert')
  await expect(alert).toHaveText(FAILURE)
  await expectRed(alert)
  await expect(page.getByRole('heading', { name: 'Parlons de votre projet' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Une erreur est survenue' })).toHaveCount(0)
  await expect(page.getByLabel('Nom')).toHaveValue('Jeanne Test')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.getByLabel('Message')).toHaveValue('Bonjour, ceci est un message de test.')
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled()
  expect(await messagesFrom(email)).toHaveLength(0)

  // Back online, the kept message goes out as typed.
  await page.unroute('**/contact.data*')
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(page.getByText('Message Envoyé!')).toBeVisible()
  expect(await messagesFrom(email)).toEqual([{ status: 'new', name: 'Jeanne Test' }])
})

test('contact: validation, honeypot and per-address rate limit store nothing', async ({
  request,
  server,
  db,
}) => {
  // The window is fresh (beforeEach).
  const invalid = await request.post('/contact', {
    form: { name: '', email: 'pas-un-email', message: '' },
  })
  expect(invalid.status()).toBe(400)
  const html = await invalid.text()
  expect(html).toContain('Le nom est requis')
  expect(html).toContain('Adresse e-mail invalide')

  const bot = `bot-${Date.now()}@exemple.fr`
  const trapped = await request.post('/contact', {
    form: { name: 'Bot', email: bot, message: 'Spam', website: 'http://spam.example' },
  })
  expect(trapped.status()).toBe(200)
  expect(await messagesFrom(bot)).toHaveLength(0)

  // 5 per window (2 used above); the 6th attempt is refused with a French message.
  const email = `flood-${Date.now()}@exemple.fr`
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/contact', {
      form: { name: 'Flot', email, message: `Message ${i}` },
    })
    expect(res.status()).toBe(200)
  }
  const refused = await request.post('/contact', {
    form: { name: 'Flot', email, message: 'Un de trop' },
  })
  expect(refused.status()).toBe(429)
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(60)
  expect(await refused.text()).toContain('Trop de messages envoyés depuis votre adresse')
  expect(await messagesFrom(email)).toHaveLength(3)
  await server.restart()
  if (server.databaseUrl) await db.db.deleteFrom('rate_limit').execute()
})
