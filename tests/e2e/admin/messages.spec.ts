// Admin › Messages (list, message states, the non-empty reply rule).
import { MESSAGE_DELETE_QUESTION } from '#app/domain/message.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeMessage } from '#app/server/demo/factories.server.ts'
import {
  archiveMessage,
  countMessagesByStatus,
  createMessage,
  getMessage,
  markMessageRead,
} from '#app/server/repositories/messages.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { deleteItem, expectActivity, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import type { Page } from '@playwright/test'

const frenchDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso))

const filters = (page: Page) => page.getByRole('navigation', { name: 'Filtrer les messages' })
const list = (page: Page) => page.getByRole('list', { name: 'Messages' })
const detail = (page: Page) => page.locator('section[aria-labelledby="message-detail-title"]')

test('inbox: empty texts, filters with counts, list content, badge colours, pagination', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('messages').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Messages')
  await expect(list(page)).toHaveCount(0)
  await expect(page.getByText('Aucun message à afficher.')).toBeVisible()
  await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
  await expect(filters(page).getByRole('link', { name: 'Tous (0)' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Newest first is by creation time to the millisecond: two messages written in the same
  // millisecond tie (then the random id decides), so each waits for the clock to move on.
  const fresh = await createMessage(makeMessage({ name: 'Alice Nouvelle' }))
  await nextMillisecond()
  const read = await createMessage(makeMessage({ name: 'Bruno Lu' }))
  await markMessageRead(read.id)
  await nextMillisecond()
  const archived = await createMessage(
    makeMessage({ name: 'Chloé Archivée', message: 'Ligne 1\nLigne 2\nLigne 3\nLigne 4' }),
  )
  await archiveMessage(archived.id)
  await page.reload()

  for (const name of ['Tous (3)', 'Nouveaux (1)', 'Lus (1)', 'Répondus (0)', 'Archivés (1)']) {
    await expect(filters(page).getByRole('link', { name, exact: true })).toBeVisible()
  }
  // Newest first; each row shows name, e-mail, badge, excerpt and the French date.
  const rows = list(page).getByRole('listitem')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('Chloé Archivée')
  const first = rows.filter({ hasText: 'Alice Nouvelle' })
  await expect(first).toContainText(fresh.email)
  await expect(first).toContainText(fresh.message)
  await expect(first).toContainText(frenchDateTime(fresh.createdAt))
  await expect(first).toContainText(/\d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}/u)
  // Badge colours: new accent, read secondary, archived grey.
  const badge = (row: ReturnType<typeof rows.filter>) => row.locator('[data-status]')
  await expect(badge(first)).toHaveText('Nouveau')
  await expect(badge(first)).toHaveCSS('background-color', 'rgb(155, 89, 182)')
  await expect(badge(rows.filter({ hasText: 'Bruno Lu' }))).toHaveText('Lu')
  await expect(badge(rows.filter({ hasText: 'Bruno Lu' }))).toHaveCSS(
    'background-color',
    'rgb(64, 224, 208)',
  )
  await expect(badge(rows.filter({ hasText: 'Chloé Archivée' }))).toHaveText('Archivé')
  await expect(badge(rows.filter({ hasText: 'Chloé Archivée' }))).toHaveCSS(
    'background-color',
    'rgb(113, 113, 122)',
  )
  // Excerpt clamped to two lines.
  await expect(rows.filter({ hasText: 'Chloé Archivée' }).locator('.line-clamp-2')).toHaveCSS(
    '-webkit-line-clamp',
    '2',
  )

  // Filters: the URL carries the status; an empty filter shows the empty text.
  await filters(page).getByRole('link', { name: 'Répondus (0)' }).click()
  await expect(page).toHaveURL(/status=replied/)
  await expect(page.getByText('Aucun message à afficher.')).toBeVisible()
  await filters(page).getByRole('link', { name: 'Archivés (1)' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Chloé Archivée')
  await filters(page).getByRole('link', { name: 'Nouveaux (1)' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Alice Nouvelle')

  // Server-side pagination: 20 per page, page in the URL.
  for (let i = 0; i < 20; i++) await createMessage(makeMessage({ name: `Lot ${i}` }))
  await filters(page).getByRole('link', { name: /^Tous/ }).click()
  await expect(filters(page).getByRole('link', { name: 'Tous (23)' })).toBeVisible()
  await expect(rows).toHaveCount(20)
  const pager = page.getByRole('navigation', { name: 'Pagination des messages' })
  await expect(pager).toContainText('Page 1 sur 2')
  await pager.getByRole('link', { name: 'Suivant' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(rows).toHaveCount(3)
  await expect(rows.last()).toContainText('Alice Nouvelle')
})

test('detail: mark as read only from new, archive, delete after confirmation', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page)
  const message = await createMessage(
    makeMessage({
      name: 'Denis Détail',
      message: 'Premier paragraphe.\nSecond paragraphe complet.',
    }),
  )
  const before = await countMessagesByStatus()
  await openAdminTab(page, 'Messages')
  await list(page)
    .getByRole('link', { name: /Denis Détail/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`id=${message.id}`))
  const panel = detail(page)
  await expect(panel.getByRole('heading', { name: 'Denis Détail' })).toBeVisible()
  await expect(panel).toContainText('Second paragraphe complet.')
  await expect(panel.getByRole('link', { name: message.email })).toHaveAttribute(
    'href',
    `mailto:${message.email}`,
  )
  await expect(panel.locator('[data-status]')).toHaveText('Nouveau')

  await panel.getByRole('button', { name: 'Marquer comme lu' }).press('Enter')
  await expect(panel.locator('[data-status]')).toHaveText('Lu')
  // Only from 'new': the button is gone once read, and the keyboard position stays in the tab.
  await expect(panel.getByRole('button', { name: 'Marquer comme lu' })).toHaveCount(0)
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('#contenu-admin')))
    .toBe(true)
  await expect(filters(page).getByRole('link', { name: `Lus (${before.read + 1})` })).toBeVisible()
  expect((await getMessage(message.id))?.status).toBe('read')
  await expectActivity(admin, {
    action: 'update',
    resourceType: 'message',
    resourceName: `${message.name} <${message.email}>`,
  })

  await panel.getByRole('button', { name: 'Archiver' }).click()
  await expect(panel.locator('[data-status]')).toHaveText('Archivé')
  await expect(panel.getByRole('button', { name: 'Archiver' })).toHaveCount(0)
  expect((await getMessage(message.id))?.status).toBe('archived')
  // Reading an archived message does not bring it back to 'read' (server rule).
  const res = await page.request.post(`/admin/messages?id=${message.id}`, {
    form: { intent: 'read', id: message.id },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(302)
  expect((await getMessage(message.id))?.status).toBe('archived')

  const name = `le message de ${message.name}`
  await deleteItem(page, name, MESSAGE_DELETE_QUESTION, 'cancel')
  expect(await getMessage(message.id)).toBeTruthy()
  await deleteItem(page, name, MESSAGE_DELETE_QUESTION, 'confirm')
  await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
  await expect(list(page).getByRole('link', { name: /Denis Détail/ })).toHaveCount(0)
  expect(await getMessage(message.id)).toBeUndefined()
  await expectActivity(admin, {
    action: 'delete',
    resourceType: 'message',
    resourceName: `${message.name} <${message.email}>`,
  })
})

test('reply: disabled while blank, sends, sets replied, closes the panel, shows the reply', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page)
  const message = await createMessage(makeMessage({ name: 'Emma Réponse' }))
  await openAdminTab(page, 'Messages')
  await list(page)
    .getByRole('link', { name: /Emma Réponse/ })
    .click()
  const panel = detail(page)
  const textarea = panel.getByPlaceholder('Écrivez votre réponse...')
  const send = panel.getByRole('button', { name: 'Envoyer la réponse' })
  await expect(textarea).toBeVisible()
  await expect(send).toBeDisabled()
  await textarea.fill('   \n  ')
  await expect(send).toBeDisabled()
  await textarea.fill('Merci Emma, je vous réponds dès demain.')
  await expect(send).toBeEnabled()
  const sentFrom = Date.now()
  await send.click()

  // The panel closes; the message is now 'replied' (ADR 006).
  await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
  await expect(page).not.toHaveURL(/id=/)
  const row = list(page).getByRole('listitem').filter({ hasText: 'Emma Réponse' })
  await expect(row.locator('[data-status]')).toHaveText('Répondu')
  // Green-700 with white text: 5:1, WCAG AA at the badge's 12px.
  await expect(row.locator('[data-status]')).toHaveCSS('background-color', 'rgb(21, 128, 61)')
  await expect(row.locator('[data-status]')).toHaveCSS('color', 'rgb(255, 255, 255)')
  const stored = await getMessage(message.id)
  expect(stored?.status).toBe('replied')
  expect(stored?.reply?.content).toBe('Merci Emma, je vous réponds dès demain.')
  // Dated when it was sent: between the click and now (an order, not a duration).
  expect(Date.parse(stored!.reply!.sentAt)).toBeGreaterThanOrEqual(sentFrom)
  expect(Date.parse(stored!.reply!.sentAt)).toBeLessThanOrEqual(Date.now())
  await expectActivity(admin, {
    action: 'update',
    resourceType: 'message',
    resourceName: `${message.name} <${message.email}>`,
  })

  await row.getByRole('link').click()
  await expect(panel).toContainText('Votre réponse :')
  await expect(panel).toContainText('Merci Emma, je vous réponds dès demain.')
  // This server sends no e-mail (no SMTP_URL): the reply is saved, and the panel says the
  // e-mail did not leave instead of 'Envoyée le' (ADR 019; tests/e2e/admin/mail.spec.ts).
  await expect(panel).toContainText("Non envoyée : l'envoi d'e-mails n'est pas configuré.")
  await expect(panel).not.toContainText('Envoyée le')
  await expect(panel.getByPlaceholder('Écrivez votre réponse...')).toHaveCount(0)
})

test('reply: the server refuses a blank reply and keeps the message unchanged (no JavaScript)', async ({
  browser,
  db: _db,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signInAdmin(page)
  const message = await createMessage(makeMessage({ name: 'Fanny SansJS' }))
  await page.goto(`/admin/messages?id=${message.id}`)
  const send = page.getByRole('button', { name: 'Envoyer la réponse' })
  // Without JavaScript the button cannot follow the text: the server decides.
  await expect(send).toBeEnabled()
  await page.getByPlaceholder('Écrivez votre réponse...').fill('    ')
  await send.click()
  await expect(page.getByText('La réponse ne peut pas être vide')).toBeVisible()
  const stored = await getMessage(message.id)
  expect(stored?.status).toBe('new')
  expect(stored?.reply).toBeUndefined()

  await page.getByPlaceholder('Écrivez votre réponse...').fill('Réponse sans JavaScript')
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click()
  await expect(page.getByText('Sélectionnez un message pour voir les détails')).toBeVisible()
  expect((await getMessage(message.id))?.reply?.content).toBe('Réponse sans JavaScript')
  await context.close()
})

/** Resolves once Date.now() has moved past the current millisecond. */
async function nextMillisecond() {
  const start = Date.now()
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1))
}
