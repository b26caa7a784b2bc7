import { refusalText } from '#app/domain/http-errors.ts'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { useEffect } from 'react'
import { preload } from 'react-dom'
import type { Route } from './+types/root'
import { THEME_BOOT_SCRIPT, themeCss } from '#app/domain/theme.ts'
import type { SiteSeo } from '#app/domain/seo.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import {
  databaseUnavailable,
  databaseUnreachable,
  unavailableResponse,
} from '#app/server/db/availability.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { enforceMaintenance, MAINTENANCE_HEADERS } from '#app/server/http/maintenance.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { OVERLAY_BOOT_SCRIPT } from '#app/ui/chrome/nav-items.ts'
import { useRootData } from '#app/ui/chrome/root-data.ts'
import { useNonce } from '#app/ui/nonce.ts'
import { LocaleContext, useT } from '#app/ui/i18n.tsx'
import { Link } from '#app/ui/link.tsx'
import { feedPath, localeOfPath, requestLocale } from '#app/domain/i18n/locale.ts'
import { localizeSettings } from '#app/server/repositories/translations.server.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import appCss from './app.css?url'
import displayFont from './styles/fonts/space-grotesk-latin-wght-normal.woff2?url'

/**
 * The stylesheet with a React `precedence`, so React writes it at the top of <head>, before
 * the dozens of module preloads (it blocks the first paint; they do not), ADR 032.
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
]

/**
 * The headings' self-hosted font (a hashed /assets/ name, the file fonts.css names), preloaded
 * through React so it writes it first in <head>, just before the stylesheet: it arrives with
 * it, before the first paint, and the site's name in the header (the largest text of several
 * first screens) swaps early. Requested only once the stylesheet is parsed, it ends later, and
 * Lighthouse's simulated largest paint with it (ADR 027, 032, 120). The text needs no font
 * file (ADR 123).
 */
function preloadFonts() {
  preload(displayFont, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
}

// Generated once per process from the theme table (app/domain/theme.ts): one source for CSS and tests.
const THEME_CSS = themeCss()

/**
 * Maintenance mode answers before any loader or action of any route runs (pages, resource
 * routes, form posts), so nothing of the site leaks into the 503 and nothing is written.
 */
export const middleware: Route.MiddlewareFunction[] = [
  // The database unreachable (ADR 069): a French 503 with Retry-After for every page, file
  // and API call until it answers again, not a 500 and a stack trace each. /healthz keeps
  // asking the database itself (its answer ends the outage as soon as it can).
  async ({ request }, next) => {
    const health = new URL(request.url).pathname === '/healthz'
    if (databaseUnreachable() && !health) return unavailableResponse(request)
    const response = await next()
    if (response.status >= 500 && databaseUnavailable() && !health)
      return unavailableResponse(request)
    return response
  },
  // The rendered 503 page does not carry the thrown response's headers: put them back.
  async (_args, next) => {
    const response = await next()
    if (response.status === 503) {
      for (const [name, value] of Object.entries(MAINTENANCE_HEADERS)) {
        if (!response.headers.has(name)) response.headers.set(name, value)
      }
    }
    return response
  },
  async ({ request }) => {
    await enforceMaintenance(request)
  },
]

/**
 * Site-wide data every page needs: settings for the head and the chrome (issue "admin
 * part 2"), and the signed-in user for the user menu. What the owner saves shows on the
 * next page load because nothing here is cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const [settings, user] = await Promise.all([
    getSiteSettings().then((s) => localizeSettings(s, locale)),
    getSessionUser(request),
  ])
  const seo: SiteSeo = {
    siteName: settings.siteName,
    // Untranslated settings leave the English site an English default (ADR 075).
    siteDescription:
      settings.siteDescription ||
      (locale === 'en' ? translate(locale, 'footer:fallbackDescription') : ''),
    metaImage: settings.metaImage,
    // The owner's keywords are French words: an English page names none rather than
    // French ones (ADR 089).
    keywords: locale === 'en' ? [] : settings.keywords,
    origin: getEnv().PUBLIC_URL,
  }
  return {
    seo,
    site: {
      name: settings.siteName,
      description: settings.siteDescription,
      logo: settings.logo ?? null,
      favicon: settings.favicon ?? null,
    },
    user: user
      ? {
          id: user.id,
          email: user.email,
          name: user.name,
          image: user.image ?? null,
          // The menu's Admin entry is for those who run the site (ADR 093).
          canAdmin: user.status === 'active' && (user.role === 'admin' || user.role === 'editor'),
        }
      : null,
  }
}

/**
 * Page changes keep the site-wide data (a root loader re-run on every page
 * change turned a lost network into the root error screen), unless they cross from one
 * language to the other: the settings and the head's words are localised (ADR 075). Form
 * submissions refresh it.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname)) return true
  return !formMethod || formMethod === 'GET' ? false : defaultShouldRevalidate
}

export function Layout({ children }: { children: React.ReactNode }) {
  preloadFonts()
  const data = useRootData()
  const nonce = useNonce()
  const favicon = data?.site.favicon
  // The language is the path's alone (ADR 074): the page cache keys on nothing else.
  const locale = localeOfPath(useLocation().pathname)
  // Set once the page has hydrated and every effect of that first render ran (this one runs
  // last, being the outermost): the browser tests wait for this state, never for a delay.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    // The boot script sets data-theme before the first paint and ends the first-load overlay
    // at 2 s from the start (nav-items.ts); React must not undo either.
    <html lang={locale} data-theme="neutral" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: OVERLAY_BOOT_SCRIPT + THEME_BOOT_SCRIPT }}
        />
        <style dangerouslySetInnerHTML={{ __html: THEME_CSS }} />
        {favicon ? (
          <link rel="icon" href={favicon} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        {/* Feed autodiscovery on every page, in the page's language. */}
        <link
          rel="alternate"
          type="application/rss+xml"
          title={translate(locale, 'footer:rss')}
          href={feedPath(locale)}
        />
        <Meta />
        <Links />
      </head>
      <body className="antialiased">
        <LocaleContext value={locale}>{children}</LocaleContext>
        {/* The response's CSP nonce (ADR 016); the browser, which hides nonces, renders none. */}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

// Error responses keep their own headers: maintenance mode's 503 sends Retry-After (admin-2).
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? new Headers()
}

/** The 503 of maintenance mode (app/server/http/maintenance.server.ts) carries its French texts. */
function maintenanceData(error: unknown): { title: string; message: string } | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null
  const data: unknown = error.data
  if (typeof data !== 'object' || data === null || !('maintenance' in data)) return null
  const { title, message } = data as { title?: unknown; message?: unknown }
  return typeof title === 'string' && typeof message === 'string' ? { title, message } : null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  const t = useT()
  const refusal = refusalText(error, t)
  const maintenance = maintenanceData(error)
  if (maintenance) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">
        <title>{maintenance.title}</title>
        <h1 className="text-4xl font-bold">{maintenance.title}</h1>
        <p className="text-fg-2 whitespace-pre-line">{maintenance.message}</p>
      </main>
    )
  }
  const heading = status === 404 ? t('error:notFoundTitle') : t('error:title')
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">
      {/* No route's meta ran (the failure is above them): the tab still says what happened. */}
      <title>{heading}</title>
      <h1 className="text-4xl font-bold">{heading}</h1>
      <p className="text-fg-2">
        {status === 404 ? t('error:notFoundText') : (refusal ?? t('error:retryLater'))}
      </p>
      <Link to="/" className="btn btn-primary">
        {t('chrome:backHome')}
      </Link>
    </main>
  )
}
