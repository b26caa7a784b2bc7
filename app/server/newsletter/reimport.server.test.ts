// Vitrine's own subscribers export imported into a fresh database (ADR 104): the tab's import
// recognises its columns with no mapping by hand, and every subscriber comes back with its
// language, status, source and proof of consent (page, text, truncated address, dates). The
// other services' presets still apply to their own files.
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from '../auth/auth-test-support.ts'
import type { DatabaseHandle } from '../db/client.server.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.PUBLIC_URL = 'http://localhost:3999'

const tab = await import('#app/routes/admin/subscribers.tsx')
const exportRoute = await import('#app/routes/resources/subscribers-export.ts')
const { getDb, setDatabase } = await import('../db/client.server.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')

const ORIGIN = 'http://localhost:3999'
type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0]

async function adminCookie() {
  const user = await createTestUser({ role: 'admin' })
  return `${SESSION_COOKIE}=${await createSessionCookie(user.id)}`
}

function request(path: string, cookie: string, body?: FormData) {
  return new Request(new URL(path, ORIGIN), {
    method: body ? 'POST' : 'GET',
    headers: { origin: ORIGIN, cookie, 'x-vitrine-client-ip': '10.9.0.8' },
    ...(body ? { body } : {}),
  })
}

/** One subscriber as the site keeps it, every proof column filled as its status has it. */
function subscriber(
  id: string,
  email: string,
  fields: Partial<Record<'locale' | 'status' | 'source', string>> & {
    confirmedAt?: string | null
    unsubscribedAt?: string | null
  } = {},
) {
  const form = (fields.source ?? 'form') === 'form'
  return {
    id,
    email,
    locale: fields.locale ?? 'fr',
    status: fields.status ?? 'confirmed',
    source: fields.source ?? 'form',
    consentAt: '2025-02-03T10:20:30.000Z',
    consentPage: form ? '/blog/un-article' : null,
    consentText: form ? 'J’accepte de recevoir les nouveaux articles ; « guillemets »' : null,
    consentIp: form ? '203.0.113.x' : null,
    confirmTokenHash: null,
    confirmExpiresAt: null,
    confirmSentAt: null,
    unsubscribeSalt: `salt-${id}`,
    unsubscribeTokenHash: `hash-${id}`,
    confirmedAt: fields.confirmedAt === undefined ? '2025-02-03T10:25:00.000Z' : fields.confirmedAt,
    unsubscribedAt: fields.unsubscribedAt ?? null,
    rejectedReason: null,
    createdAt: '2025-02-03T10:20:30.000Z',
    updatedAt: '2025-02-03T10:20:30.000Z',
  }
}

const compared = () =>
  getDb()
    .selectFrom('newsletter_subscribers')
    .select([
      'email',
      'locale',
      'status',
      'source',
      'consentAt',
      'consentPage',
      'consentText',
      'consentIp',
      'confirmedAt',
      'unsubscribedAt',
    ])
    .orderBy('email')
    .execute()

let fresh: DatabaseHandle | undefined

afterEach(async () => {
  await fresh?.close()
  fresh = undefined
})

describe('re-importing Vitrine’s own export', () => {
  const original = useTestDatabase()

  it('brings back the same subscribers, statuses and proofs, with no column mapped', async () => {
    await getDb()
      .insertInto('newsletter_subscribers')
      .values([
        subscriber('s1', 'ana@exemple.fr'),
        subscriber('s2', 'bob@example.com', { locale: 'en' }),
        subscriber('s3', 'cle@exemple.fr', { status: 'pending', confirmedAt: null }),
        subscriber('s4', 'dan@exemple.fr', {
          status: 'unsubscribed',
          unsubscribedAt: '2025-06-01T08:00:00.000Z',
        }),
        subscriber('s5', 'eve@exemple.fr', { status: 'rejected' }),
        subscriber('s6', 'fay@exemple.fr', { source: 'ghost', confirmedAt: null }),
      ])
      .execute()
    const before = await compared()
    const cookie = await adminCookie()
    const csv = await (
      await responseOf(() =>
        exportRoute.loader({
          request: request('/api/subscribers/export', cookie),
          params: {},
          context: {},
        } as unknown as Args<typeof exportRoute.loader>),
      )
    ).text()

    // A fresh database: nobody there yet.
    fresh = await createTestDatabase()
    setDatabase(fresh)
    expect(await compared()).toEqual([])
    const form = new FormData()
    // The form's defaults: « Autre fichier CSV », French, no column typed.
    for (const [k, v] of Object.entries({
      intent: 'import',
      source: 'csv',
      locale: 'fr',
      emailColumn: '',
      dateColumn: '',
      confirmedColumn: '',
    }))
      form.append(k, v)
    form.append('file', new File([csv], 'abonnes.csv', { type: 'text/csv' }))
    const freshAdmin = await adminCookie()
    const answer = await responseOf(() =>
      tab.action({
        request: request('/admin/subscribers', freshAdmin, form),
        params: {},
        context: {},
      } as unknown as Args<typeof tab.action>),
    )
    expect(answer.status).toBe(302)
    expect(await compared()).toEqual(before)
    setDatabase(original.current)
  })
})
