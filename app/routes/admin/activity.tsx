// Admin › "Journal d'Activité". Read-only: entries are written by the actions
// of every tab (recordActivity) and enriched by the browser beacon (/api/activity).
// Filters and the page's cursor live in the URL; pagination runs in the database (ADR 098).
import { useLoaderData } from 'react-router'
import { ActivityFilterSchema, activityCountLabel } from '#app/domain/activity.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  decodeActivityCursor,
  listActivity,
  listActivityUsers,
} from '#app/server/repositories/activity.server.ts'
import {
  ACTIVITY_TITLE,
  ActivityFilters,
  ActivityList,
  ActivityPager,
  STALE_CURSOR,
} from '#app/ui/admin/activity-log.tsx'
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
  // Keyset pagination (ADR 098): a cursor the server cannot read gives the first page, said so.
  const after = decodeActivityCursor(filters.apres)
  const before = after ? undefined : decodeActivityCursor(filters.avant)
  const badCursor = ('apres' in params || 'avant' in params) && !after && !before
  const [list, users] = await Promise.all([
    listActivity({ ...filters, after, before }),
    listActivityUsers(),
  ])
  return {
    list,
    users,
    badCursor,
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
  const { list, users, filters, badCursor } = useLoaderData<typeof loader>()
  return (
    <div>
      <TabHeader title={ACTIVITY_TITLE} />
      <ActivityFilters key={JSON.stringify(filters)} filters={filters} users={users} />
      {badCursor ? (
        <p role="alert" className="mb-3 text-sm text-amber-800">
          {STALE_CURSOR}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-zinc-600" aria-live="polite">
        {activityCountLabel(list.count, list.capped)}
      </p>
      <ActivityList entries={list.items} />
      <ActivityPager newer={list.newer} older={list.older} />
    </div>
  )
}
