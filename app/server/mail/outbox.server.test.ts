// The outbox against a real SMTP server (smtp-server on a random port + mailparser):
// delivery with the right headers, retries, permanent failures, restarts, header injection,
// throttled alerts (ADR 019).
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'
import type { UserRole, UserStatus } from '#app/domain/types.ts'
import {
  startSmtpServer,
  testMailConfig as configFor,
  type TestSmtpServer,
} from '../../../tests/fixtures/smtp.ts'
import { openDatabase, setDatabase } from '../db/client.server.ts'
import { createMessage, getMessage, replyToMessage } from '../repositories/messages.server.ts'
import { updateSettings } from '../repositories/settings.server.ts'
import { configureMail, type MailConfig } from './config.server.ts'
import {
  alertRecipients,
  getMailSettings,
  queueNewMessageAlert,
  queueReply,
  queuePasswordReset,
  saveMailSettings,
} from './mail.server.ts'
import {
  claimNext,
  getOutboxRow,
  listOutbox,
  queueUnconfigured,
  retryEmail,
  retryDelayMs,
} from './outbox.server.ts'
import { MailWorker } from './worker.server.ts'

const db = useTestDatabase()

let smtp: TestSmtpServer | undefined
const workers: MailWorker[] = []

function worker(config: MailConfig, now?: () => Date) {
  const w = new MailWorker({ config, ...(now ? { now } : {}) })
  workers.push(w)
  return w
}

async function saveSite(siteName = 'Atelier Lumière') {
  await updateSettings({
    siteName,
    siteDescription: 'Portfolio',
    contact: { email: 'proprietaire@exemple.fr' },
  })
}

/** A contact message and its reply, queued in one transaction as the admin action does. */
async function replyWith(input: { name?: string; email?: string; message?: string }, text: string) {
  const message = await createMessage({
    name: input.name ?? 'Jeanne Martin',
    email: input.email ?? 'jeanne@exemple.fr',
    message: input.message ?? 'Bonjour,\nPouvez-vous me rappeler ?',
  })
  let outboxId = ''
  await replyToMessage(message.id, text, async (trx, saved) => {
    outboxId = (await queueReply(trx, saved, text)).id
  })
  return { message, outboxId }
}

beforeEach(async () => {
  await saveSite()
})

afterEach(async () => {
  configureMail(undefined)
  for (const w of workers.splice(0)) await w.stop()
  await smtp?.close()
  smtp = undefined
})

