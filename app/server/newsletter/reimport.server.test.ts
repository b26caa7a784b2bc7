// Vitrine's own subscribers export imported into a fresh database (ADR 104): the tab's import
// recognises its columns with no mapping by hand, and every subscriber comes back with its
// language, status, source and proof of consent (page, text, truncated address, dates). The
// other services' presets still apply to their own files.
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, useTestDatabase } from '../../../tests/fixtures/db.ts'
import type { DatabaseHandle } from '../db/client.server.ts'
import { cookieFor, exportSubscribers, importSubscribers } from './subscribers-test-support.ts'

const { getDb, setDatabase } = await import('../db/client.server.ts')

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
    const csv = await (await exportSubscribers(await cookieFor())).text()

    // A fresh database: nobody there yet.
    fresh = await createTestDatabase()
    setDatabase(fresh)
    expect(await compared()).toEqual([])
    // The form's defaults: « Autre fichier CSV », French, no column typed.
    const answer = await importSubscribers(await cookieFor(), 'csv', {
      emailColumn: '',
      dateColumn: '',
      confirmedColumn: '',
      file: new File([csv], 'abonnes.csv', { type: 'text/csv' }),
    })
    expect(answer.status).toBe(302)
    expect(await compared()).toEqual(before)
    setDatabase(original.current)
  })
})
