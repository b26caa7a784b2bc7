// Former addresses of imported posts (ADR 066): a request for a path the app does not serve
// (the not-found route) whose path an import recorded answers a 301 to the post's page.
import { getDb } from '#app/server/db/client.server.ts'
import { normalisePath } from './pipeline.server.ts'

/** '/blog/<slug>' of the post imported from this former path, or undefined. */
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
  return row ? `/blog/${row.slug}` : undefined
}
