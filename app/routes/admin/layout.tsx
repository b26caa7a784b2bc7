// Administration hub (spec §2): title, subtitle, side menu of the 12 tabs; the tab lives in
// the URL (/admin/<tab>). The guard runs here AND in every tab's loader and action.
import { data, isRouteErrorResponse, Outlet, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { readToast } from '#app/server/toast.server.ts'
import { ActivityBeacon } from '#app/ui/admin/activity-beacon.tsx'
import { AdminNav } from '#app/ui/admin/admin-nav.tsx'
import { Banner } from '#app/ui/admin/banner.tsx'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Administration du Portfolio' }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const { toast, headers } = await readToast(request)
  return data({ admin: { name: admin.name, email: admin.email }, toast }, { headers })
}

function HubFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-zinc-50 text-zinc-900">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <header className="mb-8">
          <h1 className="text-3xl font-bold">Administration du Portfolio</h1>
          <p className="mt-1 text-zinc-600">Gérez votre contenu et vos paramètres</p>
        </header>
        <div className="flex flex-col gap-6 md:flex-row">
          <AdminNav />
          <main className="min-w-0 flex-1">{children}</main>
        </div>
      </div>
    </div>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData
  const location = useLocation()
  return (
    <HubFrame>
      {toast ? (
        // Keyed by location so a new message is announced again.
        <div className="mb-4" key={location.key}>
          <Banner kind={toast.kind}>{toast.message}</Banner>
        </div>
      ) : null}
      <Outlet />
      {/* Reports language, screen, timezone and referrer for this admin's entries (admin-2). */}
      <ActivityBeacon />
    </HubFrame>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <HubFrame>
      <Banner kind="error">
        {status === 404
          ? "Cet élément n'existe pas ou n'existe plus."
          : 'Une erreur est survenue. Veuillez réessayer.'}
      </Banner>
    </HubFrame>
  )
}
