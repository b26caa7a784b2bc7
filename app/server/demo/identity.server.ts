// The demo content's person (Camille Laurent). Her address and phone number are fiction
// shipped with the product: a real visitor's message, an alert or a Reply-To must never go
// to them, and the legal templates must not name them as the owner (ADR 070). Detection
// compares the stored values with these constants, so it holds for any install seeded with
// this demo, whatever else the owner has already changed.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.server.ts'
import { writeDocument } from '../db/documents.server.ts'
import { parseJson } from '../db/util.server.ts'

export const DEMO_IDENTITY = {
  name: 'Camille Laurent',
  email: 'bonjour@camille-laurent.fr',
  phone: '06 42 18 57 93',
} as const

const normalEmail = (value: string) => value.trim().toLowerCase()
const digits = (value: string) => value.replace(/\D/g, '')

/** Whether `email` is the demo person's address (or the demo site's domain). */
export function isDemoEmail(email: string | undefined | null): boolean {
  if (!email?.trim()) return false
  const address = normalEmail(email)
  const demoDomain = DEMO_IDENTITY.email.split('@')[1]!
  return address === DEMO_IDENTITY.email || address.endsWith(`@${demoDomain}`)
}

export function isDemoPhone(phone: string | undefined | null): boolean {
  return !!phone?.trim() && digits(phone) === digits(DEMO_IDENTITY.phone)
}

export function isDemoName(name: string | undefined | null): boolean {
  return !!name?.trim() && name.trim().toLowerCase() === DEMO_IDENTITY.name.toLowerCase()
}

/** `email` unless it is the demo person's; undefined then. */
export function ownerEmailOrNone(email: string | undefined | null): string | undefined {
  return email?.trim() && !isDemoEmail(email) ? email.trim() : undefined
}

export interface DemoIdentityState {
  /** The profile still names the demo person or her contact details. */
  profile: boolean
  /** The settings' contact details (used by the legal pages) are still the demo's. */
  legal: boolean
}

/** What of the demo identity is still in place, read through `db`. */
export async function demoIdentityState(db: Kysely<Database>): Promise<DemoIdentityState> {
  const [profileRow, settingsRow] = await Promise.all([
    db.selectFrom('profile').select('data').where('id', '=', 'main').executeTakeFirst(),
    db.selectFrom('settings').select('data').where('id', '=', 'main').executeTakeFirst(),
  ])
  const profile = parseJson<{ name?: string; email?: string; phone?: string } | undefined>(
    profileRow?.data,
    undefined,
  )
  const settings = parseJson<
    { siteName?: string; contact?: { email?: string; phone?: string } } | undefined
  >(settingsRow?.data, undefined)
  return {
    profile:
      isDemoName(profile?.name) || isDemoEmail(profile?.email) || isDemoPhone(profile?.phone),
    legal:
      isDemoEmail(settings?.contact?.email) ||
      isDemoPhone(settings?.contact?.phone) ||
      (!profile?.name?.trim() && isDemoName(settings?.siteName)),
  }
}

/** The demo's look: the « CL » logo and Camille's portrait. */
export const DEMO_LOOK = {
  logo: '/images/logo.webp',
  avatar: '/images/avatar-camille.webp',
} as const

/**
 * Once the owner has named themselves in « Mon Profil » (the signal the hub's demo banner
 * reads: demoIdentityState), the demo's logo and portrait are not theirs: both go, the site
 * falls back to its plain mark and the default avatar (ADR 093). What the owner chose stays.
 */
export async function dropDemoLookOnceNamed(db: Kysely<Database>): Promise<void> {
  if ((await demoIdentityState(db)).profile) return
  const [profileRow, settingsRow] = await Promise.all([
    db.selectFrom('profile').select('data').where('id', '=', 'main').executeTakeFirst(),
    db.selectFrom('settings').select('data').where('id', '=', 'main').executeTakeFirst(),
  ])
  const profile = parseJson<Record<string, unknown> | undefined>(profileRow?.data, undefined)
  if (profile?.avatar === DEMO_LOOK.avatar) {
    const { avatar: _demo, ...rest } = profile
    await writeDocument('profile', 'main', rest, db)
  }
  const settings = parseJson<Record<string, unknown> | undefined>(settingsRow?.data, undefined)
  if (settings?.logo === DEMO_LOOK.logo) {
    const { logo: _demo, ...rest } = settings
    await writeDocument('settings', 'main', rest, db)
  }
}
