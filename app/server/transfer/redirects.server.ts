// Former addresses of imported sites (ADR 066, ADR 088): a request for a path the app does not
// serve (the not-found route) whose path an import recorded answers a 301: a post's old
// permalink to its page; the old feed, category, tag, author and monthly archive addresses to
// the feed or the filtered blog list. WordPress's '?p=<id>' links, on the home page, go to the
// post imported from that id. A page's nested address ('/a-propos/equipe/') goes to the page
// ('/equipe', ADR 090), when it is published. Every target is a path of this site.
import { getDb } from '#app/server/db/client.server.ts'
import { MAX_LENGTH } from '#app/domain/common.ts'

/** '/2013/01/11/slug/' → '/2013/01/11/slug'; absolute URLs keep their path only. */
export function normalisePath(pathOrUrl: string | undefined): string | undefined {
  if (!pathOrUrl) return undefined
  let pathname: string
  try {
    pathname = new URL(pathOrUrl, 'http://x.invalid').pathname
  } catch {
    return undefined
  }
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' || trimmed.length > MAX_LENGTH.url ? undefined : trimmed
}

const onSite = (target: string | null | undefined): target is string =>
  !!target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')

/** Where the former address `pathname` now is on this site, or undefined. */
export async function importedRedirect(pathname: string): Promise<string | undefined> {
  let decoded = pathname
  try {
    decoded = decodeURI(pathname)
  } catch {
    // Kept as sent.
  }
  const candidates = [...new Set([normalisePath(pathname), normalisePath(decoded)])].filter(
    (p): p is string => p !== undefined,
  )
  if (candidates.length === 0) return undefined
  const row = await getDb()
    .selectFrom('import_source')
    .innerJoin('blog_posts', 'blog_posts.id', 'import_source.targetId')
    .select('blog_posts.slug')
    .where('import_source.kind', '=', 'post')
    .where('import_source.oldPath', 'in', candidates)
    .executeTakeFirst()
  if (row) return `/blog/${row.slug}`
  const page = await getDb()
    .selectFrom('import_source')
    .innerJoin('pages', 'pages.id', 'import_source.targetId')
    .select('pages.slug')
    .where('import_source.kind', '=', 'page')
    .where('import_source.oldPath', 'in', candidates)
    .where('pages.status', '=', 'published')
    .executeTakeFirst()
  // A page at its own old address is served there: never a redirect to itself.
  if (page && !candidates.includes(`/${page.slug}`)) return `/${page.slug}`
  const address = await getDb()
    .selectFrom('import_source')
    .select('targetUrl')
    .where('kind', '=', 'address')
    .where('oldPath', 'in', candidates)
    .executeTakeFirst()
  return onSite(address?.targetUrl) ? address.targetUrl : undefined
}

/** '/?p=123' (or '?page_id=123'): the page of the post imported from WordPress id 123. */
export async function importedQueryRedirect(url: URL): Promise<string | undefined> {
  const id = url.searchParams.get('p') ?? url.searchParams.get('page_id')
  if (!id || !/^\d{1,20}$/.test(id)) return undefined
  const row = await getDb()
    .selectFrom('import_source')
    .innerJoin('blog_posts', 'blog_posts.id', 'import_source.targetId')
    .select('blog_posts.slug')
    .where('import_source.sourceKey', 'in', [`wordpress:post:${id}`, `wordpress:page:${id}`])
    .where('blog_posts.status', '=', 'published')
    .executeTakeFirst()
  if (row) return `/blog/${row.slug}`
  const page = await getDb()
    .selectFrom('import_source')
    .innerJoin('pages', 'pages.id', 'import_source.targetId')
    .select('pages.slug')
    .where('import_source.sourceKey', '=', `wordpress:page:${id}`)
    .where('import_source.kind', '=', 'page')
    .where('pages.status', '=', 'published')
    .executeTakeFirst()
  return page ? `/${page.slug}` : undefined
}
