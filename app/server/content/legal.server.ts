// The owner's details the legal templates name (ADR 021): the profile's name, the contact
// details of the settings (the profile's when the settings have none), the site's address.
// The demo person's name, address and phone are never filled in (ADR 070): the templates
// then show what to complete between brackets, and no visitor is sent to a fictional address.
import { OWNER_PLACEHOLDER, type LegalFacts } from '#app/domain/legal.ts'
import { isDemoEmail, isDemoName, isDemoPhone } from '../demo/identity.server.ts'
import { analyticsId } from './seo.server.ts'
import { getEnv } from '../core/env.server.ts'
import { getProfile } from '../repositories/profile.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'
import { getStatsSettings } from '../analytics/store.server.ts'
import { DEMO_LEGAL_EN } from '../demo/content-en.server.ts'

export async function getLegalFacts(): Promise<LegalFacts> {
  const [settings, profile, stats] = await Promise.all([
    getSiteSettings(),
    getProfile(),
    getStatsSettings(),
  ])
  const env = getEnv()
  const pick = (...values: (string | undefined)[]) => values.map((v) => v?.trim()).find((v) => !!v)
  const not = (isDemo: (value: string) => boolean) => (value: string | undefined) =>
    value && !isDemo(value) ? value : undefined
  const ownName = not(isDemoName)
  const ownEmail = not(isDemoEmail)
  const ownPhone = not(isDemoPhone)
  return {
    siteName: settings.siteName,
    ownerName: pick(ownName(profile?.name), ownName(settings.siteName)) ?? DEMO_NAME_PLACEHOLDER,
    email: pick(ownEmail(settings.contact.email), ownEmail(profile?.email)),
    phone: pick(ownPhone(settings.contact.phone), ownPhone(profile?.phone)),
    address: pick(settings.contact.address),
    siteUrl: env.PUBLIC_URL,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    outboxRetentionDays: env.OUTBOX_RETENTION_DAYS,
    analytics: !!analyticsId(settings.googleAnalyticsId),
    statistics: stats.enabled ? { retentionMonths: stats.retentionMonths } : undefined,
  }
}

/** Where the owner's name goes while the profile still names the demo person. */
export const DEMO_NAME_PLACEHOLDER = OWNER_PLACEHOLDER.fr

const DEMO_ENGLISH_TEXTS = new Set(Object.values(DEMO_LEGAL_EN).map((d) => String(d.text).trim()))

/**
 * The owner's English text of a legal page, if she wrote one. The English texts the demo
 * once seeded named the demo person and claimed consent-only statistics: they count as
 * not written, so the English template, built from the same facts as the French, shows
 * (ADR 089).
 */
export function ownEnglishLegalText(text: unknown): string | undefined {
  const own = typeof text === 'string' ? text.trim() : ''
  return own && !DEMO_ENGLISH_TEXTS.has(own) ? own : undefined
}
