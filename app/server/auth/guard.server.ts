// PLACEHOLDER until the accounts work lands (contract: docs/dev/contracts.md).
import { redirect } from 'react-router'
import { getSessionUser, type SessionUser } from './session.server.ts'

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw redirect('/login')
  return user
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.role !== 'admin' || user.status !== 'active') throw redirect('/')
  return user
}
