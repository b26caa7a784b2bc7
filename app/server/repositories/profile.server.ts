// The profile: a single document keyed 'main', fully overwritten on save.
import { cachedRead } from '#app/server/cache/generation.server.ts'
import { ProfileSchema } from '#app/domain/profile.ts'
import type { Profile } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { parseJson } from '#app/server/db/util.server.ts'
import { writeDocument } from '#app/server/db/documents.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'

const MAIN = 'main'

/** undefined until the profile is first saved (a missing document reads as nothing). */
async function readProfile(): Promise<Profile | undefined> {
  const row = await getDb()
    .selectFrom('profile')
    .select(['data'])
    .where('id', '=', MAIN)
    .executeTakeFirst()
  if (!row) return undefined
  return parseJson<Profile | undefined>(row.data, undefined)
}

/** undefined until the profile is first saved. Read once per content generation (ADR 027). */
export const getProfile: () => Promise<Profile | undefined> = cachedRead('profile', readProfile)

/** Overwrite: optional fields left empty are removed, not kept from before. */
export async function saveProfile(input: unknown): Promise<Profile> {
  const profile: Profile = parseOrThrow(ProfileSchema, input)
  await writeDocument('profile', MAIN, profile)
  return profile
}
