// Admin › Users: the list (roles, status, invitations) and the user form.
import { Form } from 'react-router'
import { Eye, Link2, Mail, PenLine, ShieldCheck, type LucideIcon } from 'lucide-react'
import { boolField, type FieldErrors } from '#app/domain/common.ts'
import {
  ROLE_LABELS,
  STATUS_LABELS,
  USER_DELETE_QUESTION,
  UserFormSchema,
} from '#app/domain/user.ts'
import { USER_ROLES, USER_STATUSES, type User, type UserRole } from '#app/domain/types.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { FormErrorSummary } from './banner.tsx'
import { SubmitButton } from './buttons.tsx'
import { ConfirmDelete } from './confirm-delete.tsx'
import { CheckboxField, FieldGrid, fieldBinder, SelectField, TextField } from './fields.tsx'
import { CancelLink, EditLink, EmptyState, FormActions, FormPanel } from './list.tsx'
import { useSchemaForm } from './use-schema-form.ts'
import { UserSecurityActions } from './user-security-actions.tsx'
import { MediaUrlField } from './media-url-field.tsx'
// Shown when a user has no avatar: a placeholder image shipped in public/.
import { Avatar } from '#app/ui/primitives/avatar.tsx'

export const NEVER = 'Jamais'
export const NO_USERS = 'Aucun utilisateur à afficher.'
export const INVITATION_PENDING = 'Invitation en attente'

const ROLE_ICONS: Record<UserRole, LucideIcon> = {
  viewer: Eye,
  editor: PenLine,
  admin: ShieldCheck,
}

export function RoleLabel({ role }: { role: UserRole }) {
  const Icon = ROLE_ICONS[role]
  return (
    <span className="inline-flex items-center gap-1" data-role={role}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {ROLE_LABELS[role]}
    </span>
  )
}

const STATUS_STYLES = {
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-zinc-200 text-zinc-700',
  blocked: 'bg-red-100 text-red-800',
} as const

export function UserTable({
  users,
  pending = [],
  twoFactor,
}: {
  users: User[]
  pending?: string[]
  /** Users whose two-factor sign-in is on (ADR 025). */
  twoFactor?: string[]
}) {
  if (users.length === 0) return <EmptyState>{NO_USERS}</EmptyState>
  return (
    // `relative` keeps the sr-only header inside the scrolling box: without it, it is placed
    // against the page and widens it (a sideways scroll at 390 px).
    <div className="relative overflow-x-auto rounded-md border border-zinc-200 bg-white">
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">Utilisateurs</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase">
          <tr>
            {['Utilisateur', 'Rôle', 'Statut', 'Dernière connexion', 'Créé le'].map((label) => (
              <th key={label} scope="col" className="px-4 py-2">
                {label}
              </th>
            ))}
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200">
          {users.map((user) => (
            <tr key={user.id} data-user-id={user.id}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar
                    src={user.avatar}
                    size={36}
                    className="h-9 w-9 rounded-full object-cover"
                  />
                  <div className="min-w-0 md:min-w-max">
                    <p className="font-medium text-zinc-900">{user.name}</p>
                    {/* Never cut: wraps only when the screen is too narrow. */}
                    <p className="text-zinc-600 [overflow-wrap:anywhere] md:whitespace-nowrap">
                      {user.email}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3" data-label="Rôle">
                <RoleLabel role={user.role} />
              </td>
              <td className="px-4 py-3" data-label="Statut">
                <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_STYLES[user.status]}`}>
                  {STATUS_LABELS[user.status]}
                </span>
                {pending.includes(user.id) ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                    {INVITATION_PENDING}
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-3" data-label="Dernière connexion">
                {user.lastLogin ? formatDateTime(user.lastLogin) : NEVER}
              </td>
              <td className="px-4 py-3" data-label="Créé le">
                {formatDateTime(user.createdAt)}
              </td>
              <td className="px-4 py-3">
                <div className="stack-actions flex justify-end gap-1">
                  {pending.includes(user.id) ? (
                    <InviteButton
                      userId={user.id}
                      label={`Nouveau lien d'invitation pour ${user.name}`}
                      title="Nouveau lien d'invitation"
                    >
                      <Link2 className="h-4 w-4" aria-hidden="true" />
                    </InviteButton>
                  ) : null}
                  <UserSecurityActions
                    id={user.id}
                    name={user.name}
                    hasTwoFactor={twoFactor?.includes(user.id) ?? false}
                  />
                  {pending.includes(user.id) ? (
                    // The same new link, also e-mailed to the user (ADR 019).
                    <InviteButton
                      userId={user.id}
                      byEmail
                      label={`Envoyer l'invitation par e-mail à ${user.name}`}
                      title="Envoyer l'invitation par e-mail"
                    >
                      <Mail className="h-4 w-4" aria-hidden="true" />
                    </InviteButton>
                  ) : null}
                  <EditLink id={user.id} itemName={user.name} />
                  <ConfirmDelete
                    id={user.id}
                    itemName={user.name}
                    question={USER_DELETE_QUESTION}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const ROLE_OPTIONS = USER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))
