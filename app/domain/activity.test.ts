import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_ACTION_PHRASES,
  ACTIVITY_ACTION_LABELS,
  ActivityFilterSchema,
  activityCountLabel,
  activitySentence,
  ClientInfoSchema,
  DEFAULT_USER_INFO,
  displayInfo,
  RESOURCE_TYPE_LABELS,
} from './activity.ts'
import { labelKeys } from './labels.ts'
import type { ActivityLog } from './types.ts'

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
    expect(Object.keys(ACTIVITY_ACTION_PHRASES).sort()).toEqual(
      labelKeys(ACTIVITY_ACTION_LABELS).toSorted(),
    )
  })

  it('label every resource type; the values stored in the log stay these', () => {
    expect(labelKeys(ACTIVITY_ACTION_LABELS)).toEqual([
      'create',
      'update',
      'delete',
      'login',
      'logout',
      'download',
      'access',
      'access_denied',
    ])
    expect(labelKeys(RESOURCE_TYPE_LABELS)).toEqual([
      'project',
      'skill',
      'timeline',
      'process',
      'blog',
      'page',
      'user',
      'message',
      'media',
      'profile',
      'settings',
      'cv',
      'admin',
    ])
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
  it('ignores unknown filters and bad cursors', () => {
    expect(
      ActivityFilterSchema.parse({ action: 'login', resourceType: 'cv', apres: 'WyJ4IiwieSJd' }),
    ).toEqual({
      action: 'login',
      resourceType: 'cv',
      apres: 'WyJ4IiwieSJd',
      pageViews: false,
    })
    expect(
      ActivityFilterSchema.parse({
        action: 'hack',
        resourceType: '',
        apres: ['a', 'b'],
        avant: 'x'.repeat(5000),
      }),
    ).toEqual({ pageViews: false })
  })
})

describe('activityCountLabel', () => {
  it('says the bounded count in French', () => {
    expect(activityCountLabel(0, false)).toBe('0 entrée')
    expect(activityCountLabel(1, false)).toBe('1 entrée')
    expect(activityCountLabel(55, false)).toBe('55 entrées')
    expect(activityCountLabel(1_000, true)).toBe('Plus de 1\u202f000 entrées')
  })
})

describe('activitySentence', () => {
  const base = {
    id: 'a1',
    userId: 'u1',
    userName: 'Léa Martin',
    resourceType: 'admin' as const,
    timestamp: '2026-11-23T10:00:00.000Z',
    details: '',
    userInfo: DEFAULT_USER_INFO,
  }
  const say = (entry: Partial<ActivityLog> & Pick<ActivityLog, 'action'>) => {
    const { actor, text } = activitySentence({ ...base, ...entry })
    return `${actor} ${text}`
  }

  it('says a failed sign-in failed, with its reason, and no stray resource', () => {
    expect(
      say({
        action: 'login',
        userId: 'anonymous',
        userName: 'anonymous',
        details: 'Échec de connexion : identifiants invalides',
      }),
    ).toBe("Un visiteur anonyme n'a pas pu se connecter : identifiants invalides")
    expect(
      say({
        action: 'login',
        userId: 'anonymous',
        userName: 'anonymous',
        details: 'Échec de connexion avec Google (access_denied)',
      }),
    ).toBe("Un visiteur anonyme n'a pas pu se connecter avec Google (access_denied)")
  })

  it('writes sign-ins, sign-outs and page views as sentences without « Administration »', () => {
    expect(say({ action: 'login', details: 'Connexion par e-mail et mot de passe' })).toBe(
      "Léa Martin s'est connecté par e-mail et mot de passe",
    )
    expect(say({ action: 'login', details: 'Connexion avec Google' })).toBe(
      "Léa Martin s'est connecté avec Google",
    )
    expect(say({ action: 'login', details: 'Inscription par e-mail et mot de passe' })).toBe(
      'Léa Martin a créé son compte par e-mail et mot de passe',
    )
    expect(say({ action: 'logout', details: 'Déconnexion' })).toBe("Léa Martin s'est déconnecté")
    expect(say({ action: 'access', resourceName: '/admin/projects' })).toBe(
      "Léa Martin a accédé à l'onglet « Projets »",
    )
    expect(say({ action: 'access', resourceName: '/admin' })).toBe(
      "Léa Martin a accédé à l'administration",
    )
    expect(
      say({
        action: 'access_denied',
        userId: 'anonymous',
        userName: 'anonymous',
        resourceName: '/admin/users',
      }),
    ).toBe("Un visiteur anonyme s'est vu refuser l'accès à l'onglet « Utilisateurs »")
  })

  it('names the resource with its article, and single documents without their name', () => {
    expect(say({ action: 'create', resourceType: 'project', resourceName: 'Atlas' })).toBe(
      'Léa Martin a créé le projet « Atlas »',
    )
    expect(say({ action: 'delete', resourceType: 'skill', resourceName: 'Figma' })).toBe(
      'Léa Martin a supprimé la compétence « Figma »',
    )
    expect(say({ action: 'update', resourceType: 'settings', resourceName: 'Vitrine' })).toBe(
      'Léa Martin a modifié les paramètres du site',
    )
    expect(say({ action: 'download', resourceType: 'cv', userName: 'Unknown User' })).toBe(
      'Un utilisateur inconnu a téléchargé le CV',
    )
  })

  it('shows unknown visitor values in French', () => {
    expect(displayInfo('Unknown')).toBe('Inconnu')
    expect(displayInfo('')).toBe('Inconnu')
    expect(displayInfo('fr-FR')).toBe('fr-FR')
  })

  it('hides page views by default: pageViews reads only "1"', () => {
    expect(ActivityFilterSchema.parse({}).pageViews).toBe(false)
    expect(ActivityFilterSchema.parse({ pageViews: '1' }).pageViews).toBe(true)
    expect(ActivityFilterSchema.parse({ pageViews: ['x'] }).pageViews).toBe(false)
  })
})