describe('outbox', () => {
  it('not configured: the reply is saved, the e-mail waits as unconfigured, nothing is sent', async () => {
    const { message, outboxId } = await replyWith({}, 'Merci !')
    const saved = await getMessage(message.id)
    expect(saved?.reply?.content).toBe('Merci !')
    expect(saved?.status).toBe('replied')
    const row = await getOutboxRow(outboxId)
    expect(row?.status).toBe('unconfigured')
    expect(await claimNext(new Date(Date.now() + 86_400_000))).toBeUndefined()
  })

  it('a failing reply write queues no e-mail (same transaction)', async () => {
    const message = await createMessage({ name: 'A', email: 'a@exemple.fr', message: 'Salut' })
    await expect(
      replyToMessage(message.id, 'Réponse', async (trx, saved) => {
        await queueReply(trx, saved, 'Réponse')
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect((await listOutbox()).total).toBe(0)
    expect((await getMessage(message.id))?.reply).toBeUndefined()
  })

  it('delivers a reply with the right To, From, Reply-To, subject, French body and Message-ID', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    const { message, outboxId } = await replyWith(
      { message: 'Bonjour,\nPouvez-vous me rappeler ?' },
      'Bien sûr, je vous appelle demain.',
    )
    expect(await worker(config).runOnce()).toBe(1)
    const [mail] = await smtp.waitFor(1)
    const row = await getOutboxRow(outboxId)
    expect(row?.status).toBe('sent')
    expect(mail!.parsed.messageId).toBe(row!.messageId)
    expect(mail!.parsed.to).toMatchObject({
      value: [{ address: 'jeanne@exemple.fr', name: 'Jeanne Martin' }],
    })
    expect(mail!.parsed.from?.value).toEqual([{ address: 'site@exemple.fr', name: 'Site' }])
    expect(mail!.parsed.replyTo?.value).toEqual([{ address: 'proprietaire@exemple.fr', name: '' }])
    expect(mail!.parsed.subject).toBe('Réponse à votre message — Atelier Lumière')
    expect(mail!.parsed.text).toContain('Bonjour Jeanne Martin,')
    expect(mail!.parsed.text).toContain('Bien sûr, je vous appelle demain.')
    expect(mail!.parsed.text).toContain('> Pouvez-vous me rappeler ?')
    expect(mail!.parsed.html).toContain('Bien sûr, je vous appelle demain.')
    expect(mail!.parsed.html).toContain('<blockquote')
    expect(mail!.parsed.html).toContain('Atelier Lumière')
    expect(mail!.envelope.to).toEqual(['jeanne@exemple.fr'])
    // The reply's sentAt is the moment the SMTP server accepted it.
    const saved = await getMessage(message.id)
    expect(saved?.reply?.sentAt).toBe(row?.sentAt)
  })

  it('uses the site name as sender name when MAIL_FROM has none, and carries the logo', async () => {
    await updateSettings({ logo: '/demo/logo.png' })
    smtp = await startSmtpServer()
    const config = configFor(smtp.url, 'site@exemple.fr')
    configureMail(config)
    await replyWith({}, 'Merci')
    await worker(config).runOnce()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.parsed.from?.value).toEqual([
      { address: 'site@exemple.fr', name: 'Atelier Lumière' },
    ])
    expect(mail!.parsed.html).toContain('src="http://localhost:3000/demo/logo.png"')
  })

  it('no field can inject a header: CR/LF in the name, the site name and the reply', async () => {
    await saveSite('Atelier\r\nX-Injected: site\r\nBcc: spy@evil.example')
    await saveMailSettings({ alertsEnabled: true })
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    const name = 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: name'
    await replyWith(
      { name, message: 'x\r\nBcc: body@evil.example' },
      'Réponse\r\n\r\nBcc: reply@evil.example',
    )
    const msg = await createMessage({ name, email: 'eve@exemple.fr', message: 'Salut' })
    await db.current.db.transaction().execute(async (trx) => queueNewMessageAlert(trx, msg))
    await worker(config).runOnce()
    const mails = await smtp.waitFor(2)
    for (const mail of mails) {
      expect(mail.parsed.headers.has('bcc')).toBe(false)
      expect(mail.parsed.headers.has('x-injected')).toBe(false)
      const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))
      expect(head).not.toMatch(/^(Bcc|X-Injected):/im)
      expect(mail.envelope.to).toHaveLength(1)
      expect(mail.envelope.to[0]).not.toContain('evil')
    }
    const reply = mails.find((m) => m.envelope.to[0] === 'jeanne@exemple.fr')!
    expect(reply.parsed.to).toMatchObject({
      value: [{ name: 'Eve Bcc: victim@evil.example X-Injected: name' }],
    })
  })

  it('server down: queued and retried with backoff, delivered once when it comes back', async () => {
    const probe = await startSmtpServer()
    const port = probe.port
    await probe.close()
    const config = configFor(`smtp://127.0.0.1:${port}?requireTLS=false`)
    configureMail(config)
    const { outboxId } = await replyWith({}, 'Merci')
    let now = new Date()
    const w = worker(config, () => now)

    expect(await w.runOnce()).toBe(1)
    let row = await getOutboxRow(outboxId)
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    // Said in French, the technical text after it.
    expect(row?.lastError).toMatch(/^Connexion refusée par le serveur d’envoi \(.*ECONNREFUSED/)
    expect(Date.parse(row!.nextAttemptAt) - now.getTime()).toBe(retryDelayMs(1))
    // Not due yet: nothing happens.
    expect(await w.runOnce()).toBe(0)

    now = new Date(now.getTime() + retryDelayMs(1) + 1)
    expect(await w.runOnce()).toBe(1)
    row = await getOutboxRow(outboxId)
    expect(row).toMatchObject({ status: 'queued', attempts: 2 })
    expect(Date.parse(row!.nextAttemptAt) - now.getTime()).toBe(retryDelayMs(2))
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1))

    smtp = await startSmtpServer(port)
    now = new Date(now.getTime() + retryDelayMs(2) + 1)
    expect(await w.runOnce()).toBe(1)
    await smtp.waitFor(1)
    expect((await getOutboxRow(outboxId))?.status).toBe('sent')
    // Dated when it left, not when it was written (a mail program sorts by this).
    expect(smtp.received[0]!.parsed.date?.getTime()).toBe(Math.floor(now.getTime() / 1000) * 1000)
    now = new Date(now.getTime() + 3_600_000)
    expect(await w.runOnce()).toBe(0)
    expect(smtp.received).toHaveLength(1)
  })

  it('a 4xx answer is temporary; a 550 fails with the server answer, and Réessayer sends it', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    smtp.rejectWith = { code: 451, message: 'Try again later' }
    const { outboxId } = await replyWith({}, 'Merci')
    let now = new Date()
    const w = worker(config, () => now)
    await w.runOnce()
    expect(await getOutboxRow(outboxId)).toMatchObject({ status: 'queued', attempts: 1 })
    expect((await getOutboxRow(outboxId))?.lastError).toContain('451')
    // 'Réessayer' while it waits: due now instead of after its backoff.
    expect(await retryEmail(outboxId, true)).toBe(true)
    expect(Date.parse((await getOutboxRow(outboxId))!.nextAttemptAt)).toBeLessThanOrEqual(
      Date.now(),
    )
    now = new Date()
    await w.runOnce()
    expect(await getOutboxRow(outboxId)).toMatchObject({ status: 'queued', attempts: 1 })

    smtp.rejectWith = { code: 550, message: 'Mailbox unavailable' }
    now = new Date(now.getTime() + retryDelayMs(1) + 1)
    await w.runOnce()
    const failed = await getOutboxRow(outboxId)
    expect(failed?.status).toBe('failed')
    expect(failed?.lastError).toContain('550 Mailbox unavailable')
    now = new Date(now.getTime() + 86_400_000)
    expect(await w.runOnce()).toBe(0)

    smtp.rejectWith = undefined
    expect(await retryEmail(outboxId, true)).toBe(true)
    expect(await retryEmail(outboxId, true)).toBe(false)
    await w.runOnce()
    await smtp.waitFor(1)
    expect((await getOutboxRow(outboxId))?.status).toBe('sent')
  })

  // SQLite: the new process reopens the same file (on PostgreSQL, two workers sharing one
  // database are covered by the next test).
  it.skipIf(TEST_POSTGRES)(
    'a restart between queueing and sending delivers exactly once',
    async () => {
      smtp = await startSmtpServer()
      const config = configFor(smtp.url)
      configureMail(config)
      const { outboxId } = await replyWith({}, 'Merci')
      const file = db.current.file
      // A worker claimed the row and the process died before sending (kill -9).
      const now = new Date()
      expect((await claimNext(now))?.id).toBe(outboxId)
      // The new process reopens the same file.
      const reopened = openDatabase(file)
      setDatabase(reopened)
      try {
        const later = new Date(now.getTime() + 1000)
        expect(await worker(config, () => later).runOnce()).toBe(0) // the lease still holds
        const afterLease = new Date(now.getTime() + 3 * 60_000)
        expect(await worker(config, () => afterLease).runOnce()).toBe(1)
        await smtp.waitFor(1)
        expect(await worker(config, () => afterLease).runOnce()).toBe(0)
        expect(smtp.received).toHaveLength(1)
        expect((await getOutboxRow(outboxId))?.status).toBe('sent')
      } finally {
        setDatabase(db.current)
        await reopened.close()
      }
      expect(path.basename(file)).toBe('test.db')
    },
  )

  it('two workers at once send each e-mail once', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    for (let i = 0; i < 12; i++) await replyWith({ email: `v${i}@exemple.fr` }, `Réponse ${i}`)
    const [a, b] = await Promise.all([worker(config).runOnce(), worker(config).runOnce()])
    expect(a + b).toBe(12)
    await smtp.waitFor(12)
    const ids = smtp.received.map((m) => m.parsed.messageId)
    expect(new Set(ids).size).toBe(12)
  })

  it('an expired reset link is failed, not sent', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    const row = await queuePasswordReset(
      { name: 'Alice', email: 'alice@exemple.fr' },
      'http://localhost:3000/reset-password?token=x',
      30 * 60_000,
    )
    const later = new Date(Date.now() + 31 * 60_000)
    await worker(config, () => later).runOnce()
    expect(await getOutboxRow(row.id)).toMatchObject({ status: 'failed' })
    expect(smtp.received).toHaveLength(0)
  })
})

