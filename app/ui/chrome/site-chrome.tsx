import { lazy, Suspense, useEffect, useEffectEvent } from 'react'
import { useLocation, useMatches, useNavigationType } from 'react-router'
import { Link } from '#app/ui/link.tsx'
import { Home } from 'lucide-react'
import { CustomCursor } from './custom-cursor.tsx'
import type { FooterSettings } from './footer.tsx'
import { LoadingOverlay } from './loading-overlay.tsx'
import { Navigation } from './navigation.tsx'
import { sectionName, type OwnPageLink } from './nav-items.ts'
import { ThemePicker } from './theme-picker.tsx'
import type { ChromeUser } from './user-menu.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { EnglishSuggestion } from '#app/ui/public/english-suggestion.tsx'
import { useLocale, useT } from '#app/ui/i18n.tsx'
import { frenchPath } from '#app/domain/i18n/locale.ts'

// Only a signed-in visitor has a user menu: its code is a chunk of its own (ADR 105), never
// downloaded by anonymous visitors. A page rendered with it keeps the server's markup until the
// chunk arrives, then hydrates it.
const UserMenu = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })),
)

// The footer is never on the first screen: a chunk of its own (ADR 113), fetched as the page
// hydrates. The server renders it (the render waits for `onAllReady`); the browser keeps that
// markup, whose links work as plain links, until the chunk arrives, then hydrates it.
const Footer = lazy(() => import('./footer.tsx').then((module) => ({ default: module.Footer })))

/** Shared chrome around every public page. */
export function SiteChrome({
  children,
  user,
  footer,
  year,
  logo,
  siteName,
  topBanner,
  ownPages,
}: {
  children: React.ReactNode
  /** A strip above the header, e.g. the maintenance notice for admins. */
  topBanner?: React.ReactNode
  user: ChromeUser | null
  footer: FooterSettings
  year: number
  logo: string | null
  siteName: string
  /** The owner's pages flagged for the menu and the footer (ADR 090). */
  ownPages?: { menu: OwnPageLink[]; footer: OwnPageLink[] }
}) {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const matches = useMatches()
  const locale = useLocale()
  const t = useT()

  // Scroll to top on path change (query-string filters keep the position). Back and
  // forward (POP) are left to <ScrollRestoration>, which puts the visitor back where they were.
  const scrollToTop = useEffectEvent(() => {
    if (navigationType === 'POP') return
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  })
  useEffect(() => scrollToTop(), [pathname])

  return (
    <>
      <a
        href="#contenu"
        className="sr-only z-[95] rounded-full bg-primary px-4 py-2 text-on-primary focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        {t('chrome:skip')}
      </a>
      <LoadingOverlay />
      <CustomCursor />
      <div className="pointer-events-none fixed inset-x-0 top-0 z-40">
        {topBanner ? <div className="pointer-events-auto">{topBanner}</div> : null}
        <header className="pointer-events-none relative flex items-start justify-between p-4 md:p-6">
          <Link
            to="/"
            className="pointer-events-auto flex items-center gap-3 rounded-full border border-line bg-surface/80 py-2 pr-4 pl-2 font-display font-bold text-fg shadow-lg backdrop-blur"
          >
            {logo ? (
              <img src={logo} alt="" width={32} height={32} className="size-8 rounded-full" />
            ) : (
              <span
                aria-hidden="true"
                className="size-8 rounded-full bg-[conic-gradient(var(--color-secondary),var(--color-accent),var(--color-primary),var(--color-secondary))]"
              />
            )}
            <span>{siteName}</span>
          </Link>
          <div className="pointer-events-auto flex items-center gap-3">
            <LanguageSwitcher />
            {user ? (
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            ) : null}
            <Navigation showAdmin={user?.canAdmin === true} ownPages={ownPages?.menu} />
          </div>
          {locale === 'fr' ? <EnglishSuggestion /> : null}
        </header>
      </div>
      <main id="contenu" className="relative min-h-dvh">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer settings={footer} year={year} ownPages={ownPages?.footer} />
      </Suspense>
      {/* Landmarks of their own, so that nothing of the page sits outside one (axe "region"). */}
      <aside
        aria-label={t('chrome:section')}
        className="fixed bottom-4 left-4 z-30 md:bottom-6 md:left-6"
      >
        <p
          data-testid="section-badge"
          className="rounded-full border border-line bg-surface/90 px-4 py-2 text-xs font-semibold tracking-[0.2em] text-fg-2 uppercase shadow-lg backdrop-blur"
        >
          <span className="sr-only">{t('chrome:sectionPrefix')}</span>
          {ownPageTitle(matches) ?? sectionName(pathname, locale)}
        </p>
      </aside>
      {/* Narrow screens: one row within the bottom 4rem, which the page keeps clear through
          scroll-padding (app.css), so these buttons never hide what is scrolled to. */}
      <aside
        aria-label={t('chrome:homeAndTheme')}
        className="fixed right-4 bottom-4 z-30 flex items-center gap-3 md:right-6 md:bottom-6 md:flex-col md:items-end"
      >
        {frenchPath(pathname) !== '/' ? (
          <Link
            to="/"
            aria-label={t('chrome:backHome')}
            className="flex size-12 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg transition hover:scale-105"
          >
            <Home aria-hidden="true" className="size-5" />
          </Link>
        ) : null}
        <ThemePicker />
      </aside>
    </>
  )
}

/** The title of the owner's page being shown (ADR 090), from its route's data. */
function ownPageTitle(matches: ReturnType<typeof useMatches>): string | undefined {
  const leaf = matches[matches.length - 1]
  if (!leaf?.id.endsWith('routes/public/page')) return undefined
  const data = leaf.loaderData as { page?: { title?: unknown } | null } | undefined
  return typeof data?.page?.title === 'string' ? data.page.title : undefined
}
