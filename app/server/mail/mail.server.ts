// What the rest of the app calls to send e-mail (ADR 019). Each `queue…` function renders
// its template and writes the outbox row with the `db` it is given: pass the transaction of
// the write that causes the e-mail, so that both happen or neither does.
import type { Kysely } from 'kysely'
import {
  ALERTS_PER_HOUR,
  DEFAULT_MAIL_SETTINGS,
  MailSettingsSchema,
  type MailSettings,
} from '#app/domain/mail.ts'
import type { Message } from '#app/domain/types.ts'
import { withDefaultSettings } from '#app/domain/settings.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { nowIso, parseJson } from '../db/util.server.ts'
import { settingsDocument } from '../db/documents.server.ts'
import { getEnv } from '../core/env.server.ts'
import { ownerEmailOrNone } from '../demo/identity.server.ts'
import { activeMailConfig } from './config.server.ts'
import { enqueueEmail, type NewEmail, type OutboxRow } from './outbox.server.ts'
import {
  absoluteLogo,
  accountLinkedEmail,
  alertEmail,
  digestEmail,
  invitationEmail,
  newsletterConfirmEmail,
  replyEmail,
  resetEmail,
  statsSummaryEmail,
  testEmail,
  verifyEmail,
  type SiteIdentity,
} from './templates.server.ts'

/** Whether this process sends e-mail (SMTP_URL was set at start-up). */
export function isMailConfigured(): boolean {
  return activeMailConfig() !== undefined
}

/** Site name, logo and address from the settings, read through `db`. */
async function siteOf(db: Kysely<Database>) {
  const row = await db
    .selectFrom('settings')
    .select('data')
    .where('id', '=', 'main')
    .executeTakeFirst()
  const settings = withDefaultSettings(parseJson(row?.data, undefined))
  const siteUrl = getEnv().PUBLIC_URL
  const site: SiteIdentity = {
    siteName: settings.siteName,
    siteUrl,
    logoUrl: absoluteLogo(settings.logo, siteUrl),
  }
  return { site, contactEmail: settings.contact.email }
}

/** Alert settings live in the settings table under their own key ('mail'). */
const MAIL_SETTINGS = settingsDocument('mail', MailSettingsSchema, DEFAULT_MAIL_SETTINGS)
export const getMailSettings = MAIL_SETTINGS.read
export const saveMailSettings = MAIL_SETTINGS.save

/**
 * The reply to a visitor: From the site, Reply-To the owner's contact address — or, while
 * that is still the demo person's (ADR 070), the replying admin's own address.
 */
export async function queueReply(
  db: Kysely<Database>,
  message: Pick<Message, 'id' | 'name' | 'email' | 'message' | 'createdAt' | 'locale'>,
  reply: string,
  replier?: { email: string },
): Promise<OutboxRow> {
  const { site, contactEmail: stored } = await siteOf(db)
  const contactEmail = ownerEmailOrNone(stored) ?? ownerEmailOrNone(replier?.email)
  const rendered = replyEmail(site, {
    visitorName: message.name,
    reply,
    original: message.message,
    receivedAt: message.createdAt,
    ...(message.locale === 'en' ? { locale: 'en' as const } : {}),
  })
  return enqueueEmail(
    db,
    {
      kind: 'reply',
      to: { address: message.email, name: message.name },
      ...(contactEmail ? { replyTo: contactEmail } : {}),
      ...rendered,
      relatedMessageId: message.id,
    },
    { configured: isMailConfigured() },
  )
}

const HOUR = 60 * 60_000

/**
 * Who is told of a new message: the alert address of the mail settings, else the site's
 * contact address; while neither is the owner's own (empty, or the demo person's, ADR 070),
 * every active admin's account address and ADMIN_EMAIL.
 */
