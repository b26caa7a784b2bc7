import { data } from 'react-router'
import type { Route } from './+types/legal'
import {
  frenchPath,
  localeOfMatches,
  localizePath,
  requestLocale,
  type Alternates,
} from '#app/domain/i18n/locale.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { getTranslation } from '#app/server/repositories/translations.server.ts'
import { useLocale, useT } from '#app/ui/i18n.tsx'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { legalMarkdown, legalText } from '#app/domain/legal.ts'
import { getLegalFacts, ownEnglishLegalText } from '#app/server/content/legal.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { formatDate } from '#app/ui/public/format.ts'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { PageHeader } from '#app/ui/public/page-header.tsx'
import { StatsOptOut } from '#app/ui/public/stats-opt-out.tsx'
import { getStatsSettings } from '#app/server/analytics/store.server.ts'

type LegalKey = keyof typeof LEGAL_PAGES

const TITLES: Record<LegalKey, MessageKey> = {
  notice: 'legal:notice',
  privacy: 'legal:privacy',
  terms: 'legal:terms',
}

function pageFor(pathname: string): LegalKey | undefined {
  // Client navigations fetch "/mentions-legales.data": same page; "/en/privacy" is its twin.
  const path = frenchPath(pathname.replace(/\.data$/, '').replace(/\/+$/, ''))
  return (Object.keys(LEGAL_PAGES) as LegalKey[]).find((k) => LEGAL_PAGES[k].path === path)
}

/**
 * Legal notice, privacy policy and terms: the owner's texts from the settings, or templates
 * (French or English, ADR 089) filled with the owner's name and contact details (ADR 021), rendered as Markdown by
 * the posts' pipeline (raw HTML dropped, sanitised; ADR 020).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const key = pageFor(new URL(request.url).pathname)
  if (!key) throw data(null, { status: 404 })
  const locale = requestLocale(request)
  const [settings, facts, english, stats] = await Promise.all([
    getSiteSettings(),
    getLegalFacts(),
    getTranslation('legal', key),
    getStatsSettings(),
  ])
  // Each language shows the owner's own text, else its template filled with the same facts,
  // so the English page never says other than the French one (ADR 089).
  const stored = locale === 'en' ? ownEnglishLegalText(english?.text) : settings.legal?.[key]
  const { html } = await renderMarkdown(
    legalMarkdown(legalText(key, stored, facts, locale)),
    locale,
  )
  const frenchPage = LEGAL_PAGES[key].path
  return {
    key,
    title: translate(locale, TITLES[key]),
    path: frenchPage,
    alternates: {
      fr: frenchPage,
      en: localizePath(frenchPage, 'en'),
    } satisfies Alternates,
    html,
    siteName: settings.siteName,
    updatedAt: settings.updatedAt ?? null,
    // The privacy page's objection to the built-in statistics (ADR 072).
    optOut: key === 'privacy' && stats.enabled,
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const locale = localeOfMatches(matches)
  return pageMeta(matches, {
    title: loaderData?.title ?? translate(locale, 'legal:eyebrow'),
    description: loaderData
      ? translate(locale, 'legal:description', {
          title: loaderData.title,
          site: loaderData.siteName,
        })
      : undefined,
    path: loaderData?.path ?? '/',
    ...(loaderData ? { alternates: loaderData.alternates } : {}),
  })
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { title, html, updatedAt, optOut } = loaderData
  const tr = useT()
  const locale = useLocale()
  return (
    <>
      <PageHeader eyebrow={tr('legal:eyebrow')} title={title} />
      <div className="mx-auto max-w-3xl space-y-4 px-6 text-lg leading-relaxed text-fg-2">
        <MarkdownBody html={html} />
        {optOut ? <StatsOptOut /> : null}
        {updatedAt ? (
          <p className="pt-6 text-sm">
            {tr('legal:updatedPrefix')}
            {formatDate(updatedAt, locale)}
          </p>
        ) : null}
      </div>
    </>
  )
}
