// The owner's details the legal templates name (ADR 021): the profile's name, the contact
// details of the settings (the profile's when the settings have none), the site's address.
import type { LegalFacts } from '#app/domain/legal.ts'
import { analyticsId } from './seo.server.ts'
import { getEnv } from '../core/env.server.ts'
import { getProfile } from '../repositories/profile.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'

export async function getLegalFacts(): Promise<LegalFacts> {
  const [settings, profile] = await Promise.all([getSiteSettings(), getProfile()])
  const env = getEnv()
  const pick = (...values: (string | undefined)[]) => values.map((v) => v?.trim()).find((v) => !!v)
  return {
    siteName: settings.siteName,
    ownerName: pick(profile?.name, settings.siteName) ?? settings.siteName,
    email: pick(settings.contact.email, profile?.email),
    phone: pick(settings.contact.phone, profile?.phone),
    address: pick(settings.contact.address),
    siteUrl: env.PUBLIC_URL,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    outboxRetentionDays: env.OUTBOX_RETENTION_DAYS,
    analytics: !!analyticsId(settings.googleAnalyticsId),
  }
}
