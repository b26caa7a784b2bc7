// Admin › Users (roles, the user form) on the auth `user` table. A user
// created here has no password: they claim this row, and the role given, through the
// single-use invitation link shown once to the admin, or by signing in with Google or
// Facebook with that e-mail (ADR 015). The last active admin can never
// demote, block or delete themself (the site cannot be locked out); blocking or deactivating
// a user ends their sessions.
import { useActionData, useLoaderData, useLocation, useSearchParams } from 'react-router'
import { ROLE_LABELS, STATUS_LABELS, UserFormSchema } from '#app/domain/user.ts'
import type { User } from '#app/domain/types.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import {
  formFailure,
  notFound,
  readAdminForm,
  unknownIntent,
  withValidation,
} from '#app/server/admin/admin-actions.server.ts'
import { adminSecurityAction, usersWithTwoFactor } from '#app/server/auth/admin-security.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  INVITATION_TTL_MS,
  invitationLink,
  issueInvitation,
  revokeInvitation,
  usersWithoutAccount,
} from '#app/server/auth/invitations.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import {
  countActiveAdmins,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  updateUser,
} from '#app/server/repositories/users.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { isMailConfigured, queueInvitation } from '#app/server/mail/mail.server.ts'
import { kickMailWorker } from '#app/server/mail/worker.server.ts'
import { Pagination } from '#app/ui/admin/activity-pagination.tsx'
import { Banner } from '#app/ui/admin/banner.tsx'
import { AddButton } from '#app/ui/admin/list.tsx'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import { UserForm, UserTable } from '#app/ui/admin/users-list.tsx'
import type { Route } from './+types/users'
import { boolField } from '#app/domain/common.ts'

const USERS_PAGE_SIZE = 50
const LAST_ADMIN_MESSAGE =
  'Vous êtes le dernier administrateur actif : cette action est impossible.'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const editId = url.searchParams.get('edit')
  const all = await listUsers()
  const pages = Math.max(1, Math.ceil(all.length / USERS_PAGE_SIZE))
  const wanted = Number(url.searchParams.get('page'))
  const page = Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, pages) : 1
  const users = all.slice((page - 1) * USERS_PAGE_SIZE, page * USERS_PAGE_SIZE)
  const editing = editId ? await getUser(editId) : undefined
  if (editId && !editing) throw notFound("Cet utilisateur n'existe plus.")
  // Users who cannot sign in yet: their invitation is pending (ADR 015).
  const pending = [...(await usersWithoutAccount(users.map((u) => u.id)))]
  const twoFactor = await usersWithTwoFactor(users.map((u) => u.id))
  return {
    users,
    pending,
    twoFactor,
    total: all.length,
    page,
    pageSize: USERS_PAGE_SIZE,
    editing,
    mailConfigured: isMailConfigured(),
  }
}

/**
 * Redirect to the list with the single-use invitation link shown once (ADR 015); with
 * `email`, the link is also e-mailed to the user through the outbox (ADR 019).
 */
async function withInvitation(
  userId: string,
  message: string,
  email?: { name: string; email: string },
) {
  const token = await issueInvitation(userId)
  const link = invitationLink(getEnv(), token)
  let sent = ''
  if (email) {
    await queueInvitation(getDb(), email, link, INVITATION_TTL_MS)
    kickMailWorker()
    sent = isMailConfigured()
      ? ` L'invitation part par e-mail à ${email.email} ; vous pouvez aussi lui transmettre ce lien (usage unique, valable 7 jours) :`
      : ` L'e-mail d'invitation attend dans la file d'envoi (envoi non configuré) : transmettez-lui ce lien (usage unique, valable 7 jours) :`
  }
  return redirectWithToast(await listAddress(userId), {
    kind: 'success',
    message:
      message + (sent || " Transmettez-lui ce lien d'invitation (usage unique, valable 7 jours) :"),
    link,
  })
}

/** The list's page that shows the user, so the admin sees the row just saved or invited. */
async function listAddress(userId: string): Promise<string> {
  const index = (await listUsers()).findIndex((u) => u.id === userId)
  const page = Math.floor(Math.max(0, index) / USERS_PAGE_SIZE) + 1
  return page > 1 ? `/admin/users?page=${page}` : '/admin/users'
}

/** The 'Envoyer l'invitation par e-mail' checkbox (a hidden "false" may precede "on"). */
const wantsEmail = (value: unknown) => boolField.parse(value)

const isActiveAdmin = (u: Pick<User, 'role' | 'status'>) =>
  u.role === 'admin' && u.status === 'active'

/** True when the change would leave the site without any active admin. */
async function locksOut(
  before: Pick<User, 'role' | 'status'>,
  after: Pick<User, 'role' | 'status'> | null,
) {
  if (!isActiveAdmin(before)) return false
  if (after && isActiveAdmin(after)) return false
  return (await countActiveAdmins()) <= 1
}