describe('new-message alerts', () => {
  async function arrive(i: number, now: Date) {
    const message = await createMessage({
      name: `Visiteur ${i}`,
      email: `v${i}@exemple.fr`,
      message: `Message ${i}`,
    })
    return db.current.db.transaction().execute((trx) => queueNewMessageAlert(trx, message, now))
  }

  it('alerts the contact address by default, then gathers a wave into one digest per hour', async () => {
    const now = new Date()
    for (let i = 0; i < 5; i++) expect((await arrive(i, now))?.kind).toBe('alert')
    const digest = await arrive(5, now)
    expect(digest?.kind).toBe('digest')
    expect(Date.parse(digest!.nextAttemptAt) - now.getTime()).toBe(60 * 60_000)
    for (let i = 6; i < 40; i++) expect(await arrive(i, now)).toBeUndefined()
    const rows = await db.current.db.selectFrom('outbox').selectAll().execute()
    expect(rows).toHaveLength(6)
    expect(new Set(rows.map((r) => r.toAddress))).toEqual(new Set(['proprietaire@exemple.fr']))
    const stored = rows.find((r) => r.kind === 'digest')!
    expect(stored.subject).toBe('35 nouveaux messages — Atelier Lumière')
    expect(stored.text).toContain('Vous avez reçu 35 nouveaux messages')
    const alert = rows.find((r) => r.kind === 'alert')!
    expect(alert.text).toContain('Nouveau message de Visiteur')
    expect(alert.replyTo).toMatch(/^v\d@exemple\.fr$/)
    // An hour later alerts flow again.
    const later = new Date(now.getTime() + 61 * 60_000)
    expect((await arrive(99, later))?.kind).toBe('alert')
  })

  it('a digest written while e-mail was not configured keeps its hour once it is', async () => {
    configureMail(undefined)
    const now = new Date()
    for (let i = 0; i < 5; i++) await arrive(i, now)
    const digest = await arrive(5, now)
    expect(digest).toMatchObject({ kind: 'digest', status: 'unconfigured' })
    const started = new Date(now.getTime() + 60_000)
    expect(await queueUnconfigured(started)).toBe(6)
    const rows = await db.current.db.selectFrom('outbox').selectAll().execute()
    for (const row of rows) {
      expect(row.status).toBe('queued')
      expect(row.nextAttemptAt).toBe(
        row.kind === 'digest'
          ? new Date(now.getTime() + 60 * 60_000).toISOString()
          : started.toISOString(),
      )
    }
  })

  it('goes to the configured address, or nowhere when switched off', async () => {
    await saveMailSettings({ alertsEnabled: 'on', alertEmail: 'alertes@exemple.fr' })
    expect((await arrive(1, new Date()))?.toAddress).toBe('alertes@exemple.fr')
    await saveMailSettings({ alertsEnabled: false })
    expect(await arrive(2, new Date())).toBeUndefined()
  })
})

