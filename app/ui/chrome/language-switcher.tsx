// The language switcher (ADR 074): one link, in the other language's own name, to the current
// page's twin (or that language's home when there is none). A plain link: the next page is a
// whole document in the other language (its <html lang>, its head).
import { useLocation, useMatches } from 'react-router'
import { LANGUAGE_NAMES, twinPath, type Alternates, type Locale } from '#app/domain/i18n/locale.ts'
import { useLocale } from '#app/ui/i18n.tsx'

/** The deepest route's own alternates (`alternates` in its loader data), if any. */
function pageAlternates(matches: ReturnType<typeof useMatches>): Alternates | undefined {
  const leaf = matches[matches.length - 1]
  // A page that does not exist has no twin: the switcher goes home.
  if (!leaf || leaf.id.endsWith('routes/public/not-found')) return { fr: null, en: null }
  const data = leaf.loaderData
  if (data && typeof data === 'object' && 'alternates' in data) {
    const alternates = (data as { alternates?: unknown }).alternates
    if (alternates && typeof alternates === 'object') return alternates as Alternates
  }
  return undefined
}

/** The current page's twin in `other` (the switcher's target; the English suggestion's too). */
export function useTwinPath(other: Locale): string {
  const { pathname } = useLocation()
  return twinPath(pathname, other, pageAlternates(useMatches()))
}

export function LanguageSwitcher() {
  const locale = useLocale()
  const other: Locale = locale === 'fr' ? 'en' : 'fr'
  return (
    <a
      href={useTwinPath(other)}
      hrefLang={other}
      lang={other}
      data-testid="language-switcher"
      className="flex h-12 items-center rounded-full border border-line bg-surface/80 px-4 text-sm font-semibold text-fg shadow-lg backdrop-blur transition hover:scale-105"
    >
      {LANGUAGE_NAMES[other]}
    </a>
  )
}
