// The « Abonnés » tab (ADR 097) through its route module on a real database: imports from
// Ghost, Substack and Mailchimp keep the file's consent date and confirm only whom the file
// says; bad addresses (header injection, huge ones) are left out with a French count; the
// CSV export carries the proof of consent; deletion; refused to anyone but an active admin.
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  act,
  cookieFor,
  exportSubscribers,
  importSubscribers,
  loadTab,
} from './subscribers-test-support.ts'

const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { readToast } = await import('../http/toast.server.ts')

const ORIGIN = 'http://localhost:3999'

const rows = () =>
  getDb()
    .selectFrom('newsletter_subscribers')
    .select(['email', 'status', 'source', 'consentAt', 'consentText', 'locale'])
    .orderBy('email')
    .execute()

async function toastOf(response: Response) {
  const cookie = response.headers.get('set-cookie') ?? ''
  const toast = await readToast(new Request(ORIGIN, { headers: { cookie: cookie.split(';')[0]! } }))
  return toast.toast?.message ?? ''
}

const GHOST = [
  'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
  '1,ana@exemple.fr,Ana,,true,,,2024-03-05T10:00:00.000Z,,,',
  '2,BEA@exemple.fr,Béa,,false,,,2024-04-01T08:30:00.000Z,,,',
  '3,"mal\r\nBcc: x@y.z",Pirate,,true,,,2024-04-01T08:30:00.000Z,,,',
  `4,${'a'.repeat(300)}@exemple.fr,Long,,true,,,2024-04-01T08:30:00.000Z,,,`,
].join('\r\n')

describe('the « Abonnés » tab', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('imports Ghost members: consent date kept, confirmed only when the file says so', async () => {
    const admin = await cookieFor()
    const answer = await importSubscribers(admin, 'ghost', {
      file: new File([GHOST], 'members.csv', { type: 'text/csv' }),
    })
    expect(answer.status).toBe(302)
    expect(await toastOf(answer)).toBe(
      '2 adresses importées (1 confirmée selon le fichier), 2 lignes ignorées (adresse invalide)',
    )
    expect(await rows()).toMatchObject([
      {
        email: 'ana@exemple.fr',
        status: 'confirmed',
        source: 'ghost',
        consentAt: '2024-03-05T10:00:00.000Z',
        consentText: 'Importé (ghost)',
      },
      { email: 'bea@exemple.fr', status: 'pending', source: 'ghost' },
    ])
  })

  it('imports pasted content and empty column inputs as a browser sends the form', async () => {
    const admin = await cookieFor()
    const answer = await importSubscribers(admin, 'ghost', {
      file: new File([], '', { type: 'application/octet-stream' }),
      csv: GHOST,
      // The column inputs left empty: the source's columns.
      emailColumn: '',
      dateColumn: '',
      confirmedColumn: '',
    })
    expect(answer.status).toBe(302)
    expect(await toastOf(answer)).toBe(
      '2 adresses importées (1 confirmée selon le fichier), 2 lignes ignorées (adresse invalide)',
    )
    expect(await rows()).toMatchObject([
      { email: 'ana@exemple.fr', status: 'confirmed', consentAt: '2024-03-05T10:00:00.000Z' },
      { email: 'bea@exemple.fr', status: 'pending' },
    ])
  })

  it('imports Mailchimp and Substack columns, and a mapped column', async () => {
    const admin = await cookieFor()
    await importSubscribers(admin, 'mailchimp', {
      locale: 'en',
      csv: [
        'Email Address,First Name,OPTIN_TIME,CONFIRM_TIME',
        'eve@example.com,Eve,2023-01-02 10:00:00,2023-01-02 10:05:00',
        'fay@example.com,Fay,2023-01-03 10:00:00,',
      ].join('\n'),
    })
    await importSubscribers(admin, 'substack', {
      csv: 'email;active_subscription;email_disabled;created_at\ngus@exemple.fr;false;false;2022-06-01T00:00:00Z\n',
    })
    await importSubscribers(admin, 'csv', {
      emailColumn: 'Courriel',
      dateColumn: 'Inscrit le',
      confirmedColumn: 'Validé',
      csv: 'Courriel,Inscrit le,Validé\nhal@exemple.fr,2021-09-09,oui\n',
    })
    expect(await rows()).toMatchObject([
      { email: 'eve@example.com', status: 'confirmed', locale: 'en', source: 'mailchimp' },
      { email: 'fay@example.com', status: 'pending', locale: 'en' },
      { email: 'gus@exemple.fr', status: 'confirmed', consentAt: '2022-06-01T00:00:00.000Z' },
      { email: 'hal@exemple.fr', status: 'confirmed', consentAt: '2021-09-09T00:00:00.000Z' },
    ])
  })

  it('refuses a file without the address column, in French, changing nothing', async () => {
    const admin = await cookieFor()
    const answer = await importSubscribers(admin, 'ghost', {
      csv: 'nom,ville\nAna,Lyon\n',
    })
    expect(answer).not.toBeInstanceOf(Response)
    const failure = answer as unknown as { data: { error: string }; init: { status: number } }
    expect(failure.init.status).toBe(400)
    expect(failure.data.error).toContain('Colonne « email » introuvable')
    expect(await rows()).toEqual([])
  })

  it('exports the list with its proof of consent', async () => {
    const admin = await cookieFor()
    await importSubscribers(admin, 'csv', {
      csv: 'email,confirmed,consent_date\nana@exemple.fr,true,2024-01-01T00:00:00Z\n',
    })
    const response = await exportSubscribers(admin)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const text = await response.text()
    // The statistics' CSV writer: ';' between cells after a BOM (the import guesses it).
    expect(text).toContain('email;langue;statut;source;consentement_le')
    expect(text).toContain('ana@exemple.fr;fr;confirmed;csv;2024-01-01T00:00:00.000Z')
  })

  it('lists with filters, counts and growth per month', async () => {
    const admin = await cookieFor()
    const month = new Date().toISOString().slice(0, 7)
    await importSubscribers(admin, 'csv', {
      csv: 'email,confirmed\nana@exemple.fr,true\nbea@exemple.fr,false\n',
    })
    const view = await loadTab(admin, '?statut=confirmed&q=ana')
    expect(view.items.map((s) => s.email)).toEqual(['ana@exemple.fr'])
    expect(view.counts).toEqual({ pending: 1, confirmed: 1, unsubscribed: 0, rejected: 0 })
    expect(view.growth.at(-1)).toEqual({ month, added: 2 })
  })

  it('deletes a subscriber', async () => {
    const admin = await cookieFor()
    await importSubscribers(admin, 'csv', {
      csv: 'email\nana@exemple.fr\n',
    })
    const { id } = await getDb()
      .selectFrom('newsletter_subscribers')
      .select('id')
      .executeTakeFirstOrThrow()
    const answer = await act(admin, { intent: 'delete', id })
    expect(answer.status).toBe(302)
    expect(await rows()).toEqual([])
  })

  it('is refused to editors and viewers, reading and writing', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const cookie = await cookieFor(role)
      const page = await exportSubscribers(cookie)
      expect(page.headers.get('content-type') ?? '').not.toContain('text/csv')
      expect([302, 303, 403]).toContain(page.status)
      const answer = await importSubscribers(cookie, 'csv', {
        csv: 'email,confirmed\nintrus@exemple.fr,true\n',
      })
      expect([302, 303, 403]).toContain(answer.status)
    }
    expect(await rows()).toEqual([])
  })
})
