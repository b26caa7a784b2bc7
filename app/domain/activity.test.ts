import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_ACTION_PHRASES,
  ActivityFilterSchema,
  ClientInfoSchema,
  RESOURCE_TYPE_LABELS,
} from './activity.ts'
import { ACTIVITY_ACTIONS, RESOURCE_TYPES } from './types.ts'

describe('activity texts', () => {
  it('phrase every action in French', () => {
    expect(ACTIVITY_ACTION_PHRASES).toEqual({
      create: 'a créé',
      update: 'a modifié',
      delete: 'a supprimé',
      login: "s'est connecté",
      logout: "s'est déconnecté",
      download: 'a téléchargé',
      access: 'a accédé à',
      access_denied: "s'est vu refuser l'accès à",
    })
    expect(Object.keys(ACTIVITY_ACTION_PHRASES).sort()).toEqual([...ACTIVITY_ACTIONS].sort())
  })

  it('label every resource type', () => {
    expect(Object.keys(RESOURCE_TYPE_LABELS).sort()).toEqual([...RESOURCE_TYPES].sort())
    expect(RESOURCE_TYPE_LABELS.skill).toBe('Compétence')
  })
})

describe('ClientInfoSchema', () => {
  it('keeps plausible values and drops the others', () => {
    expect(
      ClientInfoSchema.parse({
        language: 'fr-FR',
        screenResolution: '1920x1080',
        timezone: 'America/Argentina/Buenos_Aires',
        referrer: 'https://www.google.com/',
      }),
    ).toEqual({
      language: 'fr-FR',
      screenResolution: '1920x1080',
      timezone: 'America/Argentina/Buenos_Aires',
      referrer: 'https://www.google.com/',
    })
    expect(
      ClientInfoSchema.parse({
        language: '<script>',
        screenResolution: '1920*1080',
        timezone: 'Europe/Paris; drop table',
        referrer: 'x'.repeat(2049),
      }),
    ).toEqual({})
  })
})

describe('ActivityFilterSchema', () => {
  it('ignores unknown filters and bad pages', () => {
    expect(ActivityFilterSchema.parse({ action: 'login', resourceType: 'cv', page: '3' })).toEqual({
      action: 'login',
      resourceType: 'cv',
      page: 3,
    })
    expect(ActivityFilterSchema.parse({ action: 'hack', resourceType: '', page: '-2' })).toEqual({
      page: 1,
    })
  })
})
