// Person JSON-LD of the site's owner (home and CV pages; ADR 020).
import { personLd, type JsonLd } from '#app/domain/structured-data.ts'
import { getEnv } from '../core/env.server.ts'
import { getProfile } from '../repositories/profile.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'
import { localizeDocument } from '../repositories/translations.server.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'

export async function ownerPersonLd(locale: Locale = 'fr'): Promise<JsonLd> {
  const [profile, settings] = await Promise.all([getProfile(), getSiteSettings()])
  // In English, the owner's English title and bio, or none (ADR 075).
  const english = profile
    ? await localizeDocument('profile', 'profile', profile, locale)
    : undefined
  const texts = english?.translated ? english.value : undefined
  const origin = `${getEnv().PUBLIC_URL}${locale === 'en' ? '/en' : ''}`
  return personLd(origin, {
    name: profile?.name || settings.siteName,
    jobTitle: texts?.title,
    description: texts?.bio,
    image: profile?.avatar,
    sameAs: [profile?.website, profile?.github, profile?.linkedin, profile?.twitter],
  })
}
