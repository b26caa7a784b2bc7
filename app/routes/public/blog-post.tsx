import { data } from 'react-router'
import { NewsletterForm } from '#app/ui/public/newsletter-form.tsx'
import { Link } from '#app/ui/link.tsx'
import { ArrowLeft } from 'lucide-react'
import { PreviewBanner } from '#app/ui/public/preview-banner.tsx'
import type { Route } from './+types/blog-post'
import { PREVIEW_BANNER, PREVIEW_BANNER_PUBLISHED, isPublic } from '#app/domain/publishing.ts'
import { summarize } from '#app/domain/seo.ts'
import { excerptOrFirstParagraph } from '#app/domain/excerpt.ts'
import { blogPostingLd, breadcrumbLd } from '#app/domain/structured-data.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import {
  getBlogPost,
  getBlogPostPage,
  getBlogPostPreview,
  type BlogPostPage,
} from '#app/server/repositories/blog.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { PostAuthor, ReadTime } from '#app/ui/public/blog-card.tsx'
import { formatDate } from '#app/ui/public/format.ts'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { MarkdownBody } from '#app/ui/public/markdown-body.tsx'
import { backdropSrc } from '#app/ui/public/media.tsx'
import { effectiveSeo } from '#app/domain/page-seo.ts'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import {
  EN_PREFIX,
  localeOfMatches,
  requestLocale,
  type Alternates,
  type Locale,
} from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import {
  englishContentHtml,
  englishSlugOf,
  localizeItem,
  postIdOfEnglishSlug,
  previewInEnglish,
  localizeSettings,
} from '#app/server/repositories/translations.server.ts'
import { useLocale, useT } from '#app/ui/i18n.tsx'
import { TagList } from '#app/ui/public/tag-list.tsx'
import { FrenchOffer } from '#app/ui/public/error-links.tsx'

/** `/blog/:slug?apercu`: an admin sees any post (draft, scheduled) with a banner. */
export const PREVIEW_PARAM = 'apercu'

const NOT_FOUND = {
  post: null,
  html: '',
  jsonLd: [],
  preview: null,
  alternates: null,
  frenchOffer: null,
} as const

/**
 * The English page of a post (ADR 075): found by its English slug (or its French one when the
 * translation keeps it), public by the French post's rules and its English version's own
 * status and date (ADR 077). A French-only post, or one whose English version is not public,
 * gives no page, but its French address, which the 404 offers.
 */
async function englishPage(
  slug: string,
  preview = false,
): Promise<{ page?: BlogPostPage; frenchOffer?: { title: string; path: string } }> {
  const id = await postIdOfEnglishSlug(slug)
  // An admin's preview (ADR 087): the English version whatever its status or the French one's.
  if (preview) {
    const post = id ? await getBlogPost(id) : (await getBlogPostPreview(slug))?.post
    const english = post ? await previewInEnglish('post', post) : undefined
    if (english && english.slug === slug)
      return {
        page: { post: english.item, html: await englishContentHtml('post', english.item.id) },
      }
  }
  const french = id
    ? await getBlogPost(id).then((post) => (post ? getBlogPostPage(post.slug) : undefined))
    : await getBlogPostPage(slug)
  if (!french) return {}
  const englishSlug = await englishSlugOf(french.post.id, french.post.slug)
  if (englishSlug !== slug) {
    return { frenchOffer: { title: french.post.title, path: `/blog/${french.post.slug}` } }
  }
  const post = await localizeItem('post', french.post, 'en')
  if (!post) return {}
  return { page: { post, html: await englishContentHtml('post', post.id) } }
}