/** Ends every session of the user (blocked or inactive users keep no session). */
async function endSessions(userId: string) {
  await getDb().deleteFrom('session').where('userId', '=', userId).execute()
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { intent, id, values } = await readAdminForm(request)
  const back = '/admin/users'

  switch (intent) {
    case 'create': {
      return withValidation(values, async () => {
        const input = parseOrThrow(UserFormSchema, values)
        const user = await createUser(input)
        await recordActivity(request, {
          actor: admin,
          action: 'create',
          resourceType: 'user',
          resourceId: user.id,
          resourceName: user.email,
          details: `Utilisateur créé (${ROLE_LABELS[input.role]}, ${STATUS_LABELS[input.status]})`,
        })
        return withInvitation(
          user.id,
          'Utilisateur créé.',
          wantsEmail(values.sendInvitation) ? user : undefined,
        )
      })
    }
    case 'update': {
      const current = id ? await getUser(id) : undefined
      if (!current) return notFound("Cet utilisateur n'existe plus.")
      return withValidation(values, async () => {
        const input = parseOrThrow(UserFormSchema, values)
        if (await locksOut(current, input)) return formFailure({}, values, LAST_ADMIN_MESSAGE)
        const user = await updateUser(current.id, input)
        if (!user) return notFound("Cet utilisateur n'existe plus.")
        if (user.status !== 'active') await endSessions(user.id)
        const changes: string[] = []
        if (current.role !== user.role) changes.push(`rôle ${current.role} → ${user.role}`)
        if (current.status !== user.status)
          changes.push(`statut ${current.status} → ${user.status}`)
        await recordActivity(request, {
          actor: admin,
          action: 'update',
          resourceType: 'user',
          resourceId: user.id,
          resourceName: user.email,
          details: changes.length
            ? `Utilisateur modifié (${changes.join(', ')})`
            : 'Utilisateur modifié',
        })
        return redirectWithToast(await listAddress(user.id), {
          kind: 'success',
          message: 'Utilisateur mis à jour',
        })
      })
    }
    case 'invite': {
      const current = id ? await getUser(id) : undefined
      if (!current) return notFound("Cet utilisateur n'existe plus.")
      if (!(await usersWithoutAccount([current.id])).has(current.id)) {
        return formFailure(
          {},
          {},
          'Cet utilisateur a déjà un compte : aucune invitation à envoyer.',
        )
      }
      await recordActivity(request, {
        actor: admin,
        action: 'update',
        resourceType: 'user',
        resourceId: current.id,
        resourceName: current.email,
        details: wantsEmail(values.sendInvitation)
          ? "Nouveau lien d'invitation envoyé par e-mail"
          : "Nouveau lien d'invitation",
      })
      return withInvitation(
        current.id,
        `Nouveau lien d'invitation pour ${current.email}.`,
        wantsEmail(values.sendInvitation) ? current : undefined,
      )
    }
    case 'delete': {
      const current = id ? await getUser(id) : undefined
      if (!current) return notFound("Cet utilisateur n'existe plus.")
      if (await locksOut(current, null)) return formFailure({}, {}, LAST_ADMIN_MESSAGE)
      await deleteUser(current.id)
      await revokeInvitation(current.id)
      await recordActivity(request, {
        actor: admin,
        action: 'delete',
        resourceType: 'user',
        resourceId: current.id,
        resourceName: current.email,
        details: 'Utilisateur supprimé',
      })
      return redirectWithToast(back, { kind: 'success', message: 'Utilisateur supprimé' })
    }
    case 'end-sessions':
    case 'reset-2fa': {
      const current = id ? await getUser(id) : undefined
      if (!current) return notFound("Cet utilisateur n'existe plus.")
      return adminSecurityAction(request, admin, intent, current)
    }
    default:
      return unknownIntent(intent)
  }
}

export function meta() {
  return [{ title: 'Utilisateurs — Administration du Portfolio' }]
}

export default function UsersTab() {
  const { users, pending, twoFactor, total, page, pageSize, editing, mailConfigured } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const failure = actionData && 'fieldErrors' in actionData ? actionData : undefined
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const creating = searchParams.has('new')
  // A refused save keeps the form open with what was typed.
  const formOpen =
    creating || editing !== undefined || (failure !== undefined && !failure.formError)
  return (
    <div>
      <TabHeader title="Utilisateurs">
        {formOpen ? null : <AddButton label="Nouvel utilisateur" />}
      </TabHeader>
      {failure?.formError ? (
        <div className="mb-4">
          <Banner kind="error">{failure.formError}</Banner>
        </div>
      ) : null}
      {formOpen ? (
        <UserForm
          key={editing?.id ?? 'new'}
          user={editing}
          mailConfigured={mailConfigured}
          values={failure?.values}
          errors={failure?.fieldErrors}
        />
      ) : (
        // Keyed by location: after a refused delete the confirmation dialog closes.
        <div key={location.key}>
          <UserTable users={users} pending={pending} twoFactor={twoFactor} />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={total}
            label="Pagination des utilisateurs"
          />
        </div>
      )}
    </div>
  )
}
