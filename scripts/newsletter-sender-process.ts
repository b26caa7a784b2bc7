// A process that only sends the newsletter (ADR 097), on a database file another process
// prepared: what the kill test and `npm run bench:newsletter` kill with SIGKILL mid-send.
// Env: VITRINE_DB (SQLite file), SMTP_URL, NEWSLETTER_RATE (per minute), NEWSLETTER_LEASE_MS,
// NEWSLETTER_CONCURRENCY. Prints "ready" once sending.
import { openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { mailConfigFromEnv } from '#app/server/mail/config.server.ts'
import { NewsletterSender } from '#app/server/newsletter/sending.server.ts'

const file = process.env.VITRINE_DB
const config = mailConfigFromEnv({
  SMTP_URL: process.env.SMTP_URL,
  MAIL_FROM: 'Vitrine <lettre@exemple.fr>',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
})
if (!file || !config) throw new Error('VITRINE_DB and SMTP_URL are required')
setDatabase(openDatabase(file))
const sender = new NewsletterSender({
  config,
  ratePerMinute: Number(process.env.NEWSLETTER_RATE ?? 60_000),
  leaseMs: Number(process.env.NEWSLETTER_LEASE_MS ?? 30_000),
  concurrency: Number(process.env.NEWSLETTER_CONCURRENCY ?? 4),
  pollMs: 200,
})
sender.start()
console.log('ready')
// Runs until killed.
setInterval(() => {}, 60_000)