export async function alertRecipients(
  db: Kysely<Database>,
  settings: MailSettings,
  contactEmail: string | undefined,
  adminEmail = getEnv().ADMIN_EMAIL,
): Promise<string[]> {
  const own = ownerEmailOrNone(settings.alertEmail) ?? ownerEmailOrNone(contactEmail)
  if (own) return [own]
  const admins = await db
    .selectFrom('user')
    .select('email')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('createdAt')
    .execute()
  const seen = new Set<string>()
  const recipients: string[] = []
  for (const email of [...admins.map((a) => a.email), adminEmail]) {
    const address = ownerEmailOrNone(email)
    if (!address || seen.has(address.toLowerCase())) continue
    seen.add(address.toLowerCase())
    recipients.push(address)
  }
  return recipients
}

/**
 * A new contact message: one alert each per recipient, up to ALERTS_PER_HOUR in the last
 * hour; past that, one digest per hour counts them (a spam wave cannot flood a mailbox).
 * Returns the first recipient's row, if any.
 */
export async function queueNewMessageAlert(
  db: Kysely<Database>,
  message: Pick<Message, 'id' | 'name' | 'email' | 'message'>,
  now = new Date(),
): Promise<OutboxRow | undefined> {
  const settings = await getMailSettings(db)
  if (!settings.alertsEnabled) return undefined
  const { site, contactEmail } = await siteOf(db)
  let first: OutboxRow | undefined
  for (const to of await alertRecipients(db, settings, contactEmail)) {
    const row = await alertOne(db, site, to, message, now)
    first ??= row
  }
  return first
}

async function alertOne(
  db: Kysely<Database>,
  site: SiteIdentity,
  to: string,
  message: Pick<Message, 'id' | 'name' | 'email' | 'message'>,
  now: Date,
): Promise<OutboxRow | undefined> {
  const adminUrl = `${site.siteUrl}/admin/messages`
  const configured = isMailConfigured()
  const hourAgo = new Date(now.getTime() - HOUR).toISOString()
  const recent = Number(
    (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'alert')
        .where('toAddress', '=', to)
        .where('createdAt', '>', hourAgo)
        .executeTakeFirstOrThrow()
    ).n,
  )
  if (recent < ALERTS_PER_HOUR) {
    const rendered = alertEmail(site, { ...message, adminUrl: `${adminUrl}?id=${message.id}` })
    return enqueueEmail(
      db,
      {
        kind: 'alert',
        to: { address: to },
        replyTo: message.email,
        ...rendered,
        relatedMessageId: message.id,
      },
      { configured, now },
    )
  }
  // A pending digest not yet picked up by a worker gathers this message too.
  const pending = await db
    .selectFrom('outbox')
    .select(['id', 'createdAt', 'subject'])
    .where('kind', '=', 'digest')
    .where('toAddress', '=', to)
    .where('status', 'in', ['queued', 'unconfigured'])
    .where('attempts', '=', 0)
    .where('leaseUntil', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst()
  if (pending) {
    // The subject starts with the count so far ("3 nouveaux messages — …").
    const count = Number(/^(\d+) /.exec(pending.subject)?.[1] ?? '1') + 1
    const rendered = digestEmail(site, { count, since: pending.createdAt, adminUrl })
    await db
      .updateTable('outbox')
      .set({ subject: rendered.subject, html: rendered.html, text: rendered.text })
      .where('id', '=', pending.id)
      .execute()
    return undefined
  }
  const rendered = digestEmail(site, { count: 1, since: now.toISOString(), adminUrl })
  return enqueueEmail(
    db,
    {
      kind: 'digest',
      to: { address: to },
      ...rendered,
      notBefore: new Date(now.getTime() + HOUR).toISOString(),
    },
    { configured, now },
  )
}

/**
 * An e-mail to one user of the site, by name when there is one; with `ttlMs`, not sent once
 * what it links to has expired.
 */
