import { data } from 'react-router'
import type { Route } from './+types/legal'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { legalMarkdown, legalText } from '#app/domain/legal.ts'
import { renderedOnce } from '#app/server/render/hydration-data.server.ts'
import { getLegalFacts } from '#app/server/content/legal.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { formatDate } from '#app/ui/public/format.ts'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { PageHeader } from '#app/ui/public/page-header.tsx'
import { StatsOptOut } from '#app/ui/public/stats-opt-out.tsx'
import { getStatsSettings } from '#app/server/analytics/store.server.ts'

type LegalKey = keyof typeof LEGAL_PAGES

function pageFor(pathname: string): LegalKey | undefined {
  // Client navigations fetch "/mentions-legales.data": same page.
  const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '')
  return (Object.keys(LEGAL_PAGES) as LegalKey[]).find((k) => LEGAL_PAGES[k].path === path)
}

/**
 * Legal notice, privacy policy and terms: the owner's texts from the settings, or French
 * templates filled with the owner's name and contact details (ADR 021), rendered as Markdown by
 * the posts' pipeline (raw HTML dropped, sanitised; ADR 020).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const key = pageFor(new URL(request.url).pathname)
  if (!key) throw data(null, { status: 404 })
  const [settings, facts, stats] = await Promise.all([
    getSiteSettings(),
    getLegalFacts(),
    getStatsSettings(),
  ])
  const { html } = await renderMarkdown(legalMarkdown(legalText(key, settings.legal?.[key], facts)))
  // The HTML is in the document already: not a second time in its hydration data (ADR 050).
  return renderedOnce(
    request,
    {
      key,
      title: LEGAL_PAGES[key].title,
      path: LEGAL_PAGES[key].path,
      html,
      siteName: settings.siteName,
      updatedAt: settings.updatedAt ?? null,
      // The privacy page's objection to the built-in statistics (ADR 072).
      optOut: key === 'privacy' && stats.enabled,
    },
    ['html'],
  )
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData?.title ?? 'Informations légales',
    description: loaderData ? `${loaderData.title} du site ${loaderData.siteName}.` : undefined,
    path: loaderData?.path ?? '/',
  })
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { title, html, updatedAt, optOut } = loaderData
  return (
    <>
      <PageHeader eyebrow="Informations légales" title={title} />
      <div className="mx-auto max-w-3xl space-y-4 px-6 text-lg leading-relaxed text-fg-2">
        <MarkdownBody html={html} />
        {optOut ? <StatsOptOut /> : null}
        {updatedAt ? <p className="pt-6 text-sm">Dernière mise à jour : {formatDate(updatedAt)}</p> : null}
      </div>
    </>
  )
}
