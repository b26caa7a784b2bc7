import { Link } from '#app/ui/link.tsx'
import type { Route } from './+types/projects'
import { listProjects } from '#app/server/repositories/projects.server.ts'
import { localizeList } from '#app/server/repositories/translations.server.ts'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { PageHeader } from '#app/ui/public/page-header.tsx'
import { cardProject, ProjectCard } from '#app/ui/public/project-card.tsx'
import { localeOfMatches, requestLocale } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { useT } from '#app/ui/i18n.tsx'
import { data } from 'react-router'
import { pageOf, parsePage, withPageLinks } from '#app/domain/pagination.ts'
import { PaginationNav } from '#app/ui/public/pagination-nav.tsx'

/** One collator for every request: `localeCompare(b, 'fr', …)` builds one per comparison. */
const compareTags = new Intl.Collator('fr', { sensitivity: 'base' }).compare

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const tag = params.get('tag')?.trim() || null
  const projects = await localizeList('project', await listProjects(), requestLocale(request))
  // "all" plus every distinct tag of the projects.
  const tags = [...new Set(projects.flatMap((p) => p.tags))].sort(compareTags)
  const filtered = tag ? projects.filter((p) => p.tags.includes(tag)) : projects
  // At most 24 cards a page; a page past the last one is a 404 (ADR 091).
  const shown = pageOf(filtered, parsePage(params.get('page')))
  if (!shown) throw data(null, { status: 404 })
  const { items, ...pagination } = shown
  return {
    tag,
    tags,
    pagination,
    projects: items.map(cardProject),
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const locale = localeOfMatches(matches)
  const tags = pageMeta(matches, {
    // Only a tag the projects have names the page (any text could be put in the URL).
    title:
      loaderData?.tag && loaderData.tags.includes(loaderData.tag)
        ? translate(locale, 'projects:titleTag', { tag: loaderData.tag })
        : translate(locale, 'projects:title'),
    description: translate(locale, 'projects:description'),
    path: '/projects',
  })
  return loaderData ? withPageLinks(tags, loaderData.pagination, { tag: loaderData.tag }) : tags
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { tag, tags, projects, pagination } = loaderData
  const t = useT()
  const filters = [
    { label: t('projects:all'), value: null as string | null },
    ...tags.map((t) => ({ label: t, value: t })),
  ]
  return (
    <>
      <PageHeader eyebrow="Portfolio" title={t('projects:title')}>
        {t('projects:intro')}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-6">
        <nav aria-label={t('projects:filter')}>
          <ul className="flex flex-wrap gap-2">
            {filters.map((f) => {
              const active = f.value === tag
              return (
                <li key={f.label}>
                  <Link
                    // Absolute: the same href as '?tag=…' or '.', without resolving against the routes.
                    to={f.value ? `/projects?tag=${encodeURIComponent(f.value)}` : '/projects'}
                    preventScrollReset
                    aria-current={active ? 'true' : undefined}
                    className={`inline-flex rounded-full border px-4 py-2 text-sm font-semibold transition ${
                      active
                        ? 'border-secondary bg-primary text-on-primary'
                        : 'border-line bg-surface text-fg-2 hover:text-fg'
                    }`}
                  >
                    {f.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        {projects.length === 0 ? (
          <p className="mt-12 text-lg text-fg-2">{t('projects:empty')}</p>
        ) : (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((p, i) => (
              <ProjectCard key={p.id} project={p} priority={i === 0} heading="h2" />
            ))}
          </div>
        )}
        <PaginationNav path="/projects" info={pagination} params={{ tag }} />
      </div>
    </>
  )
}
