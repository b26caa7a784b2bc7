import { useState } from 'react'
import { data } from 'react-router'
import { Link } from '#app/ui/link.tsx'
import { ArrowLeft, Calendar, ExternalLink, Maximize2, Minimize2 } from 'lucide-react'
import type { Route } from './+types/project'
import { effectiveSeo } from '#app/domain/page-seo.ts'
import { DEFAULT_PROJECT_TAGS_LABEL, projectTagsLabel } from '#app/domain/settings.ts'
import { summarize } from '#app/domain/seo.ts'
import { breadcrumbLd, creativeWorkLd } from '#app/domain/structured-data.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { libraryAlts } from '#app/server/repositories/media.server.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import { getProject, getProjectContentHtml } from '#app/server/repositories/projects.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { checkFraming, type FramingVerdict } from '#app/server/content/frame-check.server.ts'
import { Lightbox } from '#app/ui/primitives/lightbox.tsx'
import { formatPeriod } from '#app/ui/public/format.ts'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { backdropSrc, ResponsiveImage } from '#app/ui/public/media.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import {
  EN_PREFIX,
  localeOfMatches,
  requestLocale,
  type Alternates,
} from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import {
  englishContentHtml,
  getTranslation,
  localizeItem,
  localizeSettings,
} from '#app/server/repositories/translations.server.ts'
import { isTranslated } from '#app/domain/translation.ts'
import { useLocale, useT } from '#app/ui/i18n.tsx'
import { TagList } from '#app/ui/public/tag-list.tsx'
import { FrenchOffer } from '#app/ui/public/error-links.tsx'

/** Whether a URL is a page of this site: a path, or this site's own address. */
function isSiteUrl(url: string, request: Request): boolean {
  const here = new URL(request.url)
  const { origin } = new URL(url, here)
  return origin === here.origin || origin === new URL(getEnv().PUBLIC_URL).origin
}

/**
 * Sandbox of the live preview. A page of this site gets scripts only: with allow-same-origin
 * too it could reach into this page and lift its own sandbox. Another site keeps its own
 * origin (its scripts, storage and forms work), which gives it nothing of this one.
 */
export const PREVIEW_SANDBOX = {
  sameSite: 'allow-scripts',
  otherSite: 'allow-scripts allow-same-origin allow-forms allow-popups',
} as const

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const french = await getProject(params.id)
  // An untranslated project has no English page (ADR 075): a 404 offering the French one.
  const project = await localizeItem('project', french, locale)
  if (!project)
    return data(
      {
        project: null,
        previewSandbox: null,
        contentHtml: '',
        jsonLd: [],
        framing: null,
        alts: {},
        alternates: null,
        tagsLabel: '',
        frenchOffer: french
          ? { title: french.title, path: `/projects/${encodeURIComponent(french.id)}` }
          : null,
      },
      { status: 404 },
    )
  const path = `/projects/${encodeURIComponent(project.id)}`
  const alternates: Alternates = {
    fr: path,
    en:
      locale === 'en' || isTranslated('project', await getTranslation('project', project.id))
        ? `${EN_PREFIX}${path}`
        : null,
  }
  const sameSite = project.url ? isSiteUrl(project.url, request) : false
  const previewSandbox = project.url ? PREVIEW_SANDBOX[sameSite ? 'sameSite' : 'otherSite'] : null
  // A site that refuses frames (ADR 053) gets a message and a link, not a blank frame.
  const framing: FramingVerdict | null = project.url
    ? sameSite
      ? 'allowed'
      : await checkFraming(project.url)
    : null
  const origin = getEnv().PUBLIC_URL
  const [contentHtml, profile, settings, alts] = await Promise.all([
    locale === 'en' ? englishContentHtml('project', project.id) : getProjectContentHtml(project),
    getProfile(),
    getSiteSettings().then((s) => localizeSettings(s, locale)),
    // The library's text alternative of the cover and the images (ADR 017).
    libraryAlts([project.thumbnail, ...project.images]),
  ])
  const jsonLd = [
    creativeWorkLd(origin, project, profile?.name || settings.siteName, locale),
    breadcrumbLd(origin, [
      [translate(locale, 'nav:home'), locale === 'en' ? `${EN_PREFIX}/` : '/'],
      [translate(locale, 'nav:projects'), locale === 'en' ? `${EN_PREFIX}/projects` : '/projects'],
      [project.title, alternates[locale]!],
    ]),
  ]
  // The page shows the stored HTML: the Markdown source and the ordering fields stay on the
  // server (ADR 040).
  const {
    content: _content,
    featured: _featured,
    order: _order,
    updatedAt: _updatedAt,
    ...shown
  } = project
  return {
    project: shown,
    previewSandbox,
    contentHtml,
    jsonLd,
    framing,
    alts,
    alternates,
    // The owner's word over the tags (ADR 092); English pages say "Tags" (ADR 089).
    tagsLabel: locale === 'en' ? DEFAULT_PROJECT_TAGS_LABEL : projectTagsLabel(settings),
    frenchOffer: null,
  }
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const project = loaderData?.project
  if (!project)
    return pageMeta(matches, {
      title: translate(localeOfMatches(matches), 'project:notFound'),
      path: `/projects/${params.id}`,
      noindex: true,
    })
  // The owner's search and social fields, else the project's own (ADR 064).
  const seo = effectiveSeo(project, {
    title: project.title,
    description: summarize(project.description),
    image: project.thumbnail,
  })
  return pageMeta(matches, {
    ...seo,
    path: `/projects/${project.id}`,
    ...(loaderData.alternates ? { alternates: loaderData.alternates } : {}),
  })
}

