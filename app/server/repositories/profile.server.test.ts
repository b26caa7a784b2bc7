import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getProfile, saveProfile } from './profile.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

const profile = {
  name: 'Camille Durand',
  title: 'Développeuse créative',
  email: 'camille@exemple.fr',
  bio: 'Je conçois des interfaces.',
}

describe('profile repository', () => {
  it('reads nothing before the first save', async () => {
    expect(await getProfile()).toBeUndefined()
  })

  it('saves and reads the profile', async () => {
    const saved = await saveProfile({ ...profile, github: 'https://github.com/camille', phone: '' })
    expect(saved).toEqual({ ...profile, github: 'https://github.com/camille' })
    expect(await getProfile()).toEqual(saved)
  })

  it('overwrites: optional fields left out are dropped', async () => {
    await saveProfile({
      ...profile,
      phone: '+33 6 12 34 56 78',
      location: 'Lyon',
      twitter: 'https://x.com/camille',
    })
    await saveProfile({ ...profile, name: 'Camille D.', location: 'Nantes' })
    expect(await getProfile()).toEqual({ ...profile, name: 'Camille D.', location: 'Nantes' })
  })

  it('refuses invalid input and keeps the stored profile', async () => {
    await saveProfile(profile)
    await expect(
      saveProfile({ ...profile, email: 'non', website: 'ftp://x' }),
    ).rejects.toMatchObject({
      fieldErrors: { email: 'Adresse e-mail invalide', website: 'URL invalide' },
    })
    await expect(saveProfile({ ...profile, bio: '' })).rejects.toMatchObject({
      fieldErrors: { bio: 'La biographie est requise' },
    })
    expect(await getProfile()).toEqual(profile)
  })
})
