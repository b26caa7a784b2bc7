// A sending process killed with SIGKILL halfway, then another started (ADR 097): every
// confirmed subscriber receives the post exactly once, counted at a real SMTP server. The
// kill lands while the server holds its answers (each connection waiting for its 250, where
// a sender spends its time); what was acknowledged before was marked within the few
// milliseconds of a batched write (ADR 104), long before the kill.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importReaders } from '../../../tests/fixtures/newsletter.ts'
import { startCountingSmtp, type CountingSmtp } from '../../../tests/fixtures/newsletter-smtp.ts'
import { issueProgress, savePlan } from '../repositories/newsletter.server.ts'
import { dispatchDueIssues } from './sending.server.ts'

const database = useTestDatabase()
const N = 200
const children: ChildProcess[] = []
let smtp: CountingSmtp | undefined

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await smtp?.close()
})

function sender(file: string, url: string): ChildProcess {
  const child = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../../scripts/newsletter-sender-process.ts')],
    {
      env: {
        ...process.env,
        VITRINE_DB: file,
        SMTP_URL: url,
        NEWSLETTER_RATE: '60000',
        NEWSLETTER_LEASE_MS: '1500',
        BETTER_AUTH_SECRET: 'kill-test-secret-kill-test-secret-0123',
      },
      stdio: 'ignore',
    },
  )
  children.push(child)
  return child
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.skipIf(onPostgres)('a sending process killed halfway', () => {
  it(
    `sends the rest after a restart: ${N} addresses, none twice, none missed`,
    { timeout: 120_000 },
    async () => {
      smtp = await startCountingSmtp()
      await importReaders(N)
      const post = await createBlogPost(makeBlogPost())
      await savePlan(post.id, 'fr', true)
      expect(await dispatchDueIssues()).toBe(N)

      const first = sender(database.current.file, smtp.url)
      await until(() => smtp!.accepted() >= N / 2)
      smtp.freeze()
      // Every connection is now waiting for an answer that will not come.
      await new Promise((r) => setTimeout(r, 300))
      first.kill('SIGKILL')
      await new Promise((r) => first.once('exit', r))
      const before = smtp.accepted()
      expect(before).toBeLessThan(N)
      smtp.thaw()

      sender(database.current.file, smtp.url)
      await until(() => smtp!.perRecipient.size === N)
      await until(async () => (await issueProgress(post.id, 'fr'))?.sent === N)
      expect(smtp.duplicates()).toBe(0)
      expect(smtp.accepted()).toBe(N)
    },
  )
})
