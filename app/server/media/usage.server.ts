// Where a media URL is used : deleting an item that a page shows asks
// first, naming the places. A portfolio holds few rows: read the address columns, match in JS.
import { getDb } from '#app/server/db/client.server.ts'

/** French names of the places that use `url` ('Projet « Budget clair »', 'Paramètres'…). */
export async function findMediaUsages(url: string): Promise<string[]> {
  if (!url) return []
  const db = getDb()
  const uses = (...texts: Array<string | null | undefined>) =>
    texts.some((text) => typeof text === 'string' && text.includes(url))
  const places: string[] = []
  const projects = await db
    .selectFrom('projects')
    .select(['title', 'thumbnail', 'images', 'content'])
    .execute()
  for (const p of projects) {
    if (uses(p.thumbnail, p.images, p.content)) places.push(`Projet « ${p.title} »`)
  }
  const posts = await db
    .selectFrom('blog_posts')
    .select(['title', 'thumbnail', 'content'])
    .execute()
  for (const p of posts) if (uses(p.thumbnail, p.content)) places.push(`Article « ${p.title} »`)
  const documents = [
    ['profile', 'Mon Profil'],
    ['settings', 'Paramètres'],
    ['cv', 'CV'],
  ] as const
  for (const [table, label] of documents) {
    const row = await db.selectFrom(table).select('data').executeTakeFirst()
    if (uses(row?.data)) places.push(label)
  }
  const users = await db.selectFrom('user').select(['name', 'image']).execute()
  for (const u of users) if (uses(u.image)) places.push(`Avatar de ${u.name}`)
  return places
}
