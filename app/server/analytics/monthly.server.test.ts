// The monthly summary e-mail (ADR 096) against a real SMTP server (smtp-server + mailparser):
// only when asked for, on the 1st in the site's time zone, for the month just ended, once per
// month, through the outbox.
import { afterEach, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  startSmtpServer,
  testMailConfig,
  type TestSmtpServer,
} from '../../../tests/fixtures/smtp.ts'
import { DEFAULT_STATS_SETTINGS } from '#app/domain/analytics.ts'
import { configureMail } from '../mail/config.server.ts'
import { MailWorker } from '../mail/worker.server.ts'
import { updateSettings } from '../repositories/settings.server.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { sendMonthlySummary } from './monthly.server.ts'
import { saveStatsSettings } from './store.server.ts'

const database = useTestDatabase()
let smtp: TestSmtpServer | undefined
let worker: MailWorker | undefined

afterEach(async () => {
  configureMail(undefined)
  await worker?.stop()
  worker = undefined
  await smtp?.close()
  smtp = undefined
})

test('the monthly summary goes on the 1st in Paris, for the month just ended, once', async () => {
  const db = database.current.db
  smtp = await startSmtpServer()
  const config = testMailConfig(smtp.url)
  configureMail(config)
  await updateSettings({
    siteName: 'Atelier Lumière',
    siteDescription: 'Portfolio',
    contact: { email: 'proprietaire@exemple.fr' },
  })
  // 30 November 23:30 UTC is already 1 December, 00:30, in Paris.
  const firstInParis = Date.UTC(2026, 10, 30, 23, 30)
  expect(await sendMonthlySummary(firstInParis, db)).toBe(false)
  await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, monthlyEmail: true }, db)
  resetCaches()
  // 30 November 12:00 is not the 1st anywhere near Paris.
  expect(await sendMonthlySummary(Date.UTC(2026, 10, 30, 12), db)).toBe(false)
  expect(await sendMonthlySummary(firstInParis, db)).toBe(true)
  // Later that day, or from another app server: already sent for November.
  expect(await sendMonthlySummary(firstInParis + 3_600_000, db)).toBe(false)
  expect(await sendMonthlySummary(Date.UTC(2026, 11, 1, 20), db)).toBe(false)
  // 2 December in Paris: not the 1st.
  expect(await sendMonthlySummary(Date.UTC(2026, 11, 1, 23, 30), db)).toBe(false)

  worker = new MailWorker({ config, now: () => new Date(Date.UTC(2026, 11, 2)) })
  expect(await worker.runOnce()).toBe(1)
  const [mail] = await smtp.waitFor(1)
  expect(mail!.parsed.subject).toBe('Statistiques de novembre 2026 — Atelier Lumière')
  expect(mail!.envelope.to).toEqual(['proprietaire@exemple.fr'])
  expect(mail!.parsed.text).toContain('Voici la fréquentation de votre site en novembre 2026 :')
  expect(mail!.parsed.text).toContain('visiteurs (mois précédent : 0)')
  expect(mail!.parsed.text).toContain('http://localhost:3000/admin/statistics')

  // January's 1st sends December, of the year before.
  expect(await sendMonthlySummary(Date.UTC(2027, 0, 1, 9), db)).toBe(true)
  const rows = await db.selectFrom('outbox').select('subject').execute()
  expect(rows.map((r) => r.subject).sort()).toEqual([
    'Statistiques de décembre 2026 — Atelier Lumière',
    'Statistiques de novembre 2026 — Atelier Lumière',
  ])
})
