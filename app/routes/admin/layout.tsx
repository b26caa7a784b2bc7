// Administration hub (spec §2): title, subtitle, side menu of the 12 tabs; the tab lives in
// the URL (/admin/<tab>). The guard runs here AND in every tab's loader and action.
import { data, Form, isRouteErrorResponse, Link, Outlet, useLocation } from 'react-router'
import { ExternalLink, LogOut } from 'lucide-react'
import type { Route } from './+types/layout'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { readToast } from '#app/server/toast.server.ts'
import { countNewMessages } from '#app/server/repositories/messages.server.ts'
import { ActivityBeacon } from '#app/ui/admin/activity-beacon.tsx'
import { AdminNav } from '#app/ui/admin/admin-nav.tsx'
import { Banner, CopyableLink } from '#app/ui/admin/banner.tsx'
import { buttonStyles } from '#app/ui/admin/buttons.tsx'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Administration du Portfolio' }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const { toast, headers } = await readToast(request)
  // The unread count on the 'Messages' tab (issue 11 §5).
  const unread = await countNewMessages()
  return data({ admin: { name: admin.name, email: admin.email }, toast, unread }, { headers })
}

function HubFrame({
  children,
  admin,
  unread,
}: {
  children: React.ReactNode
  admin?: { name: string; email: string }
  unread?: number
}) {
  return (
    <div className="min-h-screen bg-zinc-50 text-zinc-900">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">Administration du Portfolio</h1>
            <p className="mt-1 text-zinc-600">Gérez votre contenu et vos paramètres</p>
          </div>
          {/* A way back to the site and out of the session from every tab. */}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {admin ? (
              <span className="mr-2 text-zinc-600">
                Connecté·e : <strong className="text-zinc-900">{admin.name || admin.email}</strong>
              </span>
            ) : null}
            <Link to="/" className={buttonStyles.secondary}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Voir le site
            </Link>
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit" className={buttonStyles.secondary}>
                <LogOut aria-hidden="true" className="size-4" />
                Déconnexion
              </button>
            </Form>
          </div>
        </header>
        <div className="flex flex-col gap-6 md:flex-row">
          <AdminNav counts={{ messages: unread }} />
          <main className="min-w-0 flex-1">{children}</main>
        </div>
      </div>
    </div>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { toast, admin, unread } = loaderData
  const location = useLocation()
  return (
    <HubFrame admin={admin} unread={unread}>
      {toast ? (
        // Keyed by location so a new message is announced again.
        <div className="mb-4" key={location.key}>
          <Banner kind={toast.kind}>
            {toast.message}
            {toast.link ? <CopyableLink href={toast.link} /> : null}
          </Banner>
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