describe('while the contact address is still the demo person’s (ADR 070)', () => {
  async function addAdmin(email: string, status: UserStatus = 'active', role: UserRole = 'admin') {
    await createTestUser({ email, role, status, withPassword: false })
  }

  beforeEach(async () => {
    await updateSettings({
      siteName: 'Camille Laurent',
      siteDescription: 'Portfolio',
      contact: { email: 'bonjour@camille-laurent.fr', phone: '06 42 18 57 93' },
    })
  })
  it('alerts go to every active admin, delivered over SMTP, never to the demo', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    await addAdmin('alice@exemple.fr')
    await addAdmin('bob@exemple.fr')
    await addAdmin('suspendu@exemple.fr', 'blocked')
    await addAdmin('visiteur@exemple.fr', 'active', 'viewer')
    // An alert address of the demo's domain is ignored too.
    await saveMailSettings({ alertsEnabled: 'on', alertEmail: 'contact@camille-laurent.fr' })
    const message = await createMessage({
      name: 'Jeanne',
      email: 'jeanne@exemple.fr',
      message: 'Bonjour',
    })
    await db.current.db.transaction().execute((trx) => queueNewMessageAlert(trx, message))
    expect(await worker(config).runOnce()).toBe(2)
    const mails = await smtp.waitFor(2)
    const to = mails.flatMap((m) => m.envelope.to).sort()
    expect(to).toEqual(['alice@exemple.fr', 'bob@exemple.fr'])
    for (const mail of mails) expect(mail.raw).not.toContain('camille-laurent.fr')
  })

  it('ADMIN_EMAIL is told too, once, and a demo address never', async () => {
    await addAdmin('alice@exemple.fr')
    const settings = await getMailSettings()
    expect(
      await alertRecipients(
        db.current.db,
        settings,
        'bonjour@camille-laurent.fr',
        'owner@exemple.fr',
      ),
    ).toEqual(['alice@exemple.fr', 'owner@exemple.fr'])
    expect(await alertRecipients(db.current.db, settings, undefined, 'ALICE@exemple.fr')).toEqual([
      'alice@exemple.fr',
    ])
    expect(
      await alertRecipients(db.current.db, settings, undefined, 'bonjour@camille-laurent.fr'),
    ).toEqual(['alice@exemple.fr'])
  })

  it('the reply carries the replying admin’s own address as Reply-To', async () => {
    smtp = await startSmtpServer()
    const config = configFor(smtp.url)
    configureMail(config)
    const message = await createMessage({
      name: 'Jeanne',
      email: 'jeanne@exemple.fr',
      message: 'Bonjour',
    })
    await replyToMessage(message.id, 'Merci', (trx, saved) =>
      queueReply(trx, saved, 'Merci', { email: 'alice@exemple.fr' }),
    )
    await worker(config).runOnce()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.parsed.replyTo?.value).toEqual([{ address: 'alice@exemple.fr', name: '' }])
    expect(mail!.raw).not.toContain('bonjour@camille-laurent.fr')
  })

  it('once the owner sets their address, alerts and Reply-To use it', async () => {
    await addAdmin('alice@exemple.fr')
    await saveSite()
    const message = await createMessage({ name: 'J', email: 'j@exemple.fr', message: 'Salut' })
    const alert = await db.current.db
      .transaction()
      .execute((trx) => queueNewMessageAlert(trx, message))
    expect(alert?.toAddress).toBe('proprietaire@exemple.fr')
  })
})
