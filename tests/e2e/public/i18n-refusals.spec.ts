// Junk posted to the English site (ADR 074): every refusal of a hostile request, from the
// Express layer (content type, method, path), the form reader, the contact's validation and
// its rate limit, is English under /en/; the same junk on the French page stays French.
import { REFUSALS } from '#app/domain/i18n/refusals.ts'
import { METHOD_NOT_ALLOWED } from '#app/server/http/method-not-allowed.server.ts'
import { test, expect } from '../../fixtures/test.ts'

/** The French refusals' words, and Zod's English defaults, none of which an English page shows. */
const FOREIGN = [
  ...Object.values(REFUSALS.fr),
  METHOD_NOT_ALLOWED,
  'Veuillez',
  'requis',
  'caractères maximum',
  'Adresse e-mail invalide',
  'Valeur invalide',
  'Trop de messages',
  'Invalid input',
  'Too big',
]

function expectNoFrench(text: string, what: string) {
  for (const word of FOREIGN) expect(text, `${what}: « ${word} »`).not.toContain(word)
}

// Each test starts from a fresh window of the contact form's per-address limit (ADR 023),
// as tests/e2e/public/contact.spec.ts does.
test.beforeEach(async ({ server, db }) => {
  if (server.databaseUrl) await db.db.deleteFrom('rate_limit').execute()
  else await server.restart()
})

test('junk posted to the English contact page is refused in English only', async ({
  request,
  server,
  db,
}) => {
  const headers = { origin: server.url }
  const post = async (
    what: string,
    path: string,
    options: { form?: Record<string, string>; data?: string; type?: string; method?: string },
  ) => {
    const res = await request.fetch(path, {
      method: options.method ?? 'POST',
      headers: options.type ? { ...headers, 'content-type': options.type } : headers,
      ...(options.form ? { form: options.form } : { data: options.data ?? '' }),
      maxRedirects: 0,
    })
    const text = await res.text()
    expectNoFrench(text, what)
    return { status: res.status(), text }
  }

  // The contact's own validation: four attempts of the five the window allows.
  const empty = await post('empty form', '/en/contact', {
    data: '',
    type: 'application/x-www-form-urlencoded',
  })
  expect(empty.status).toBe(400)
  expect(empty.text).toContain('Please correct the fields marked.')
  expect(empty.text).toContain('Please enter your name (at most 200 characters).')
  const long = await post('too long', '/en/contact', {
    form: { name: 'a'.repeat(300), email: 'a@example.com', message: 'm'.repeat(6000) },
  })
  expect(long.status).toBe(400)
  expect(long.text).toContain('At most 200 characters.')
  expect(long.text).toContain('At most 5,000 characters.')
  const twice = await post('a list for a text', '/en/contact', {
    data: 'name=a&name=b&email=x&message=m',
    type: 'application/x-www-form-urlencoded',
  })
  expect(twice.text).toContain('Invalid value: a text is expected.')
  const data = await post('data request', '/en/contact.data', {
    form: { name: '', email: 'pas-un-email', message: '' },
  })
  expect(data.text).toContain('Please enter a valid e-mail address.')

  // Bodies that are not a form: the fifth attempt, then the limit.
  const json = await post('JSON', '/en/contact', { data: '{"name":1}', type: 'application/json' })
  expect(json).toEqual({ status: 415, text: REFUSALS.en.unsupportedType })
  const limited = await post('over the limit', '/en/contact', { data: 'x', type: 'text/plain' })
  expect(limited).toEqual({ status: 429, text: REFUSALS.en.tooManyRefused })
  const contactLimited = await post('over the limit', '/en/contact', {
    form: { name: 'Grace', email: 'grace@example.com', message: 'Hello' },
  })
  expect(contactLimited.status).toBe(429)
  expect(contactLimited.text).toContain('Too many messages')

  // Refusals that count against no form's limit, or against the general one.
  expect(await post('a method', '/en/contact', { method: 'PUT', form: { a: 'b' } })).toEqual({
    status: 405,
    text: REFUSALS.en.unknownMethod,
  })
  const noForm = await post('a page without a form', '/en/blog', { form: { a: 'b' } })
  expect(noForm.status).toBe(405)
  expect(noForm.text).toContain('Method not allowed: this address takes no form.')
  expect(await post('a bad path', '/en/%zz', { form: { a: 'b' } })).toEqual({
    status: 400,
    text: REFUSALS.en.badPath,
  })
  void db
})

test('the same junk on the French contact page stays French', async ({ request, server, db }) => {
  const headers = { origin: server.url }
  const invalid = await request.post('/contact', {
    headers,
    form: { name: 'a'.repeat(300), email: 'x', message: '' },
  })
  expect(invalid.status()).toBe(400)
  const html = await invalid.text()
  expect(html).toContain('Veuillez corriger les champs signalés.')
  expect(html).toContain('200 caractères maximum')
  const json = await request.post('/contact', {
    headers: { ...headers, 'content-type': 'application/json' },
    data: '{"name":1}',
  })
  expect(json.status()).toBe(415)
  expect(await json.text()).toBe(REFUSALS.fr.unsupportedType)
  const noForm = await request.post('/blog', { headers, form: { a: 'b' } })
  expect(noForm.status()).toBe(405)
  expect(await noForm.text()).toContain(METHOD_NOT_ALLOWED)
  void db
})
