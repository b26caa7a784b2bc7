import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { escapeXml, xmlResponse } from '#app/server/content/feeds.server.ts'
import { listBlogPosts } from '#app/server/repositories/blog.server.ts'
import { listProjects } from '#app/server/repositories/projects.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

const STATIC_PATHS = ['/', '/projects', '/timeline', '/blog', '/gallery', '/cv', '/contact']

export async function loader() {
  const origin = getEnv().PUBLIC_URL
  const [projects, posts] = await Promise.all([listProjects(), listBlogPosts()])
  const entries: { loc: string; lastmod?: string }[] = [
    ...STATIC_PATHS.map((p) => ({ loc: `${origin}${p}` })),
    ...Object.values(LEGAL_PAGES).map((p) => ({ loc: `${origin}${p.path}` })),
    ...projects.map((p) => ({
      loc: `${origin}/projects/${encodeURIComponent(p.id)}`,
      lastmod: p.updatedAt ?? p.createdAt,
    })),
    ...posts.map((p) => ({
      loc: `${origin}/blog/${encodeURIComponent(p.slug)}`,
      lastmod: p.updatedAt ?? p.publishedAt,
    })),
  ]
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries
      .map(
        (e) =>
          `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
      )
      .join('\n') +
    '\n</urlset>\n'
  return xmlResponse(body)
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
