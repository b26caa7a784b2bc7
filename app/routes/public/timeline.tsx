import { Link } from '#app/ui/link.tsx'
import { Briefcase, Heart } from 'lucide-react'
import type { Route } from './+types/timeline'
import { formatTimelineDate, TIMELINE_PRESENT_LABEL } from '#app/domain/timeline.ts'
import { requestLocale, type Locale } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { localizeList } from '#app/server/repositories/translations.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { TIMELINE_TYPES, type TimelineType } from '#app/domain/types.ts'
import { listTimeline } from '#app/server/repositories/timeline.server.ts'
import { formatYearMonth } from '#app/ui/public/format.ts'
import { SectionHeader, sectionMeta } from '#app/ui/public/page-header.tsx'
import { TagList } from '#app/ui/public/tag-list.tsx'

function parseType(value: string | null): TimelineType {
  // Default: professional.
  return value === 'personal' ? 'personal' : 'professional'
}

export async function loader({ request }: Route.LoaderArgs) {
  const type = parseType(new URL(request.url).searchParams.get('type'))
  const locale = requestLocale(request)
  const items = await localizeList('timeline', await listTimeline(type), locale)
  return {
    type,
    types: TIMELINE_TYPES.map((id) => ({ id, label: translate(locale, `timeline:${id}`) })),
    // Only what the page shows goes to the browser (ADR 040): the dates as shown.
    items: items.map(({ id, title, organization, description, tags, startDate, endDate }) => ({
      id,
      title,
      organization,
      description,
      tags,
      start: showDate(startDate, locale),
      end: showDate(endDate, locale),
    })),
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, '/timeline', {
    title: 'nav:timeline',
    description: 'timeline:description',
  })
}

function showDate(value: string, locale: Locale): string {
  const text = formatTimelineDate(value)
  if (text === TIMELINE_PRESENT_LABEL && text !== value)
    return translate(locale, 'timeline:present')
  return text === value ? formatYearMonth(value, locale) : text
}

export default function Timeline({ loaderData }: Route.ComponentProps) {
  const { type, types, items } = loaderData
  const tr = useT()
  return (
    <>
      <SectionHeader eyebrow="nav:timeline" title="timeline:title" intro="timeline:intro" />
      <div className="mx-auto max-w-6xl px-6">
        <nav
          aria-label={tr('timeline:type')}
          className="inline-flex rounded-full border border-line bg-surface p-1"
        >
          {types.map(({ id: t, label }) => {
            const Icon = t === 'professional' ? Briefcase : Heart
            const active = t === type
            return (
              <Link
                key={t}
                // Absolute: the same href as '.' or '?type=personal' (ADR 040).
                to={t === 'professional' ? '/timeline' : '/timeline?type=personal'}
                preventScrollReset
                aria-current={active ? 'true' : undefined}
                className={`inline-flex items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition ${
                  active ? 'bg-primary text-on-primary' : 'text-fg-2 hover:text-fg'
                }`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            )
          })}
        </nav>

        {items.length === 0 ? (
          <p className="mt-12 text-lg text-fg-2">{tr('timeline:empty')}</p>
        ) : (
          <ol className="relative mt-14 before:absolute before:top-0 before:bottom-0 before:left-4 before:w-px before:bg-line md:before:left-1/2">
            {items.map((item, index) => {
              const left = index % 2 === 0
              return (
                <li
                  key={item.id}
                  data-testid="timeline-entry"
                  data-side={left ? 'left' : 'right'}
                  className={`relative mb-10 pl-12 md:w-1/2 md:pl-0 ${left ? 'md:pr-12' : 'md:ml-auto md:pl-12'}`}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute top-6 left-2.5 size-3 rounded-full bg-secondary ring-4 ring-bg md:left-auto ${left ? 'md:-right-1.5' : 'md:-left-1.5'}`}
                  />
                  <article className="card p-6 transition hover:-translate-y-1">
                    <p className="text-sm font-semibold text-link">
                      {item.start} — {item.end}
                    </p>
                    <h2 className="mt-2 text-xl font-semibold text-fg">{item.title}</h2>
                    <p className="text-fg-2">{item.organization}</p>
                    <p className="mt-3 text-fg-2">{item.description}</p>
                    {item.tags.length > 0 ? (
                      <TagList tags={item.tags} className="mt-4 flex flex-wrap gap-2" />
                    ) : null}
                  </article>
                </li>
              )
            })}
          </ol>
        )}
      </div>
    </>
  )
}
