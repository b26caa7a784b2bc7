import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { CONTACT_FAILURE } from '#app/domain/contact-form.ts'
import '#app/domain/i18n/english.ts'
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED, handleContact } from './contact.server.ts'
import { resetRateLimits } from '../rate-limit/rate-limit.server.ts'
import { listMessages } from '../repositories/messages.server.ts'

const db = useTestDatabase()

function post(fields: Record<string, string>, ip = '203.0.113.7') {
  return new Request('http://localhost/contact', {
    method: 'POST',
    headers: { [CLIENT_IP_HEADER]: ip },
    body: new URLSearchParams(fields),
  })
}

/** The form was refused (400) with this message and exactly these field errors; nothing stored. */
async function expectRefused(
  answer: ReturnType<typeof handleContact>,
  refusal: { message: string; fieldErrors: Record<string, string> },
) {
  const result = await answer
  if (result.status !== 'error') throw new Error('accepted')
  expect(result).toMatchObject({ httpStatus: 400, message: refusal.message })
  expect(result.fieldErrors).toEqual(refusal.fieldErrors)
  expect((await listMessages({})).total).toBe(0)
}

const valid = { name: 'Jeanne', email: 'jeanne@exemple.fr', message: 'Bonjour !' }

describe('handleContact', () => {
  beforeEach(() => resetRateLimits())

  it('stores a valid message with status new', async () => {
    expect(await handleContact(post(valid))).toEqual({ status: 'sent' })
    const { items } = await listMessages({})
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ ...valid, status: 'new' })
  })

  it('refuses invalid input with French field errors and stores nothing', async () => {
    await expectRefused(handleContact(post({ name: ' ', email: 'nope', message: '' })), {
      message: 'Veuillez corriger les champs signalés.',
      fieldErrors: {
        name: 'Le nom est requis',
        email: 'Adresse e-mail invalide',
        message: 'Le message est requis',
      },
    })
  })

  it('refuses junk from the English site in English only, and stores nothing', async () => {
    const english = (body: URLSearchParams) =>
      handleContact(
        new Request('http://localhost/en/contact', {
          method: 'POST',
          headers: { [CLIENT_IP_HEADER]: '203.0.113.8' },
          body,
        }),
      )
    const junk = new URLSearchParams([
      ['name', 'a'.repeat(300)],
      ['email', 'x'],
      ['email', 'y'],
      ['message', ''],
      ['website', ''],
      ['website', 'spam'],
    ])
    await expectRefused(english(junk), {
      message: 'Please correct the fields marked.',
      fieldErrors: {
        name: 'At most 200 characters.',
        email: 'Invalid value: a text is expected.',
        message: 'Please enter your message (at most 5,000 characters).',
      },
    })
  })

  it('drops a message whose honeypot is filled', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(await handleContact(post({ ...valid, website: 'http://spam' }))).toEqual({
      status: 'sent',
    })
    expect((await listMessages({})).total).toBe(0)
  })

  it('rate-limits per address with a French message, storing nothing more', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) await handleContact(post(valid))
    const refused = await handleContact(post(valid))
    expect(refused).toMatchObject({
      status: 'error',
      message: CONTACT_RATE_LIMITED,
      httpStatus: 429,
    })
    expect((await listMessages({})).total).toBe(CONTACT_RATE_LIMIT.limit)
    // Another address is not affected.
    expect(await handleContact(post(valid, '198.51.100.1'))).toEqual({ status: 'sent' })
  })

  it('reports the French failure text when storing fails, keeping the values', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    await sql`drop table messages`.execute(db.current.db)
    const result = await handleContact(post(valid))
    expect(result).toMatchObject({
      status: 'error',
      message: CONTACT_FAILURE,
      httpStatus: 500,
      values: valid,
    })
  })
})
