// ADR 018 amendment: who may download the private CV, on the real database: any signed-in
// account, accounts whose address is verified (through the outbox's verification link), or
// accounts the owner approved. Admins always may; the download and the preview both apply it.
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from './auth-test-support.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-cv-access-unit')
process.env.PUBLIC_URL = 'http://localhost:3999'

const { CV_ACCESS_REFUSED_PATH, CV_ACCESS_TEXTS, CV_LOGIN_REQUIRED_PATH, DEFAULT_CV_SETTINGS } =
  await import('#app/domain/cv.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { getCurrentSession } = await import('./session.server.ts')
const {
  cvAccess,
  listCvApprovals,
  requestEmailVerification,
  setCvApproval,
  VERIFICATION_REQUEST_LIMIT,
} = await import('./cv-access.server.ts')
const { updateCvSettings, updateCvUrl } = await import('../repositories/cv.server.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')
const download = await import('#app/routes/resources/cv-download.ts')
const { serveCvFile } = await import('../media/cv-file.server.ts')
const api = await import('#app/routes/auth/api.ts')

const ORIGIN = 'http://localhost:3999'
const asCookie = async (userId: string) => `${SESSION_COOKIE}=${await createSessionCookie(userId)}`
const get = (pathname: string, cookie?: string) =>
  new Request(new URL(pathname, ORIGIN), {
    headers: { origin: ORIGIN, 'x-vitrine-client-ip': '10.9.0.1', ...(cookie ? { cookie } : {}) },
  })
type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0]
const downloadAs = async (cookie?: string) =>
  responseOf(() =>
    download.loader({
      request: get('/cv/telecharger', cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof download.loader>),
  )

describe('CV access (ADR 018)', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('keeps "any signed-in account" as the default', async () => {
    const viewer = await createTestUser()
    expect(DEFAULT_CV_SETTINGS.audience ?? 'any').toBe('any')
    expect(await cvAccess(DEFAULT_CV_SETTINGS, null)).toBe('login')
    expect(await cvAccess(DEFAULT_CV_SETTINGS, viewer)).toBe('allowed')
    expect(await cvAccess({ ...DEFAULT_CV_SETTINGS, requireAuth: false }, null)).toBe('allowed')
    await expect(updateCvSettings({ audience: 'tout-le-monde' })).rejects.toMatchObject({
      fieldErrors: { audience: 'Valeur invalide' },
    })
  })

  it('limits the download to approved accounts, admins always in, each download logged', async () => {
    await updateCvUrl('https://exemple.fr/cv.pdf')
    await updateCvSettings({ audience: 'approved' })
    const viewer = await createTestUser()
    const admin = await createTestUser({ role: 'admin' })
    const refused = await downloadAs(await asCookie(viewer.id))
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe(CV_ACCESS_REFUSED_PATH)
    expect((await downloadAs()).headers.get('location')).toBe(CV_LOGIN_REQUIRED_PATH)
    expect((await downloadAs(await asCookie(admin.id))).headers.get('location')).toBe(
      'https://exemple.fr/cv.pdf',
    )
    expect(await listCvApprovals()).toEqual([
      {
        id: viewer.id,
        name: viewer.name,
        email: viewer.email,
        emailVerified: false,
        approved: false,
      },
    ])
    await setCvApproval(viewer.id, true, admin.id)
    await setCvApproval(viewer.id, true, admin.id)
    expect((await listCvApprovals())[0]?.approved).toBe(true)
    expect((await downloadAs(await asCookie(viewer.id))).headers.get('location')).toBe(
      'https://exemple.fr/cv.pdf',
    )
    const logged = await getDb()
      .selectFrom('activity_logs')
      .select(['userId', 'action'])
      .where('action', '=', 'download')
      .execute()
    expect(logged.map((l) => l.userId).sort()).toEqual([admin.id, viewer.id].sort())
    await setCvApproval(viewer.id, false, admin.id)
    expect(await cvAccess({ ...DEFAULT_CV_SETTINGS, audience: 'approved' }, viewer)).toBe(
      'unapproved',
    )
    // The uploaded file's preview applies the same rule (before reading any file).
    const preview = await serveCvFile(
      get('/cv/fichier'),
      {
        url: '/cv/fichier',
        settings: { ...DEFAULT_CV_SETTINGS, audience: 'approved' },
        file: { key: `${'a'.repeat(32)}.pdf`, mime: 'application/pdf' },
      },
      { ...viewer, image: null },
      { download: false, siteName: 'Vitrine' },
    )
    expect(preview.status).toBe(403)
    expect(await preview.text()).toBe(CV_ACCESS_TEXTS.unapproved)
    await expect(setCvApproval('personne', true, admin.id)).rejects.toMatchObject({
      fieldErrors: { userId: 'Compte introuvable' },
    })
  })

  it('limits the download to verified addresses; the outbox link verifies one', async () => {
    await updateCvUrl('https://exemple.fr/cv.pdf')
    await updateCvSettings({ audience: 'verified' })
    const viewer = await createTestUser()
    const cookie = await asCookie(viewer.id)
    expect((await downloadAs(cookie)).headers.get('location')).toBe(CV_ACCESS_REFUSED_PATH)
    expect(CV_ACCESS_TEXTS.unverified).toMatch(/vérifiée/)

    const session = await getCurrentSession(get('/cv', cookie))
    expect(session?.user.id).toBe(viewer.id)
    expect(await requestEmailVerification(get('/cv', cookie), viewer)).toBe('sent')
    const mails = await getDb().selectFrom('outbox').select(['kind', 'toAddress', 'text']).execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'verify', toAddress: viewer.email })
    const link = /http:\/\/localhost:3999\/api\/auth\/verify-email\?\S+/.exec(mails[0]!.text)?.[0]
    expect(link).toBeTruthy()

    // A forged token verifies nothing and says so on /cv.
    const forged = await responseOf(() =>
      api.loader({
        request: get('/api/auth/verify-email?token=faux&callbackURL=%2Fcv%3Fverification%3Dok'),
        params: {},
        context: {},
      } as unknown as Args<typeof api.loader>),
    )
    expect(forged.headers.get('location')).toMatch(/^\/cv\?verification=ok&error=/)

    const opened = await responseOf(() =>
      api.loader({
        request: get(link!.slice(ORIGIN.length), cookie),
        params: {},
        context: {},
      } as unknown as Args<typeof api.loader>),
    )
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe('/cv?verification=ok')
    const row = await getDb()
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', viewer.id)
      .executeTakeFirstOrThrow()
    expect(row.emailVerified).toBe(1)
    expect((await downloadAs(cookie)).headers.get('location')).toBe('https://exemple.fr/cv.pdf')
    expect(await requestEmailVerification(get('/cv', cookie), viewer)).toBe('verified')
  })

  it(`sends at most ${VERIFICATION_REQUEST_LIMIT.limit} links an hour to one account`, async () => {
    const viewer = await createTestUser()
    const cookie = await asCookie(viewer.id)
    for (let i = 0; i < VERIFICATION_REQUEST_LIMIT.limit; i++)
      expect(await requestEmailVerification(get('/cv', cookie), viewer)).toBe('sent')
    expect(await requestEmailVerification(get('/cv', cookie), viewer)).toBe('rate-limited')
    expect(await getDb().selectFrom('outbox').select('id').execute()).toHaveLength(
      VERIFICATION_REQUEST_LIMIT.limit,
    )
  })
})
