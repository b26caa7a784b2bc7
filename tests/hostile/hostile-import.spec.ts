// Hostile imports over HTTP (ADR 083), on the real server as an admin through « Paramètres ›
// Importer »'s endpoint: a Medium zip of 100,000 unclosed <h1, a Ghost export nested 20,000
// levels deep, a WordPress post of 60 MB, a Vitrine archive that names another alert
// address. Each answer is a report or a French refusal, never a 5xx, and /healthz keeps
// answering while they are read.
import { ZipFile } from 'yazl'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, sessionHeaders } from '../fixtures/auth.ts'
import { expect, test } from '../fixtures/test.ts'

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile()
  for (const [name, body] of Object.entries(entries)) zip.addBuffer(Buffer.from(body), name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

test('hostile imports answer a report or a French refusal while /healthz keeps answering (ADR 083)', async ({
  request,
  db,
}) => {
  void db
  const admin = await createTestUser({ role: 'admin' })
  const headers = { ...(await sessionHeaders(admin)), 'content-type': 'application/octet-stream' }
  const link = '{"type":"link","url":"https://example.com","children":['
  const lexical = `{"root":{"children":[{"type":"paragraph","children":[${link.repeat(20_000)}{"type":"text","text":"x"}${']}'.repeat(20_000)}]}]}}`
  const files: Record<string, Buffer> = {
    'medium.zip': await zipOf({ 'posts/2024-01-01_h.html': '<h1'.repeat(100_000) }),
    'ghost.json': Buffer.from(
      JSON.stringify({
        db: [{ data: { posts: [{ id: 'g1', title: 'Profond', lexical, status: 'published' }] } }],
      }),
    ),
    'wordpress.xml': Buffer.from(
      `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>Énorme</title><content:encoded><![CDATA[${'A'.repeat(60 * 1024 * 1024)}]]></content:encoded><wp:post_id>1</wp:post_id><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`,
    ),
    'vitrine.zip': await zipOf({
      'vitrine-export.json': JSON.stringify({
        format: 'vitrine-export',
        version: 1,
        tables: {
          settings: [
            {
              id: 'mail',
              data: JSON.stringify({ alertEmail: 'attacker@example.net' }),
              updatedAt: new Date().toISOString(),
            },
          ],
        },
      }),
    }),
  }
  const health: number[] = []
  let polling = true
  const poll = (async () => {
    while (polling) {
      health.push((await request.get('/healthz')).status())
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const answers: { name: string; status: number; body: string }[] = []
  try {
    for (const [name, data] of Object.entries(files)) {
      const res = await request.post(`/api/transfer/import?name=${name}`, { headers, data })
      answers.push({ name, status: res.status(), body: await res.text() })
    }
  } finally {
    polling = false
    await poll
  }
  for (const answer of answers) {
    expect(answer.status, answer.name).toBeLessThan(500)
    const json = JSON.parse(answer.body) as { report?: unknown; error?: string }
    expect(json.report ?? json.error, answer.name).toBeDefined()
  }
  const reports = Object.fromEntries(
    answers.map((a) => [
      a.name,
      (JSON.parse(a.body) as { report: { failures: unknown[]; notes: string[] } }).report,
    ]),
  )
  expect(reports['ghost.json']!.failures).toEqual([
    {
      item: 'Article « Profond »',
      reason: 'document trop profondément imbriqué : article non importé',
    },
  ])
  expect(JSON.stringify(reports['wordpress.xml']!.failures)).toContain('contenu trop long')
  expect(reports['vitrine.zip']!.notes.join(' ')).toContain('Réglages des e-mails non importés')
  expect(
    await getDb().selectFrom('settings').select('id').where('id', '=', 'mail').execute(),
  ).toEqual([])
  expect(health.length).toBeGreaterThan(0)
  expect(health.every((status) => status === 200)).toBe(true)
})
