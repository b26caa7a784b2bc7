import { getEnv } from '#app/server/core/env.server.ts'
import { excerptOrFirstParagraph } from '#app/domain/excerpt.ts'
import { cdata, escapeXml, xmlResponse } from '#app/server/content/feeds.server.ts'
import { listBlogPostPages } from '#app/server/repositories/blog.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import { EN_PREFIX, requestLocale } from '#app/domain/i18n/locale.ts'
import {
  englishContentHtml,
  localizeList,
  localizeSettings,
} from '#app/server/repositories/translations.server.ts'

const MAX_ITEMS = 50

/** Site-relative links and images of a post, made absolute for feed readers. */
function absolutize(html: string, origin: string): string {
  return html.replace(/ (href|src)="\/(?!\/)/g, ` $1="${origin}/`)
}

// Only public posts (not drafts, date come: checked at query time), each with its
// full rendered, sanitised HTML in content:encoded (CDATA-safe). One feed per language
// (ADR 074): /rss.xml in French, /en/rss.xml with the translated posts only.
export async function loader({ request }: { request: Request }) {
  const locale = requestLocale(request)
  const origin = getEnv().PUBLIC_URL
  const site = `${origin}${locale === 'en' ? EN_PREFIX : ''}`
  const [settings, french] = await Promise.all([
    getSiteSettings().then((s) => localizeSettings(s, locale)),
    listBlogPostPages(MAX_ITEMS),
  ])
  const pages =
    locale === 'fr'
      ? french
      : await Promise.all(
          (
            await localizeList(
              'post',
              french.map((page) => page.post),
              locale,
            )
          ).map(async (post) => ({
            post,
            html: await englishContentHtml('post', post.id),
          })),
        )
  const items = pages.map(({ post: p, html }) => {
    const url = `${site}/blog/${encodeURIComponent(p.slug)}`
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <description>${escapeXml(excerptOrFirstParagraph(p.excerpt, html))}</description>`,
      `      <content:encoded>${cdata(absolutize(html, origin))}</content:encoded>`,
      // Category and excerpt are optional (ADR 087).
      ...(p.category ? [`      <category>${escapeXml(p.category)}</category>`] : []),
      // Tags are categories too in a feed, by their names in the feed's language (ADR 094).
      ...p.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n')
  })
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(settings.siteName)} — Blog</title>`,
    `    <link>${escapeXml(`${site}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${site}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(settings.siteDescription)}</description>`,
    `    <language>${locale === 'en' ? 'en-GB' : 'fr-FR'}</language>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  return xmlResponse(body, 'application/rss+xml')
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
