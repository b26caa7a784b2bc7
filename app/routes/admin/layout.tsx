// Administration hub: title, subtitle, side menu of the tabs (tabs.tsx); the tab lives in
// the URL (/admin/<tab>). The guard runs here AND in every tab's loader and action.
import { refusalText } from '#app/domain/http-errors.ts'
import { data, Form, isRouteErrorResponse, Link, Outlet, useLocation } from 'react-router'
import { useRef } from 'react'
import { ExternalLink, LogOut, UserCog } from 'lucide-react'
import { readOnlyAdminAction } from '#app/server/admin/admin-read-only.server.ts'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { demoIdentityState } from '#app/server/demo/identity.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { readToast } from '#app/server/http/toast.server.ts'
import { countNewMessages } from '#app/server/repositories/messages.server.ts'
import { ActivityBeacon } from '#app/ui/admin/activity-beacon.tsx'
import { AdminNav } from '#app/ui/admin/tabs.tsx'
import { Banner, CopyableLink } from '#app/ui/admin/banner.tsx'
import { buttonStyles } from '#app/ui/admin/buttons.tsx'
import { useKeepFocus } from '#app/ui/admin/keep-focus.tsx'
import { MaintenanceBanner } from '#app/ui/chrome/maintenance-banner.tsx'
import { keepPageOnNetworkFailure, NetworkFailureAlert } from '#app/ui/chrome/network-status.tsx'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Administration du Portfolio' }, { name: 'robots', content: 'noindex' }]
}

/** No form posts here: a French 405 (admin-read-only.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return readOnlyAdminAction(request)
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  // The unread count on the 'Messages' tab.
  const [{ toast, headers }, settings, unread, demo] = await Promise.all([
    readToast(request),
    getSiteSettings(),
    countNewMessages(),
    demoIdentityState(getDb()),
  ])
  return data(
    {
      admin: { name: admin.name, email: admin.email },
      toast,
      maintenance: settings.maintenanceMode,
      unread,
      demo: demo.profile || demo.legal ? demo : undefined,
    },
    { headers },
  )
}

// A tab change lost on the network keeps the current tab and says so.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  keepPageOnNetworkFailure('routes/admin/layout'),
]

export function shouldRevalidate({
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // A post's autosave changes nothing the hub shows (ADR 092).
  if (formData?.get('intent') === 'autosave') return false
  return !formMethod || formMethod === 'GET' ? true : defaultShouldRevalidate
}

function HubFrame({
  children,
  admin,
  maintenance = false,
  unread,
}: {
  children: React.ReactNode
  admin?: { name: string; email: string }
  maintenance?: boolean
  unread?: number
}) {
  const main = useRef<HTMLElement>(null)
  useKeepFocus(main)
  return (
    // data-admin-hub switches the page to the light colour scheme (app.css): native controls
    // (checkboxes, selects, dates, colours) then match the hub's light surfaces.
    <div data-admin-hub="" className="min-h-screen bg-zinc-50 text-zinc-900">
      <a
        href="#contenu-admin"
        className="sr-only z-50 rounded-md bg-zinc-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        Aller au contenu
      </a>
      {maintenance ? <MaintenanceBanner /> : null}
      {/* Narrow screens get a compact header (ADR 071): the content starts in the first screen. */}
      <div className="mx-auto max-w-7xl px-4 py-3 sm:py-8">
        <header className="mb-3 flex flex-wrap items-start justify-between gap-2 sm:mb-8 sm:gap-4">
          <div>
            <h1 className="text-xl font-bold sm:text-3xl">Administration du Portfolio</h1>
            <p className="mt-1 hidden text-zinc-600 sm:block">
              Gérez votre contenu et vos paramètres
            </p>
          </div>
          {/* A way back to the site and out of the session from every tab. */}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {admin ? (
              <span className="mr-2 hidden text-zinc-600 sm:inline">
                Connecté·e : <strong className="text-zinc-900">{admin.name || admin.email}</strong>
              </span>
            ) : null}
            <Link to="/" className={buttonStyles.secondary}>
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Voir le site</span>
            </Link>
            <Link to="/compte" className={buttonStyles.secondary}>
              <UserCog aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Mon compte</span>
            </Link>
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit" className={buttonStyles.secondary}>
                <LogOut aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">Déconnexion</span>
              </button>
            </Form>
          </div>
        </header>
        <div className="flex flex-col gap-3 sm:gap-6 md:flex-row">
          <AdminNav counts={{ messages: unread }} />
          <main
            ref={main}
            id="contenu-admin"
            tabIndex={-1}
            className="min-w-0 flex-1 focus:outline-none"
          >
            {children}
          </main>
        </div>
      </div>
    </div>
  )
}

/**
 * Until the profile and the site's contact details are the owner's, the hub says the site
 * still shows the demo person and what follows from it (ADR 070).
 */
function DemoIdentityNotice({ demo }: { demo: { profile: boolean; legal: boolean } }) {
  return (
    <section
      aria-labelledby="demo-notice-title"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <h2 id="demo-notice-title" className="font-semibold">
        Contenu de démonstration
      </h2>
      <p className="mt-1">
        Le site présente encore Camille Laurent, une personne fictive. Tant que vous n’avez pas
        saisi votre identité, les alertes de nouveaux messages partent vers les adresses des comptes
        administrateurs, vos réponses aux visiteurs portent votre propre adresse, et les pages
        légales restent à compléter.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {demo.profile ? (
          <li>
            <Link to="/admin/profile" className="underline">
              Renseigner votre profil
            </Link>
          </li>
        ) : null}
        {demo.legal ? (
          <li>
            <Link to="/admin/settings" className="underline">
              Renseigner les coordonnées du site
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { toast, admin, maintenance, unread, demo } = loaderData
  const location = useLocation()
  return (
    <HubFrame admin={admin} maintenance={maintenance} unread={unread}>
      {demo ? <DemoIdentityNotice demo={demo} /> : null}
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
      <NetworkFailureAlert />
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
          : (refusalText(error) ?? 'Une erreur est survenue. Veuillez réessayer.')}
      </Banner>
    </HubFrame>
  )
}