const STATUS_OPTIONS = USER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))

export function UserForm({
  user,
  values,
  errors: serverErrors,
  mailConfigured = false,
}: {
  /** The user being edited; absent in create mode. */
  user?: User
  /** Whether the site sends e-mail (the invitation checkbox's default and hint). */
  mailConfigured?: boolean
  /** What was typed, after a refused save. */
  values?: Record<string, unknown>
  errors?: FieldErrors
}) {
  const { errors, onSubmit } = useSchemaForm(UserFormSchema, serverErrors)
  const field = fieldBinder(values, errors)
  const editing = user !== undefined
  return (
    <FormPanel title={editing ? "Modifier l'utilisateur" : 'Nouvel utilisateur'}>
      <FormErrorSummary errors={errors} />
      <Form method="post" noValidate onSubmit={onSubmit}>
        {editing ? <input type="hidden" name="id" value={user.id} /> : null}
        <FieldGrid>
          <TextField {...field('name', user?.name)} label="Nom" required autoComplete="off" />
          <TextField
            {...field('email', user?.email)}
            label="Adresse e-mail"
            type="email"
            required
            autoComplete="off"
          />
          <SelectField
            {...field('role', user?.role ?? 'viewer')}
            label="Rôle"
            required
            options={ROLE_OPTIONS}
          />
          <SelectField
            {...field('status', user?.status ?? 'active')}
            label="Statut"
            required
            options={STATUS_OPTIONS}
          />
          <MediaUrlField
            kind="image"
            {...field('avatar', user?.avatar)}
            label="URL de l'avatar"
            hint="Optionnel : une image par défaut est affichée sinon."
          />
          {editing ? null : (
            // The invitation link can also go by e-mail (ADR 019; copying stays possible).
            <CheckboxField
              name="sendInvitation"
              label="Envoyer l'invitation par e-mail"
              defaultChecked={values ? boolField.parse(values.sendInvitation) : mailConfigured}
              hint={
                mailConfigured
                  ? 'Le lien d’invitation est aussi affiché après l’ajout, pour le copier.'
                  : "L'envoi d'e-mails n'est pas configuré : l'e-mail attendra dans la file d'envoi. Le lien est affiché après l'ajout, pour le copier."
              }
            />
          )}
        </FieldGrid>
        <FormActions>
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'}>
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}

/** A new invitation link for a user who has not signed in yet; `byEmail`: also e-mailed. */
function InviteButton(props: {
  userId: string
  byEmail?: boolean
  label: string
  title: string
  children: React.ReactNode
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={props.userId} />
      {props.byEmail ? <input type="hidden" name="sendInvitation" value="on" /> : null}
      <button
        type="submit"
        name="intent"
        value="invite"
        aria-label={props.label}
        title={props.title}
        className="rounded-md p-2 text-zinc-700 hover:bg-zinc-100"
      >
        {props.children}
      </button>
    </Form>
  )
}
