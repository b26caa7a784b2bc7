import { getEnv } from '#app/server/env.server.ts'
import { escapeXml, xmlResponse } from '#app/server/feeds.server.ts'
import { listBlogPosts } from '#app/server/repositories/blog.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { methodNotAllowed } from '#app/server/method-not-allowed.server.ts'

const MAX_ITEMS = 50

export async function loader() {
  const origin = getEnv().PUBLIC_URL
  const [settings, posts] = await Promise.all([getSiteSettings(), listBlogPosts()])
  const items = posts.slice(0, MAX_ITEMS).map((p) => {
    const url = `${origin}/blog/${encodeURIComponent(p.slug)}`
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <description>${escapeXml(p.excerpt)}</description>`,
      `      <category>${escapeXml(p.category)}</category>`,
      `      <pubDate>${new Date(p.createdAt).toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n')
  })
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(settings.siteName)} — Blog</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(settings.siteDescription)}</description>`,
    '    <language>fr-FR</language>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  return xmlResponse(body, 'application/rss+xml')
}

/** No form posts here: a French 405 (issue 14). */
export const action = methodNotAllowed
