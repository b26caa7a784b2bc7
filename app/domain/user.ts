// User form (name, email, role and status required; avatar optional URL;
// defaults viewer / active) and the French labels of roles and statuses.
import { z } from 'zod'
import { optionalUrl, requiredEmail, requiredText } from './common.ts'
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from './types.ts'

export const USER_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?'

export const ROLE_LABELS: Record<UserRole, string> = {
  viewer: 'Lecteur',
  editor: 'Éditeur',
  admin: 'Administrateur',
}

export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Actif',
  inactive: 'Inactif',
  blocked: 'Bloqué',
}

export const DUPLICATE_EMAIL = 'Cette adresse e-mail est déjà utilisée'

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v

export const UserFormSchema = z.object({
  name: requiredText('Le nom est requis'),
  // Stored lower-cased, as Better Auth does, so one address is one account.
  email: requiredEmail("L'adresse e-mail est requise").transform((v) => v.toLowerCase()),
  role: z.preprocess(
    blankToUndefined,
    z.enum(USER_ROLES, { error: 'Rôle invalide' }).default('viewer'),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(USER_STATUSES, { error: 'Statut invalide' }).default('active'),
  ),
  avatar: optionalUrl(),
})

export type UserFormInput = z.input<typeof UserFormSchema>
export type UserFormData = z.output<typeof UserFormSchema>