export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  const { project, previewSandbox, contentHtml, jsonLd, framing, alts, frenchOffer, tagsLabel } =
    loaderData
  // A new project resets the viewer, preview and selected image.
  return (
    <>
      <JsonLdScripts items={jsonLd} />
      <ProjectView
        key={project?.id ?? 'none'}
        project={project}
        previewSandbox={previewSandbox}
        contentHtml={contentHtml}
        framing={framing}
        alts={alts}
        frenchOffer={frenchOffer}
        tagsLabel={tagsLabel}
      />
    </>
  )
}

function ProjectView({
  project,
  previewSandbox,
  contentHtml,
  framing,
  alts,
  frenchOffer,
  tagsLabel,
}: {
  frenchOffer: { title: string; path: string } | null
  tagsLabel: string
  alts: Record<string, string>
  framing: Route.ComponentProps['loaderData']['framing']
  project: Route.ComponentProps['loaderData']['project']
  previewSandbox: Route.ComponentProps['loaderData']['previewSandbox']
  contentHtml: string
}) {
  const [expanded, setExpanded] = useState(false)
  const [viewer, setViewer] = useState<number | null>(null)
  const [selected, setSelected] = useState(0)
  const tr = useT()
  const locale = useLocale()

  if (!project) {
    return (
      <section className="mx-auto flex min-h-[70dvh] max-w-3xl flex-col items-center justify-center gap-6 px-6 pt-32 text-center">
        <h1 className="text-4xl font-bold">{tr('project:notFound')}</h1>
        <p className="text-fg-2">{tr('project:notFoundText')}</p>
        <FrenchOffer offer={frenchOffer} />
        <Link to="/projects" className="btn btn-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {tr('project:back')}
        </Link>
      </section>
    )
  }

  // The thumbnail strip is the thumbnail plus the images.
  const gallery = [project.thumbnail, ...project.images.filter((i) => i !== project.thumbnail)].map(
    (src, i) => ({ src, alt: alts[src] ?? `${project.title} — image ${i + 1}` }),
  )
  const main = gallery[selected] ?? gallery[0]

  return (
    <article>
      <header className="relative overflow-hidden">
        {/* Low priority: the main picture below is the largest paint, on a phone as on a wide
            screen, and the blurred backdrop must not take its bandwidth (ADR 114); low, React
            does not preload it from the head either (ADR 123). */}
        <img
          src={backdropSrc(project.thumbnail)}
          alt=""
          fetchPriority="low"
          className="absolute inset-0 size-full scale-110 object-cover opacity-25 blur-md"
        />
        <div className="absolute inset-0 bg-gradient-to-b from-bg/60 to-bg" aria-hidden="true" />
        <div className="reveal relative mx-auto max-w-6xl px-6 pt-36 pb-16">
          <Link to="/projects" className="link inline-flex items-center gap-2 text-sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {tr('project:all')}
          </Link>
          <h1 className="gradient-text mt-6 text-4xl font-bold md:text-6xl">{project.title}</h1>
          <TagList tags={project.tags} className="mt-5 flex flex-wrap gap-2" />
          <p className="mt-6 max-w-3xl text-lg text-fg-2">{project.description}</p>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-10 px-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-10">
          {project.url && previewSandbox ? (
            <section aria-labelledby="preview-title" className="card overflow-hidden">
              <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
                <h2 id="preview-title" className="font-semibold">
                  {tr('project:preview')}
                </h2>
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((e) => !e)}
                  className="btn btn-ghost px-4 py-2 text-sm"
                >
                  {expanded ? (
                    <Minimize2 aria-hidden="true" className="size-4" />
                  ) : (
                    <Maximize2 aria-hidden="true" className="size-4" />
                  )}
                  {expanded ? tr('project:previewShrink') : tr('project:previewExpand')}
                </button>
              </div>
              {framing === 'blocked' ? (
                <div
                  className="flex flex-col items-start gap-3 p-6 text-fg-2"
                  data-testid="preview-blocked"
                >
                  <p>{tr('project:previewBlocked')}</p>
                  <a
                    href={project.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-primary"
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {tr('project:openSite')}
                  </a>
                </div>
              ) : (
                <>
                  <iframe
                    src={project.url}
                    title={tr('project:previewOf', { title: project.title })}
                    loading="lazy"
                    sandbox={previewSandbox}
                    referrerPolicy="no-referrer"
                    data-testid="project-preview"
                    className={`w-full bg-white transition-[height] duration-500 ${expanded ? 'h-[80dvh]' : 'h-80'}`}
                  />
                  {/* Some refusals cannot be seen from the server (a page script, a login wall). */}
                  <p className="border-t border-line px-5 py-3 text-sm text-fg-2">
                    {tr('project:previewEmpty')}{' '}
                    <a
                      href={project.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="link"
                    >
                      {tr('project:openSite')}
                    </a>
                  </p>
                </>
              )}
            </section>
          ) : null}

          {main ? (
            <section aria-label={tr('project:images')}>
              <button
                type="button"
                onClick={() => setViewer(selected)}
                className="block w-full overflow-hidden rounded-2xl border border-line"
                aria-label={tr('project:enlarge')}
              >
                <ResponsiveImage
                  src={main.src}
                  alt={main.alt}
                  priority
                  sizes="(min-width: 1024px) 760px, calc(100vw - 48px)"
                  className="w-full object-cover"
                />
              </button>
              {gallery.length > 1 ? (
                <ul
                  className="mt-4 flex gap-3 overflow-x-auto pb-2"
                  aria-label={tr('project:thumbnails')}
                >
                  {gallery.map((img, i) => (
                    <li key={img.src} className="shrink-0">
                      <button
                        type="button"
                        aria-label={tr('project:showImage', { n: i + 1 })}
                        aria-pressed={i === selected}
                        onClick={() => setSelected(i)}
                        className={`block overflow-hidden rounded-xl border-2 ${i === selected ? 'border-secondary' : 'border-transparent opacity-70 hover:opacity-100'}`}
                      >
                        {/* Low priority: the strip loads after the main picture (ADR 114). */}
                        <img
                          src={backdropSrc(img.src)}
                          alt=""
                          loading="lazy"
                          fetchPriority="low"
                          className="h-16 w-24 object-cover"
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}

          <section aria-label={tr('project:details')} className="text-lg leading-relaxed text-fg-2">
            <MarkdownBody html={contentHtml} />
          </section>
        </div>

        <aside className="card h-fit space-y-6 p-6 lg:sticky lg:top-28">
          <div>
            <h2 className="eyebrow">{tr('project:date')}</h2>
            <p className="mt-2 flex items-center gap-2 text-fg">
              <Calendar aria-hidden="true" className="size-4" />
              {/* The project's own period, not the day it was typed in (ADR 092). */}
              {formatPeriod(project.startDate, project.endDate, locale)}
            </p>
          </div>
          <div>
            <h2 className="eyebrow">{tagsLabel}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {project.tags.map((t) => (
                <li key={t} className="chip">
                  {t}
                </li>
              ))}
            </ul>
          </div>
          {project.url ? (
            <a
              href={project.url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-primary w-full"
            >
              {tr('project:visit')}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : null}
        </aside>
      </div>

      <Lightbox
        images={gallery}
        index={viewer}
        onIndexChange={(i) => {
          setViewer(i)
          setSelected(i)
        }}
        onClose={() => setViewer(null)}
      />
    </article>
  )
}
