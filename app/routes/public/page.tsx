// The owner's pages at /<slug> and /en/<slug> (ADR 090). The route has one dynamic segment,
// so every route of the app with a static first segment wins over it (and slugs never take
// one, page.ts); an address no published page holds answers the site's 404 exactly as the
// not-found route does, imported former addresses (ADR 066) included.
import { data, redirect } from 'react-router'
import { PreviewBanner } from '#app/ui/public/preview-banner.tsx'
import type { Route } from './+types/page'
import { PAGE_PREVIEW_BANNER } from '#app/domain/page.ts'
import { effectiveSeo } from '#app/domain/page-seo.ts'
import { summarize } from '#app/domain/seo.ts'
import { firstParagraphText } from '#app/domain/excerpt.ts'
import {
  EN_PREFIX,
  localeOfMatches,
  requestLocale,
  type Alternates,
} from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import {
  getPagePreview,
  getPublicPage,
  type PageView,
} from '#app/server/repositories/pages.server.ts'
import {
  englishContentHtml,
  localizeItem,
  previewInEnglish,
} from '#app/server/repositories/translations.server.ts'
import { importedRedirect } from '#app/server/transfer/redirects.server.ts'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { NotFoundScreen } from '#app/ui/public/not-found-screen.tsx'
import { FrenchOffer } from '#app/ui/public/error-links.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'

/** `/<slug>?apercu`: an admin sees a draft with a banner, as for posts (ADR 020). */
const PREVIEW_PARAM = 'apercu'

/** Only an active admin may preview; anybody else gets the public rules. */
async function canPreview(request: Request): Promise<boolean> {
  if (!new URL(request.url).searchParams.has(PREVIEW_PARAM)) return false
  const user = await getSessionUser(request)
  return user?.role === 'admin' && user.status === 'active'
}

/** The English page: the French page's English version, public with it (ADR 090). */
async function englishView(french: PageView | undefined, preview: boolean) {
  if (!french) return undefined
  const page = preview
    ? (await previewInEnglish('page', french.page))?.item
    : await localizeItem('page', french.page, 'en')
  if (!page) return undefined
  return { page, html: await englishContentHtml('page', page.id) }
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const preview = await canPreview(request)
  const slug = params.slug
  const french = preview ? await getPagePreview(slug) : await getPublicPage(slug)
  const view = locale === 'en' ? await englishView(french, preview) : french
  // A preview is never stored by a shared cache.
  const headers = preview ? { 'Cache-Control': 'private, no-store' } : undefined
  if (!view) {
    // As the not-found route: a former address of an imported item answers its 301.
    const target = await importedRedirect(new URL(request.url).pathname)
    if (target) return redirect(target, 301)
    // A French page without an English version offers the French one, as a post does.
    const offer =
      locale === 'en' && french && french.page.status === 'published'
        ? { title: french.page.title, path: `/${french.page.slug}` }
        : null
    return data(
      { page: null, html: '', preview: null, alternates: NO_TWIN, frenchOffer: offer },
      { status: 404, headers },
    )
  }
  const path = `/${encodeURIComponent(slug)}`
  const english = french ? await localizeItem('page', french.page, 'en') : undefined
  const alternates: Alternates = { fr: path, en: english ? `${EN_PREFIX}${path}` : null }
  const { page, html } = view
  const banner = preview && page.status !== 'published' ? PAGE_PREVIEW_BANNER : null
  return data(
    {
      page: {
        title: page.title,
        slug: page.slug,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        ogImage: page.ogImage,
        description: firstParagraphText(html),
        updatedAt: page.updatedAt ?? page.createdAt,
      },
      html,
      preview: banner,
      alternates,
      frenchOffer: null,
    },
    { headers },
  )
}

/** A page that does not exist has no twin: the language switcher goes home. */
const NO_TWIN: Alternates = { fr: null, en: null }

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cache = loaderHeaders.get('Cache-Control')
  return cache ? { 'Cache-Control': cache } : new Headers()
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const locale = localeOfMatches(matches)
  const page = loaderData?.page
  if (!page)
    return pageMeta(matches, {
      title: translate(locale, 'error:notFoundTitle'),
      description: translate(locale, 'notFound:description'),
      path: location.pathname,
      noindex: true,
    })
  // The owner's search and social fields, else the page's own (ADR 064).
  const seo = effectiveSeo(page, {
    title: page.title,
    description: summarize(page.description),
    image: '',
  })
  return pageMeta(matches, {
    ...seo,
    path: `/${page.slug}`,
    alternates: loaderData.alternates,
    modifiedTime: page.updatedAt,
    noindex: loaderData.preview !== null,
  })
}

export default function OwnPage({ loaderData }: Route.ComponentProps) {
  const { page, html, preview, frenchOffer } = loaderData
  if (!page) {
    return frenchOffer ? (
      <>
        <NotFoundScreen />
        <div className="-mt-24 flex justify-center pb-24">
          <FrenchOffer offer={frenchOffer} />
        </div>
      </>
    ) : (
      <NotFoundScreen />
    )
  }
  // The body is Markdown rendered and sanitised on the server (markdown.server.ts, ADR 020).
  return (
    <article>
      <PreviewBanner text={preview} />
      <header className="reveal mx-auto max-w-3xl px-6 pt-32 pb-10 md:pt-40">
        <h1 className="gradient-text text-4xl leading-tight font-bold md:text-6xl">{page.title}</h1>
      </header>
      <div className="mx-auto max-w-3xl space-y-6 px-6 text-lg leading-relaxed text-fg-2">
        <MarkdownBody html={html} />
      </div>
    </article>
  )
}