/** Only an active admin may preview; anybody else gets the public rules. */
async function loadPreview(request: Request): Promise<boolean> {
  if (!new URL(request.url).searchParams.has(PREVIEW_PARAM)) return false
  const user = await getSessionUser(request)
  return user?.role === 'admin' && user.status === 'active'
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale: Locale = requestLocale(request)
  // An admin previews the French post (ADR 020) and its English version (ADR 087).
  const preview = await loadPreview(request)
  // Drafts and posts not yet due are a 404 for visitors (checked in the query, at its time).
  const english = locale === 'en' ? await englishPage(params.slug, preview) : undefined
  const page: BlogPostPage | undefined = english
    ? english.page
    : preview
      ? await getBlogPostPreview(params.slug)
      : await getBlogPostPage(params.slug)
  // A preview is never stored by a shared cache.
  const headers = preview ? { 'Cache-Control': 'private, no-store' } : undefined
  if (!page)
    return data(
      { ...NOT_FOUND, frenchOffer: english?.frenchOffer ?? null },
      { status: 404, headers },
    )
  const { post, html } = page
  const origin = getEnv().PUBLIC_URL
  // The publisher is the site's name in the page's language (ADR 089).
  const settings = await getSiteSettings().then((s) => localizeSettings(s, locale))
  const frenchSlug = english ? ((await getBlogPost(post.id))?.slug ?? post.slug) : post.slug
  const englishSlug = english ? post.slug : await englishSlugOf(post.id, post.slug)
  // The twin, known by id (ADR 075): the switcher and the hreflang links go there.
  const alternates: Alternates = {
    fr: `/blog/${encodeURIComponent(frenchSlug)}`,
    en: englishSlug ? `${EN_PREFIX}/blog/${encodeURIComponent(englishSlug)}` : null,
  }
  // Category, excerpt and thumbnail are optional (ADR 087): the first paragraph describes the
  // post, the site's share image shows it.
  const excerpt = excerptOrFirstParagraph(post.excerpt, html)
  const jsonLd = [
    blogPostingLd(
      origin,
      { ...post, excerpt, thumbnail: post.thumbnail || (settings.metaImage ?? '') },
      settings.siteName,
      locale,
    ),
    breadcrumbLd(origin, [
      [translate(locale, 'nav:home'), locale === 'en' ? `${EN_PREFIX}/` : '/'],
      ['Blog', locale === 'en' ? `${EN_PREFIX}/blog` : '/blog'],
      [post.title, alternates[locale]!],
    ]),
  ]
  // In English, "published" is what a visitor would see at this address now.
  const visible = english
    ? (await englishPage(params.slug)).page !== undefined
    : isPublic(post, new Date())
  const banner = preview ? (visible ? PREVIEW_BANNER_PUBLISHED : PREVIEW_BANNER) : null
  // The Markdown source stays on the server: the page ships its HTML only, and only the
  // fields it shows (ADR 040).
  const {
    content: _content,
    id: _id,
    createdAt: _createdAt,
    status: _status,
    readTimeAuto: _readTimeAuto,
    ...shown
  } = post
  return data(
    {
      // The lead paragraph is the written excerpt only: the fallback is the body's first one.
      post: { ...shown, excerpt, lead: post.excerpt.trim() },
      html,
      jsonLd,
      preview: banner,
      alternates,
      frenchOffer: null,
    },
    { headers },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cache = loaderHeaders.get('Cache-Control')
  return cache ? { 'Cache-Control': cache } : new Headers()
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const post = loaderData?.post
  const locale = localeOfMatches(matches)
  if (!post)
    return pageMeta(matches, {
      title: translate(locale, 'post:notFound'),
      path: `/blog/${params.slug}`,
      noindex: true,
    })
  // The owner's search and social fields, else the post's own (ADR 064).
  const seo = effectiveSeo(post, {
    title: post.title,
    description: summarize(post.excerpt),
    image: post.thumbnail,
  })
  return pageMeta(matches, {
    ...seo,
    path: `/blog/${post.slug}`,
    ...(loaderData.alternates ? { alternates: loaderData.alternates } : {}),
    type: 'article',
    publishedTime: post.publishedAt,
    ...(post.updatedAt ? { modifiedTime: post.updatedAt } : {}),
    noindex: loaderData.preview !== null,
  })
}

export default function BlogPostScreen({ loaderData }: Route.ComponentProps) {
  const { post, html, jsonLd, preview, frenchOffer } = loaderData
  const t = useT()
  const locale = useLocale()
  if (!post) {
    return (
      <section className="mx-auto flex min-h-[70dvh] max-w-3xl flex-col items-center justify-center gap-6 px-6 pt-32 text-center">
        <h1 className="text-4xl font-bold">{t('post:notFound')}</h1>
        <p className="text-fg-2">{t('post:notFoundText')}</p>
        <FrenchOffer offer={frenchOffer} />
        <Link to="/blog" className="btn btn-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('post:backToBlog')}
        </Link>
      </section>
    )
  }
  // The body is Markdown rendered and sanitised on the server (markdown.server.ts, ADR 020).
  return (
    <article>
      <PreviewBanner text={preview} />
      {preview ? null : <JsonLdScripts items={jsonLd} />}
      <header className="relative overflow-hidden">
        {/* A blurred wash of colour, never the picture's own text as ghost
            letters; a dark veil keeps the title readable over any image. */}
        {post.thumbnail ? (
          <img
            src={backdropSrc(post.thumbnail)}
            alt=""
            fetchPriority="high"
            data-hero-backdrop=""
            className="absolute inset-0 size-full scale-125 object-cover opacity-40 blur-2xl"
          />
        ) : null}
        <div
          className="absolute inset-0 bg-gradient-to-b from-bg/75 via-bg/85 to-bg"
          aria-hidden="true"
        />
        <div className="reveal relative mx-auto max-w-3xl px-6 pt-36 pb-14">
          <Link to="/blog" className="link inline-flex items-center gap-2 text-sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('post:allPosts')}
          </Link>
          {post.category ? (
            <p className="mt-6">
              <span className="chip">{post.category}</span>
            </p>
          ) : null}
          <h1 className="gradient-text mt-4 text-4xl leading-tight font-bold [overflow-wrap:anywhere] md:text-5xl">
            {post.title}
          </h1>
          <div className="mt-6 flex flex-wrap items-center gap-4 text-fg-2">
            <span className="flex items-center gap-3">
              <PostAuthor author={post.author} size={40} />
            </span>
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time>
            <ReadTime minutes={post.readTime} />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-6 px-6 text-lg leading-relaxed text-fg-2">
        {post.lead ? (
          // A long address in the excerpt wraps rather than widen the page (ADR 093).
          <p className="text-xl text-fg [overflow-wrap:anywhere]">{post.lead}</p>
        ) : null}
        <MarkdownBody html={html} />
        {post.tags.length > 0 ? (
          <TagList tags={post.tags} className="flex flex-wrap gap-2 pt-6" />
        ) : null}
      </div>
      {preview ? null : <NewsletterForm />}
    </article>
  )
}
