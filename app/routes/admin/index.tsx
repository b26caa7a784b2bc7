import { redirect } from 'react-router'
import { DEFAULT_ADMIN_TAB } from '#app/domain/admin-tabs.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { readOnlyAdminAction } from '#app/server/admin/admin-read-only.server.ts'
import type { Route } from './+types/index'

// /admin opens the default tab (projects), for an active admin only.
/** No form posts here (ADR 024). */
export function action({ request }: Route.ActionArgs) {
  return readOnlyAdminAction(request)
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return redirect(`/admin/${DEFAULT_ADMIN_TAB}`)
}