async function queueForUser(
  db: Kysely<Database>,
  user: { name: string; email: string },
  kind: NewEmail['kind'],
  ttlMs: number | undefined,
  render: (site: SiteIdentity, name: string) => Pick<NewEmail, 'subject' | 'html' | 'text'>,
): Promise<OutboxRow> {
  const { site } = await siteOf(db)
  return enqueueEmail(
    db,
    {
      kind,
      to: { address: user.email, ...(user.name ? { name: user.name } : {}) },
      ...render(site, user.name || user.email),
      ...(ttlMs === undefined ? {} : { expiresAt: new Date(Date.now() + ttlMs).toISOString() }),
    },
    { configured: isMailConfigured() },
  )
}

export async function queuePasswordReset(
  user: { name: string; email: string },
  link: string,
  ttlMs: number,
): Promise<OutboxRow> {
  return queueForUser(getDb(), user, 'reset', ttlMs, (site, name) =>
    resetEmail(site, { name, link, minutes: Math.round(ttlMs / 60_000) }),
  )
}

export async function queueInvitation(
  db: Kysely<Database>,
  user: { name: string; email: string },
  link: string,
  ttlMs: number,
): Promise<OutboxRow> {
  return queueForUser(db, user, 'invitation', ttlMs, (site, name) =>
    invitationEmail(site, { name, link, days: Math.round(ttlMs / (24 * HOUR)) }),
  )
}

/** ADR 014: the account's address is told when a Google/Facebook sign-in is linked to it. */
export async function queueAccountLinked(
  db: Kysely<Database>,
  user: { name: string; email: string },
  provider: string,
): Promise<OutboxRow> {
  return queueForUser(db, user, 'link', undefined, (site, name) =>
    accountLinkedEmail(site, {
      name,
      provider,
      when: nowIso(),
      resetUrl: `${site.siteUrl}/forgot-password`,
    }),
  )
}

/** ADR 018: the e-mail verification link (CV access limited to verified addresses). */
export async function queueEmailVerification(
  user: { name: string; email: string },
  link: string,
  ttlMs: number,
): Promise<OutboxRow> {
  return queueForUser(getDb(), user, 'verify', ttlMs, (site, name) =>
    verifyEmail(site, { name, link, hours: Math.round(ttlMs / HOUR) }),
  )
}

export async function queueTestEmail(to: string): Promise<OutboxRow> {
  const db = getDb()
  const { site } = await siteOf(db)
  return enqueueEmail(
    db,
    { kind: 'test', to: { address: to }, ...testEmail(site) },
    { configured: isMailConfigured() },
  )
}

/** The weekly statistics summary to the owner (the message alerts' recipients, ADR 072). */
export async function queueStatsSummary(
  db: Kysely<Database>,
  lines: string[],
  now = new Date(),
  month?: string,
): Promise<number> {
  const settings = await getMailSettings(db)
  const { site, contactEmail } = await siteOf(db)
  const rendered = statsSummaryEmail(site, {
    lines,
    adminUrl: `${site.siteUrl}/admin/statistics`,
    month,
  })
  const recipients = await alertRecipients(db, settings, contactEmail)
  for (const to of recipients)
    await enqueueEmail(
      db,
      { kind: 'stats', to: { address: to }, ...rendered },
      { configured: isMailConfigured(), now },
    )
  return recipients.length
}

/** The newsletter's double opt-in e-mail (ADR 085), in the transaction of the subscription. */
export async function queueNewsletterConfirmation(
  db: Kysely<Database>,
  confirmation: { email: string; locale: 'fr' | 'en'; token: string; expiresAt: string },
  ttlMs: number,
): Promise<OutboxRow> {
  const { site } = await siteOf(db)
  const path = confirmation.locale === 'en' ? '/en/abonnement/confirmer' : '/abonnement/confirmer'
  const link = `${site.siteUrl}${path}?token=${encodeURIComponent(confirmation.token)}`
  return enqueueEmail(
    db,
    {
      kind: 'newsletter-confirm',
      to: { address: confirmation.email },
      ...newsletterConfirmEmail(site, {
        link,
        days: Math.round(ttlMs / (24 * HOUR)),
        locale: confirmation.locale,
      }),
      expiresAt: confirmation.expiresAt,
    },
    { configured: isMailConfigured() },
  )
}
