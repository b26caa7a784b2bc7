// 'Code oublié ?' in the browser (ADR 019): without JavaScript, the form e-mails a link
// (to a real SMTP server), the link sets a new password once, an unknown address gets the
// same answer, and the old sessions are gone.
import { UNSUPPORTED_TYPE } from '../../../server/request-guard.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, signIn, uniqueEmail } from '../../fixtures/auth.ts'
import { useRealSmtp } from '../../fixtures/smtp-hooks.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

const smtp = useRealSmtp('site@exemple.fr')

test('reset by e-mail without JavaScript: one use, same answer for unknown addresses', async ({
  browser,
  page,
  db: _db,
}) => {
  test.slow() // a multi-step flow (password reset by e-mail)
  // A used link answers 400 on purpose.
  allowConsoleError(page, /status of 400/)
  const user = await createTestUser({ password: 'ancien-code-1' })
  // A session open elsewhere ends with the reset.
  await signIn(page, { user })
  expect(
    await getDb().selectFrom('session').select('id').where('userId', '=', user.id).execute(),
  ).toHaveLength(1)

  const context = await browser.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await noJs.goto('/login')
  await noJs.getByRole('link', { name: 'Code oublié ?' }).click()
  await expect(noJs.getByRole('heading', { name: 'Code oublié ?' })).toBeVisible()

  // Unknown address: the same answer, no e-mail.
  await noJs.getByLabel('Adresse e-mail').fill(uniqueEmail('inconnu'))
  await noJs.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(noJs.getByRole('status')).toHaveText(MAIL_TEXTS.forgotSent)

  await noJs.goto('/forgot-password')
  await noJs.getByLabel('Adresse e-mail').fill(user.email)
  await noJs.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(noJs.getByRole('status')).toHaveText(MAIL_TEXTS.forgotSent)
  const [mail] = await smtp().waitFor(1)
  expect(smtp().received).toHaveLength(1)
  expect(mail!.envelope.to).toEqual([user.email])
  const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.parsed.text ?? '')![0]

  await noJs.goto(link)
  await noJs.getByLabel('Nouveau code quantique', { exact: true }).fill('nouveau-code-2')
  await noJs.getByLabel('Confirmer le code quantique', { exact: true }).fill('nouveau-code-2')
  await noJs.getByRole('button', { name: 'Enregistrer le nouveau code' }).click()
  await expect(noJs).toHaveURL(/\/login\?reset=1$/)
  await expect(noJs.getByRole('status')).toHaveText(MAIL_TEXTS.resetDone)
  expect(
    await getDb().selectFrom('session').select('id').where('userId', '=', user.id).execute(),
  ).toHaveLength(0)

  await noJs.getByLabel('Adresse e-mail').fill(user.email)
  await noJs.getByLabel('Code quantique', { exact: true }).fill('nouveau-code-2')
  await noJs.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(noJs).toHaveURL(/\/admin|\/$/)

  // The link served once.
  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText(MAIL_TEXTS.resetInvalid)
  await expect(page.getByLabel('Nouveau code quantique', { exact: true })).toHaveCount(0)
  await context.close()
})

test('with JavaScript: mismatched passwords are refused, the link stays usable', async ({
  page,
  db: _db,
}) => {
  test.slow() // a multi-step flow (password reset by e-mail)
  allowConsoleError(page, /status of 400/)
  smtp().received.length = 0
  const user = await createTestUser()
  await page.goto('/forgot-password')
  await page.getByLabel('Adresse e-mail').fill(user.email)
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(page.getByRole('status')).toHaveText(MAIL_TEXTS.forgotSent)
  const [mail] = await smtp().waitFor(1)
  const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.parsed.text ?? '')![0]
  await page.goto(link)
  // Axe on both pages: no serious or critical violation (like the public pages).
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id)
  expect(await serious()).toEqual([])
  await page.getByLabel('Nouveau code quantique', { exact: true }).fill('abcdef1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('abcdef2')
  await page.getByRole('button', { name: 'Enregistrer le nouveau code' }).click()
  await expect(page.getByText('Les codes quantiques ne correspondent pas')).toBeVisible()
  await page.getByLabel('Nouveau code quantique', { exact: true }).fill('abcdef1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('abcdef1')
  await page.getByRole('button', { name: 'Enregistrer le nouveau code' }).click()
  await expect(page).toHaveURL(/\/login\?reset=1$/)
})

test('odd requests get a French refusal, never a 500', async ({ page, server }) => {
  const headers = { origin: server.url }
  for (const path of ['/forgot-password', '/reset-password']) {
    const json = await page.request.post(path, {
      headers: { ...headers, 'content-type': 'application/json' },
      data: '{"email":"a@b.fr"}',
      maxRedirects: 0,
    })
    // Not a form: refused before the route, in French (ADR 024).
    expect(json.status()).toBe(415)
    expect(await json.text()).toBe(UNSUPPORTED_TYPE)
    const garbage = await page.request.post(path, {
      headers,
      form: {
        email: 'x'.repeat(5000),
        token: 'y'.repeat(500),
        password: 'z',
        confirmPassword: 'z',
      },
      maxRedirects: 0,
    })
    expect(garbage.status()).toBe(400)
  }
  await page.goto('/reset-password?token=%E0%A4%A')
  await expect(page.getByRole('alert')).toHaveText(MAIL_TEXTS.resetInvalid)
})
