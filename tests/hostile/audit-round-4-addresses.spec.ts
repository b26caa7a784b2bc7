// The fourth hostile audit over HTTP, for addresses (ADR 082): registering a visitor's address
// hands over none of the messages sent with it, and a session with the typed address cannot
// delete an account without its password.
import { createMessage, replyToMessage } from '#app/server/repositories/messages.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, sessionHeaders, uniqueEmail } from '../fixtures/auth.ts'
import { expect, test } from '../fixtures/test.ts'

test("registering a visitor's address hands over none of their messages (ADR 082)", async ({
  playwright,
  baseURL,
  db,
}) => {
  void db
  const email = uniqueEmail('thomas.girard')
  const message = await createMessage({
    name: 'Thomas Girard',
    email,
    message: 'Rappelez-moi au 06 12 34 56 78, code porte 4521.',
  })
  await replyToMessage(message.id, 'Entendu, je passe jeudi.')
  const attacker = await playwright.request.newContext({ baseURL })
  const registered = await attacker.post('/register', {
    form: { name: 'Pirate', email, password: 'motdepasse', confirmPassword: 'motdepasse' },
    maxRedirects: 0,
  })
  expect(registered.status()).toBeLessThan(400)
  const data = await attacker.get('/compte/donnees')
  expect(data.status()).toBe(200)
  const body = await data.text()
  expect(JSON.parse(body).account.email).toBe(email)
  expect(body).not.toContain('06 12 34 56 78')
  expect(body).not.toContain('je passe jeudi')
  await attacker.dispose()
})

test('a session and the typed address do not delete an account (ADR 082)', async ({
  request,
  db,
}) => {
  void db
  const user = await createTestUser({ password: 'le-vrai-code-1' })
  const headers = await sessionHeaders(user)
  const forms: Record<string, string>[] = [
    { intent: 'delete-account', confirmEmail: user.email },
    { intent: 'delete-account', confirmEmail: user.email, currentPassword: 'pas-le-bon' },
    { intent: 'delete-account', confirmEmail: user.email, code: '000000' },
  ]
  for (const form of forms) {
    const res = await request.post('/compte', { form, headers, maxRedirects: 0 })
    expect(res.status(), JSON.stringify(form)).toBe(400)
  }
  const row = await getDb().selectFrom('user').select('id').where('id', '=', user.id).execute()
  expect(row).toHaveLength(1)
})
