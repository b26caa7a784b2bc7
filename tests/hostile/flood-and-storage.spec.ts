// The fourth hostile audit over HTTP, on the real server (ADR 084): a flood of junk statistics
// events from rotating addresses stores no more than the site's budget and the hour's new
// values, an IPv6 client counts under its /64, and a storage that cannot be read answers a
// French 503 with Retry-After on the CV, its download, the export and an upload.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { MEDIA_UPLOAD_PATH } from '#app/domain/media-file.ts'
import { setCvFile, updateCvSettings } from '#app/server/repositories/cv.server.ts'
import { STORAGE_UNAVAILABLE_MESSAGE } from '#app/server/media/storage-availability.server.ts'
import { createTestUser, sessionHeaders } from '../fixtures/auth.ts'
import { expect, test } from '../fixtures/test.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test('a flood of junk events from rotating addresses stores only the budget; an IPv6 /64 is one client (ADR 084)', async ({
  server,
  db,
  request,
}) => {
  await server.restart({
    TRUST_PROXY: 'true',
    STATS_INGEST_PER_MINUTE: '5',
    STATS_NEW_VALUES_PER_HOUR: '4',
  })
  try {
    const count = async (table: 'analytics_event' | 'analytics_dict') =>
      Number(
        (
          await db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const events = await count('analytics_event')
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const junk = `${i}-${'x'.repeat(300)}`
      const answer = await request.post('/api/event', {
        headers: {
          'content-type': 'text/plain',
          'user-agent': CHROME,
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        data: JSON.stringify({
          n: 'pageview',
          u: `${server.url}/${junk}?utm_source=s${junk}&utm_campaign=c${junk}`,
          r: `https://spam-${i}.example/`,
        }),
      })
      statuses.push(answer.status())
    }
    expect(statuses.every((s) => s === 204)).toBe(true)
    // The writer flushes every second: five stored, never more.
    await expect.poll(() => count('analytics_event'), { timeout: 10_000 }).toBe(events + 5)
    await new Promise((r) => setTimeout(r, 1500))
    expect(await count('analytics_event')).toBe(events + 5)
    const learnt = await db.db
      .selectFrom('analytics_dict')
      .select('value')
      .where('value', '!=', '(autre)')
      .execute()
    expect(learnt.length).toBeLessThanOrEqual(4)

    // One /64, the interface identifier rotated: the 61st event in the minute is refused.
    const rotated: number[] = []
    for (let i = 1; i <= 61; i++) {
      const answer = await request.post('/api/event', {
        headers: {
          'content-type': 'text/plain',
          'user-agent': CHROME,
          'x-forwarded-for': `2001:db8:5:5::${i.toString(16)}`,
        },
        data: JSON.stringify({ n: 'pageview', u: `${server.url}/` }),
      })
      rotated.push(answer.status())
    }
    expect(rotated.slice(0, 60).every((s) => s === 204)).toBe(true)
    expect(rotated[60]).toBe(429)

    // The dashboard says how many were left out, in French.
    const admin = await createTestUser({ role: 'admin' })
    await expect
      .poll(
        async () =>
          (await request.get('/admin/statistics', { headers: await sessionHeaders(admin) })).text(),
        { timeout: 10_000 },
      )
      .toMatch(/\d+ évènements ignorés.*\(afflux anormal\)/s)
  } finally {
    await server.restart()
  }
})

test('storage that cannot be read: the CV, its download, the export and an upload answer a French 503 (ADR 084)', async ({
  server,
  db,
  request,
}) => {
  void db
  await setCvFile({ key: '0123456789abcdef0123456789abcdef.pdf', mime: 'application/pdf' })
  await updateCvSettings({ requireAuth: false })
  const admin = await createTestUser({ role: 'admin' })
  // The media root is a file, not a folder: every read and write of it fails (root or not).
  const broken = path.join(server.dataDir, 'not-a-folder')
  writeFileSync(broken, 'x')
  await server.restart({ MEDIA_DIR: broken })
  try {
    const headers = await sessionHeaders(admin)
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
      .png()
      .toBuffer()
    const answers = [
      await request.get('/cv/fichier'),
      await request.get('/cv/telecharger', { maxRedirects: 0 }),
      await request.get('/api/transfer/export', { headers }),
      await request.post(`${MEDIA_UPLOAD_PATH}?name=x.png`, {
        headers: { ...headers, 'content-type': 'image/png', origin: server.url },
        data: png,
      }),
    ]
    for (const answer of answers) {
      expect(answer.status(), answer.url()).toBe(503)
      expect(answer.headers()['retry-after'], answer.url()).toBeTruthy()
      expect(await answer.text(), answer.url()).toContain(STORAGE_UNAVAILABLE_MESSAGE.slice(0, 40))
    }
    // One line in the log for the outage, in French, with no stack trace.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('Stockage des fichiers indisponible'))
    expect(lines).toHaveLength(1)
    expect(server.output()).not.toMatch(/^\s+at /m)
  } finally {
    await server.restart()
  }
})
