import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { EN_PREFIX, localizePath } from '#app/domain/i18n/locale.ts'
import { isTranslated } from '#app/domain/translation.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { escapeXml, xmlResponse } from '#app/server/content/feeds.server.ts'
import { listBlogPosts } from '#app/server/repositories/blog.server.ts'
import { listProjects } from '#app/server/repositories/projects.server.ts'
import { listPublishedPages } from '#app/server/repositories/pages.server.ts'
import { englishSlugOf, listTranslations } from '#app/server/repositories/translations.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

const STATIC_PATHS = ['/', '/projects', '/timeline', '/blog', '/gallery', '/cv', '/contact']

/** A page in both languages, or in French only (`en` null): ADR 074. */
interface Pair {
  fr: string
  en: string | null
  lastmod?: string
}

/**
 * Every public page, in each language it exists in; a page with a twin lists both versions as
 * `xhtml:link` alternates (x-default: French), on both entries.
 */
export async function loader() {
  const origin = getEnv().PUBLIC_URL
  const [projects, posts, projectTexts, pages, pageTexts] = await Promise.all([
    listProjects(),
    listBlogPosts(),
    listTranslations('project'),
    listPublishedPages(),
    listTranslations('page'),
  ])
  const pairs: Pair[] = [
    ...STATIC_PATHS.map((p) => ({ fr: p, en: localizePath(p, 'en') })),
    ...Object.values(LEGAL_PAGES).map((p) => ({
      fr: p.path,
      // Both languages are generated from the same facts (ADR 089).
      en: localizePath(p.path, 'en'),
    })),
    ...projects.map((p) => {
      const path = `/projects/${encodeURIComponent(p.id)}`
      return {
        fr: path,
        en: isTranslated('project', projectTexts.get(p.id)) ? `${EN_PREFIX}${path}` : null,
        lastmod: p.updatedAt ?? p.createdAt,
      }
    }),
    ...(await Promise.all(
      posts.map(async (p) => {
        const english = await englishSlugOf(p.id, p.slug)
        return {
          fr: `/blog/${encodeURIComponent(p.slug)}`,
          en: english ? `${EN_PREFIX}/blog/${encodeURIComponent(english)}` : null,
          lastmod: p.updatedAt ?? p.publishedAt,
        }
      }),
    )),
    // The owner's published pages (ADR 090): the English one at /en/<the same slug>.
    ...pages.map((p) => {
      const path = `/${encodeURIComponent(p.slug)}`
      return {
        fr: path,
        en: isTranslated('page', pageTexts.get(p.id)) ? `${EN_PREFIX}${path}` : null,
        lastmod: p.updatedAt ?? p.createdAt,
      }
    }),
  ]
  const url = (path: string) => escapeXml(`${origin}${path}`)
  const entry = (loc: string, pair: Pair) => {
    const links = pair.en
      ? [
          `<xhtml:link rel="alternate" hreflang="fr" href="${url(pair.fr)}"/>`,
          `<xhtml:link rel="alternate" hreflang="en" href="${url(pair.en)}"/>`,
          `<xhtml:link rel="alternate" hreflang="x-default" href="${url(pair.fr)}"/>`,
        ].join('')
      : ''
    const lastmod = pair.lastmod ? `<lastmod>${escapeXml(pair.lastmod)}</lastmod>` : ''
    return `  <url><loc>${url(loc)}</loc>${lastmod}${links}</url>`
  }
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    [
      ...pairs.map((pair) => entry(pair.fr, pair)),
      ...pairs.filter((pair) => pair.en).map((pair) => entry(pair.en!, pair)),
    ].join('\n') +
    '\n</urlset>\n'
  return xmlResponse(body)
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
