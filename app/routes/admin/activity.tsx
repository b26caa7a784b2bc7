// Admin › "Journal d'Activité". Read-only: entries are written by the actions
// of every tab (recordActivity) and enriched by the browser beacon (/api/activity).
// Filters and the page live in the URL; pagination runs in the database.
import { useLoaderData } from 'react-router'
import { ActivityFilterSchema } from '#app/domain/activity.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { listActivity, listActivityUsers } from '#app/server/repositories/activity.server.ts'
import { ACTIVITY_TITLE, ActivityFilters, ActivityList } from '#app/ui/admin/activity-log.tsx'
import { Pagination } from '#app/ui/admin/activity-pagination.tsx'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import { readOnlyAdminAction } from '#app/server/admin/admin-read-only.server.ts'
import type { Route } from './+types/activity'

/** No form posts here: a French 405 (admin-read-only.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return readOnlyAdminAction(request)
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const filters = ActivityFilterSchema.parse(params)
  const [list, users] = await Promise.all([listActivity(filters), listActivityUsers()])
  return {
    list,
    users,
    filters: {
      action: filters.action,
      resourceType: filters.resourceType,
      userId: filters.userId,
      pageViews: filters.pageViews,
    },
  }
}

export function meta() {
  return [{ title: "Journal d'Activité — Administration du Portfolio" }]
}

export default function ActivityTab() {
  const { list, users, filters } = useLoaderData<typeof loader>()
  return (
    <div>
      <TabHeader title={ACTIVITY_TITLE} />
      <ActivityFilters key={JSON.stringify(filters)} filters={filters} users={users} />
      <p className="mb-3 text-sm text-zinc-600" aria-live="polite">
        {list.total} entrée{list.total > 1 ? 's' : ''}
      </p>
      <ActivityList entries={list.items} />
      <Pagination {...list} label="Pagination du journal" />
    </div>
  )
}
