// PLACEHOLDER until the accounts work lands (contract: docs/dev/contracts.md).
import type { UserRole, UserStatus } from '#app/domain/types.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  image: string | null
  role: UserRole
  status: UserStatus
}

export async function getSessionUser(_request: Request): Promise<SessionUser | null> {
  return null
}
