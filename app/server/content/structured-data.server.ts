// Person JSON-LD of the site's owner (home and CV pages; ADR 020).
import { personLd, type JsonLd } from '#app/domain/structured-data.ts'
import { getEnv } from '../core/env.server.ts'
import { getProfile } from '../repositories/profile.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'

export async function ownerPersonLd(): Promise<JsonLd> {
  const [profile, settings] = await Promise.all([getProfile(), getSiteSettings()])
  return personLd(getEnv().PUBLIC_URL, {
    name: profile?.name || settings.siteName,
    jobTitle: profile?.title,
    description: profile?.bio,
    image: profile?.avatar,
    sameAs: [profile?.website, profile?.github, profile?.linkedin, profile?.twitter],
  })
}
