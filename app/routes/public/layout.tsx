import { refusalText } from '#app/domain/http-errors.ts'
import { lazy, Suspense } from 'react'
import { isRouteErrorResponse, Outlet } from 'react-router'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/layout'
import { useRootData } from '#app/ui/chrome/root-data.ts'
import { useNonce } from '#app/ui/nonce.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { localizeList, localizeSettings } from '#app/server/repositories/translations.server.ts'
import { listPublishedPages } from '#app/server/repositories/pages.server.ts'
import { EN_PREFIX, requestLocale, type Locale } from '#app/domain/i18n/locale.ts'
import type { OwnPageLink } from '#app/ui/chrome/nav-items.ts'
import { analyticsId, escapeScript, escapeStyle } from '#app/server/content/seo.server.ts'
import { ConsentManager } from '#app/ui/chrome/consent.tsx'
import { Audience } from '#app/ui/chrome/audience.tsx'
import { getStatsSettings } from '#app/server/analytics/store.server.ts'
import { keepPageOnNetworkFailure, NetworkFailureAlert } from '#app/ui/chrome/network-status.tsx'
import { SiteChrome } from '#app/ui/chrome/site-chrome.tsx'
import { ErrorLinks, FrenchOffer } from '#app/ui/public/error-links.tsx'
import { useT } from '#app/ui/i18n.tsx'

// Only an admin browsing the site in maintenance mode sees the banner: a chunk of its own
// (ADR 113), rendered by the server and hydrated once it arrives.
const MaintenanceBanner = lazy(() =>
  import('#app/ui/chrome/maintenance-banner.tsx').then((module) => ({
    default: module.MaintenanceBanner,
  })),
)

/** The owner's published pages flagged for the menu and the footer, in `locale` (ADR 090). */
async function ownPageLinks(locale: Locale) {
  const pages = await localizeList('page', await listPublishedPages(), locale)
  const link = (page: { slug: string; title: string }): OwnPageLink => ({
    to: `${locale === 'en' ? EN_PREFIX : ''}/${page.slug}`,
    title: page.title,
  })
  return {
    menu: pages.filter((page) => page.showInMenu).map(link),
    footer: pages.filter((page) => page.showInFooter).map(link),
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const settings = await localizeSettings(await getSiteSettings(), locale)
  const gaId = analyticsId(settings.googleAnalyticsId)
  // Admins pass maintenance mode: tell them it is on.
  const user = settings.maintenanceMode ? await getSessionUser(request) : null
  const maintenanceBanner = !!user && user.role === 'admin' && user.status === 'active'
  return {
    footer: {
      siteName: settings.siteName,
      siteDescription: settings.siteDescription,
      github: settings.socialMedia.github,
      twitter: settings.socialMedia.twitter,
      linkedin: settings.socialMedia.linkedin,
      email: settings.contact.email,
      analytics: !!gaId,
    },
    year: new Date().getFullYear(),
    customCss: settings.customCss?.trim() ? escapeStyle(settings.customCss) : null,
    customJs: settings.customJs?.trim() ? escapeScript(settings.customJs) : null,
    // Loaded in the browser only after the visitor's consent (ADR 022).
    analytics: gaId ? { id: gaId } : null,
    maintenanceBanner,
    ownPages: await ownPageLinks(locale),
    // Links and buttons the owner marked as click goals in the settings (ADR 103).
    clickGoals: (await getStatsSettings()).clickGoals,
  }
}

// Every page change goes through this layout's client middleware, so one lost
// on the network keeps the current page and says so (app/ui/chrome/network-status.tsx).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  keepPageOnNetworkFailure('routes/public/layout'),
  // The same layout under /en/ (ADR 074).
  keepPageOnNetworkFailure('en-routes/public/layout'),
]

export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return !formMethod || formMethod === 'GET' ? true : defaultShouldRevalidate
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const { footer, year, customCss, customJs, analytics, maintenanceBanner, ownPages, clickGoals } =
    loaderData
  // The admin's scripts carry this response's CSP nonce (app/server/http/csp.server.ts).
  const nonce = useNonce()
  return (
    <>
      {customCss ? (
        <style data-custom-css="" dangerouslySetInnerHTML={{ __html: customCss }} />
      ) : null}
      <SiteChrome
        user={root?.user ?? null}
        footer={footer}
        year={year}
        logo={root?.site.logo ?? null}
        siteName={footer.siteName}
        topBanner={
          maintenanceBanner ? (
            <Suspense fallback={null}>
              <MaintenanceBanner />
            </Suspense>
          ) : undefined
        }
        ownPages={ownPages}
      >
        <Outlet />
      </SiteChrome>
      <NetworkFailureAlert />
      <ConsentManager analyticsId={analytics?.id ?? null} />
      {/* The built-in statistics (ADR 072): counted by this script, so cached pages count. */}
      <Audience signedIn={!!root?.user} clickGoals={clickGoals} />
      {customJs ? (
        <script
          data-custom-js=""
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: customJs }}
        />
      ) : null}
    </>
  )
}

/** The French page a 404 of the English site offers, when its loader named one. */
function frenchOfferOf(data: unknown): { title: string; path: string } | null {
  if (!data || typeof data !== 'object' || !('frenchOffer' in data)) return null
  const offer = (data as { frenchOffer: unknown }).frenchOffer
  if (!offer || typeof offer !== 'object') return null
  const { title, path } = offer as { title?: unknown; path?: unknown }
  return typeof title === 'string' && typeof path === 'string' ? { title, path } : null
}

/**
 * Unexpected errors of a public page (a failed data request, a thrown response) keep the
 * site chrome, so the visitor can move on, instead of the bare root error screen.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const root = useRootData()
  const t = useT()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const offer = notFound ? frenchOfferOf(error.data) : null
  const refusal = refusalText(error, t)
  const footer = loaderData?.footer ?? {
    // The footer falls back to its own defaults when these are empty.
    siteName: root?.site.name ?? '',
    siteDescription: root?.site.description ?? '',
  }
  return (
    <SiteChrome
      user={root?.user ?? null}
      footer={footer}
      year={loaderData?.year ?? new Date().getFullYear()}
      logo={root?.site.logo ?? null}
      siteName={footer.siteName}
      ownPages={loaderData?.ownPages}
    >
      <section className="mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center gap-6 px-6 pt-24 text-center">
        <h1 className="gradient-text text-4xl font-bold md:text-5xl">
          {notFound ? t('error:notFoundTitle') : t('error:title')}
        </h1>
        <p className="max-w-xl text-lg text-fg-2">
          {notFound ? t('error:notFoundText') : (refusal ?? t('error:loadFailed'))}
        </p>
        <FrenchOffer offer={offer} />
        <ErrorLinks />
      </section>
    </SiteChrome>
  )
}
