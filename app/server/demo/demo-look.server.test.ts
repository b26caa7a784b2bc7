// The demo's « CL » logo and portrait go once the owner names themselves (ADR 093).
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { writeDocument } from '#app/server/db/documents.server.ts'
import { parseJson } from '#app/server/db/util.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { DEMO_IDENTITY, DEMO_LOOK, dropDemoLookOnceNamed } from './identity.server.ts'

useTestDatabase()

async function stored(table: 'profile' | 'settings') {
  const row = await getDb()
    .selectFrom(table)
    .select('data')
    .where('id', '=', 'main')
    .executeTakeFirst()
  return parseJson<Record<string, unknown>>(row?.data, {})
}

describe('dropDemoLookOnceNamed', () => {
  it('keeps the demo look while the profile is the demo’s, drops it once the owner is named', async () => {
    const db = getDb()
    await writeDocument('profile', 'main', { name: DEMO_IDENTITY.name, avatar: DEMO_LOOK.avatar })
    await writeDocument('settings', 'main', { siteName: 'Camille Laurent', logo: DEMO_LOOK.logo })
    await dropDemoLookOnceNamed(db)
    expect(await stored('profile')).toMatchObject({ avatar: DEMO_LOOK.avatar })
    expect(await stored('settings')).toMatchObject({ logo: DEMO_LOOK.logo })

    await writeDocument('profile', 'main', { name: 'Alex Martin', avatar: DEMO_LOOK.avatar })
    await dropDemoLookOnceNamed(db)
    expect(await stored('profile')).toEqual({ name: 'Alex Martin' })
    expect(await stored('settings')).toEqual({ siteName: 'Camille Laurent' })
  })

  it('never touches a logo or a portrait the owner chose', async () => {
    const db = getDb()
    await writeDocument('profile', 'main', { name: 'Alex Martin', avatar: '/media/a.webp' })
    await writeDocument('settings', 'main', { siteName: 'Alex', logo: '/media/b.webp' })
    await dropDemoLookOnceNamed(db)
    expect(await stored('profile')).toMatchObject({ avatar: '/media/a.webp' })
    expect(await stored('settings')).toMatchObject({ logo: '/media/b.webp' })
  })
})
