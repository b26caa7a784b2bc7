import { describe, expect, it } from 'vitest'
import { ROLE_LABELS, STATUS_LABELS, USER_DELETE_QUESTION, UserFormSchema } from './user.ts'
import { fieldErrors } from './schema-test-support.ts'

const errors = (input: unknown) => fieldErrors(UserFormSchema, input)

describe('UserFormSchema', () => {
  it('defaults to viewer / active and lower-cases the e-mail', () => {
    expect(
      UserFormSchema.parse({ name: 'Léa', email: 'Lea@Exemple.FR', role: '', status: '' }),
    ).toEqual({
      name: 'Léa',
      email: 'lea@exemple.fr',
      role: 'viewer',
      status: 'active',
    })
  })

  it('requires name and email; refuses unknown roles and statuses', () => {
    expect(errors({ role: 'root', status: 'deleted' })).toEqual({
      name: 'Le nom est requis',
      email: "L'adresse e-mail est requise",
      role: 'Rôle invalide',
      status: 'Statut invalide',
    })
  })

  it('checks formats and bounds', () => {
    const ok = { name: 'n'.repeat(200), email: 'a@b.fr', role: 'admin', status: 'blocked' }
    expect(errors({ ...ok, avatar: 'https://exemple.fr/a.png' })).toEqual({})
    expect(errors({ ...ok, name: 'n'.repeat(201), email: 'ab.fr', avatar: 'a.png' })).toEqual({
      name: '200 caractères maximum',
      email: 'Adresse e-mail invalide',
      avatar: 'URL invalide',
    })
  })

  it('has the French labels and question', () => {
    expect(USER_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cet utilisateur ?')
    expect(ROLE_LABELS).toEqual({ viewer: 'Lecteur', editor: 'Éditeur', admin: 'Administrateur' })
    expect(STATUS_LABELS).toEqual({ active: 'Actif', inactive: 'Inactif', blocked: 'Bloqué' })
  })
})
