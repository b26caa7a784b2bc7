import { describe, expect, it } from 'vitest'
import { legalTemplate } from '#app/domain/legal.ts'
import { useTestDatabase } from '../../tests/fixtures/db.ts'
import { DEMO_PROFILE, DEMO_SETTINGS } from './demo/content.server.ts'
import { getDb } from './db/client.server.ts'
import { demoIdentityState } from './demo/identity.server.ts'
import { DEMO_NAME_PLACEHOLDER, getLegalFacts } from './legal.server.ts'
import { saveProfile } from './repositories/profile.server.ts'
import { updateSettings } from './repositories/settings.server.ts'

describe('the demo identity in the legal pages and the hub (ADR 070)', () => {
  useTestDatabase()

  it('the templates never name the demo person, her address or her phone', async () => {
    await updateSettings(DEMO_SETTINGS)
    await saveProfile(DEMO_PROFILE)
    expect(await demoIdentityState(getDb())).toEqual({ profile: true, legal: true })
    const facts = await getLegalFacts()
    expect(facts).toMatchObject({ ownerName: DEMO_NAME_PLACEHOLDER })
    expect(facts.email).toBeUndefined()
    expect(facts.phone).toBeUndefined()
    const notice = legalTemplate('notice', facts)
    expect(notice).not.toContain('camille-laurent.fr')
    expect(notice).not.toContain('06 42 18 57 93')
    expect(notice).not.toContain('Camille Laurent, à titre personnel')
    expect(notice).toContain('Contact : via le formulaire de la page Contact')
  })

  it('the owner’s own details are used as soon as they are entered', async () => {
    await updateSettings({
      ...DEMO_SETTINGS,
      contact: { email: 'alex@exemple.fr', phone: '01 23 45 67 89' },
    })
    await saveProfile({ ...DEMO_PROFILE, name: 'Alex Martin', email: 'alex@exemple.fr', phone: '' })
    expect(await demoIdentityState(getDb())).toEqual({ profile: false, legal: false })
    expect(await getLegalFacts()).toMatchObject({
      ownerName: 'Alex Martin',
      email: 'alex@exemple.fr',
      phone: '01 23 45 67 89',
    })
  })
})
