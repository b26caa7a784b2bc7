// WordPress WXR (Outils › Exporter), read as a stream with saxes (ADR 066): a 200 MB export is
// never held whole. Two passes: the first checks the whole file is well-formed WXR (a
// truncated or foreign file is refused before anything is written) and notes every
// attachment's URL by id (featured images); the second hands items over one by one. It runs
// in the import worker (ADR 083), and every field is capped while it is read: a 60 MB body
// stops growing at MAX_SOURCE_HTML and its post is reported as too long.
import { createReadStream } from 'node:fs'
import { SaxesParser } from 'saxes'
import { autoEmbed, htmlToText, wpautop } from './html-to-markdown.server.ts'
import { emitPost } from './prepare.server.ts'
import {
  ImportRefused,
  MAX_SOURCE_FIELD,
  MAX_SOURCE_HTML,
  postLabel,
  SOURCE_TEXTS,
  type Emit,
} from './source.server.ts'

/** Per item, at most this many categories and meta entries are kept. */
const MAX_LIST = 500

export const WXR_REFUSALS = {
  notXml:
    'Ce fichier n’est pas un export WordPress lisible : le XML est invalide ou tronqué. Rien n’a été importé.',
  notWxr:
    'Ce fichier XML n’est pas un export WordPress (WXR) : aucun canal RSS avec des éléments WordPress. Rien n’a été importé.',
}

export interface WxrItem {
  title: string
  link: string
  pubDate: string
  creator: string
  content: string
  excerpt: string
  postId: string
  postDateGmt: string
  postDate: string
  postName: string
  status: string
  postType: string
  password: string
  attachmentUrl: string
  postParent: string
  categories: { domain: string; nicename: string; name: string }[]
  meta: Record<string, string>
  comments: number
  /** The fields cut at their cap while reading (source names, 'content:encoded'…). */
  overflow: string[]
}

const FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  pubDate: 'pubDate',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'postId',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_date': 'postDate',
  'wp:post_name': 'postName',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:post_password': 'password',
  'wp:attachment_url': 'attachmentUrl',
  'wp:post_parent': 'postParent',
}

function emptyItem(): WxrItem {
  return {
    title: '',
    link: '',
    pubDate: '',
    creator: '',
    content: '',
    excerpt: '',
    postId: '',
    postDateGmt: '',
    postDate: '',
    postName: '',
    status: '',
    postType: '',
    password: '',
    attachmentUrl: '',
    postParent: '',
    categories: [],
    meta: {},
    comments: 0,
    overflow: [],
  }
}

/**
 * Streams the items of a WXR file to `onItem`, awaited one chunk at a time (back-pressure:
 * the file is read no faster than items are imported). Throws ImportRefused on bad XML.
 */
export async function readWxr(
  file: string,
  onItem: (item: WxrItem) => Promise<void> | void,
): Promise<{ items: number; authors: Map<string, string> }> {
  const parser = new SaxesParser()
  const stack: string[] = []
  let item: WxrItem | undefined
  let field: keyof WxrItem | 'category' | 'meta_key' | 'meta_value' | undefined
  let text = ''
  let limit = MAX_SOURCE_FIELD
  let cut = false
  let fieldName = ''
  const start = (name: string, max = MAX_SOURCE_FIELD) => {
    text = ''
    limit = max
    cut = false
    fieldName = name
  }
  let category: WxrItem['categories'][number] | undefined
  let metaKey = ''
  let metaValue = ''
  let inComment = false
  let sawRss = false
  let sawWp = false
  let items = 0
  const ready: WxrItem[] = []
  const authors = new Map<string, string>()
  let authorField: string | undefined
  let authorLogin = ''
  let authorName = ''

  parser.on('opentag', (tag) => {
    stack.push(tag.name)
    if (tag.name === 'rss') sawRss = true
    if (tag.name.startsWith('wp:')) sawWp = true
    if (tag.name === 'item' && stack.length === 3 && stack[1] === 'channel') {
      item = emptyItem()
      return
    }
    // The site's authors (rss > channel > wp:author > login / display name).
    if (stack.length === 4 && stack[2] === 'wp:author') {
      start(tag.name)
      authorField = tag.name
      return
    }
    if (!item) return
    // Children of <item> only (depth 4: rss > channel > item > field).
    if (stack.length === 4) {
      start(
        tag.name,
        tag.name === 'content:encoded' || tag.name === 'excerpt:encoded'
          ? MAX_SOURCE_HTML
          : MAX_SOURCE_FIELD,
      )
      if (tag.name === 'category') {
        field = 'category'
        const attrs = tag.attributes as Record<string, string>
        category = { domain: attrs.domain ?? '', nicename: attrs.nicename ?? '', name: '' }
      } else if (tag.name === 'wp:comment') {
        inComment = true
        field = undefined
      } else field = FIELDS[tag.name]
    } else if (stack.length === 5 && stack[3] === 'wp:postmeta') {
      start(tag.name)
      field =
        tag.name === 'wp:meta_key'
          ? 'meta_key'
          : tag.name === 'wp:meta_value'
            ? 'meta_value'
            : undefined
    }
  })
  // Capped while reading: past its limit a field stops growing and is marked as cut.
  const onText = (t: string) => {
    if (!field && !authorField) return
    if (cut) return
    if (text.length + t.length > limit) {
      text += t.slice(0, limit - text.length)
      cut = true
    } else text += t
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', (tag) => {
    stack.pop()
    if (authorField) {
      if (tag.name === 'wp:author_login') authorLogin = text.trim()
      if (tag.name === 'wp:author_display_name') authorName = text.trim()
      authorField = undefined
      return
    }
    if (tag.name === 'wp:author' && stack.length === 2) {
      if (authorLogin && authorName) authors.set(authorLogin, authorName)
      authorLogin = ''
      authorName = ''
      return
    }
    if (!item) return
    if (tag.name === 'item' && stack.length === 2) {
      ready.push(item)
      item = undefined
      field = undefined
      return
    }
    if (stack.length === 3) {
      if (inComment && tag.name === 'wp:comment') {
        item.comments++
        inComment = false
      } else if (field === 'category' && category) {
        category.name = text.trim()
        if (item.categories.length < MAX_LIST) item.categories.push(category)
        category = undefined
      } else if (tag.name === 'wp:postmeta') {
        if (metaKey && (metaKey in item.meta || Object.keys(item.meta).length < MAX_LIST))
          item.meta[metaKey] = metaValue
        metaKey = ''
        metaValue = ''
      } else if (field && field !== 'meta_key' && field !== 'meta_value' && field !== 'category') {
        const value = field === 'content' || field === 'excerpt' ? text : text.trim()
        ;(item as unknown as Record<string, string>)[field] = value
        if (cut) item.overflow.push(fieldName)
      }
      field = undefined
    } else if (stack.length === 4 && stack[3] === 'wp:postmeta') {
      if (field === 'meta_key') metaKey = text.trim()
      if (field === 'meta_value') metaValue = text
      field = undefined
    }
  })

  const flush = async () => {
    while (ready.length > 0) {
      const next = ready.shift()!
      items++
      await onItem(next)
    }
  }
  try {
    for await (const chunk of createReadStream(file, {
      encoding: 'utf8',
      highWaterMark: 64 * 1024,
    })) {
      parser.write(chunk as string)
      if (!sawRss && stack.length > 0 && stack[0] !== 'rss')
        throw new ImportRefused(WXR_REFUSALS.notWxr)
      await flush()
    }
    parser.close()
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    // saxes reports malformed or truncated XML by throwing.
    if (error instanceof Error && /^\d+:\d+: /.test(error.message))
      throw new ImportRefused(WXR_REFUSALS.notXml)
    throw error
  }
  await flush()
  if (!sawRss || !sawWp) throw new ImportRefused(WXR_REFUSALS.notWxr)
  return { items, authors }
}

/** WXR dates: GMT 'YYYY-MM-DD HH:MM:SS' ('0000-00-00 00:00:00' for drafts), else pubDate. */
function publishDate(item: WxrItem): string | undefined {
  const gmt = item.postDateGmt
  if (gmt && !gmt.startsWith('0000')) {
    const iso = `${gmt.replace(' ', 'T')}Z`
    if (!Number.isNaN(Date.parse(iso))) return new Date(iso).toISOString()
  }
  if (item.pubDate && !Number.isNaN(Date.parse(item.pubDate)))
    return new Date(item.pubDate).toISOString()
  if (item.postDate && !item.postDate.startsWith('0000')) {
    const local = Date.parse(item.postDate.replace(' ', 'T'))
    if (!Number.isNaN(local)) return new Date(local).toISOString()
  }
  return undefined
}

const LEGAL_TITLE =
  /mentions?\s+l[ée]gales|confidentialit|conditions\s+(g[ée]n[ée]rales|d.utilisation)/i

/** Reads a WXR file in the worker and hands its posts, attachments and skips to `emit`. */
export async function parseWxr(file: string, emit: Emit): Promise<void> {
  // Pass 1: the whole file must be valid WXR; attachments by id for featured images.
  const attachments = new Map<string, string>()
  // A [gallery] without ids shows the post's own attachments (WordPress's default).
  const children = new Map<string, string[]>()
  const { authors } = await readWxr(file, (item) => {
    if (item.postType === 'attachment' && item.attachmentUrl) {
      attachments.set(item.postId, item.attachmentUrl)
      if (item.postParent && item.postParent !== '0') {
        const list = children.get(item.postParent) ?? []
        if (list.length < MAX_LIST) list.push(item.attachmentUrl)
        children.set(item.postParent, list)
      }
    }
  })
  let menus = 0
  let comments = 0
  let extraCategories = 0
  // Former archive addresses, answered with a 301 once the posts are in (ADR 088).
  const mainCategories = new Set<string>()
  const categoryNames = new Map<string, string>()
  const tagNames = new Map<string, string>()
  const logins = new Set<string>()
  const months = new Set<string>()
  await readWxr(file, async (item) => {
    comments += item.comments
    const status = item.status
    switch (item.postType) {
      case 'post': {
        let mapped: 'published' | 'scheduled' | 'draft' =
          status === 'publish' ? 'published' : status === 'future' ? 'scheduled' : 'draft'
        let draftReason: string | undefined
        if (item.password) {
          mapped = 'draft'
          draftReason = 'protégé par un mot de passe'
        } else if (status === 'private') {
          draftReason = 'privé'
        }
        if (status === 'trash' || status === 'auto-draft' || status === 'inherit') {
          await emit({ type: 'count', kind: 'post', outcome: 'skipped', step: true })
          return
        }
        const sourceKey = `wordpress:post:${item.postId || item.link || item.title}`
        if (item.overflow.includes('content:encoded')) {
          await emit({
            type: 'fail',
            kind: 'post',
            item: postLabel({ title: item.title, sourceKey }),
            reason: SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML),
            step: true,
          })
          return
        }
        const cutFields = item.overflow.map((name) =>
          SOURCE_TEXTS.truncated(
            name,
            name === 'excerpt:encoded' ? MAX_SOURCE_HTML : MAX_SOURCE_FIELD,
          ),
        )
        const thumbnailId = item.meta._thumbnail_id
        const categories = item.categories.filter((c) => c.domain === 'category').map((c) => c.name)
        if (categories.length > 1) extraCategories++
        if (mapped === 'published' && !draftReason) {
          if (categories[0]) mainCategories.add(categories[0])
          for (const c of item.categories) {
            if (!c.nicename || !c.name) continue
            if (c.domain === 'category') categoryNames.set(c.nicename, c.name)
            if (c.domain === 'post_tag') tagNames.set(c.nicename, c.name)
          }
          if (item.creator) logins.add(item.creator)
          const month = /^(\d{4})-(\d{2})/.exec(item.postDate || item.postDateGmt)
          if (month && month[1] !== '0000') months.add(`/${month[1]}/${month[2]}/`)
        }
        await emitPost(
          emit,
          {
            sourceKey,
            // A title with markup ('<em>With</em> markup') keeps its text (ADR 088).
            title: htmlToText(item.title, MAX_SOURCE_FIELD),
            slug: item.postName ? safeDecode(item.postName) : undefined,
            html: wpautop(autoEmbed(item.content)),
            excerpt: item.excerpt.trim() || undefined,
            category: categories[0],
            // Vitrine keeps one category per post: the others become tags (ADR 088).
            tags: [
              ...categories.slice(1),
              ...item.categories.filter((c) => c.domain === 'post_tag').map((c) => c.name),
            ],
            publishedAt: publishDate(item),
            status: mapped,
            draftReason,
            featureImage: thumbnailId ? attachments.get(thumbnailId) : undefined,
            // Drafts' links are '?p=123' queries: no former address to keep.
            oldPath: mapped !== 'draft' || draftReason ? linkPath(item.link) : undefined,
            authorName: authors.get(item.creator) ?? item.creator,
          },
          cutFields,
          {
            gallery: (attrs) => {
              const ids = (attrs.ids ?? attrs.include ?? '').split(',').map((id) => id.trim())
              const named = ids.map((id) => attachments.get(id)).filter((u): u is string => !!u)
              return attrs.ids || attrs.include ? named : (children.get(item.postId) ?? [])
            },
          },
        )
        return
      }
      case 'page': {
        // A page becomes one of the owner's pages at its old address; a nested one
        // ('/a-propos/equipe/') at its last segment, the old address redirected (ADR 090).
        if (status === 'trash' || status === 'auto-draft' || status === 'inherit') {
          await emit({ type: 'count', kind: 'page', outcome: 'skipped', step: true })
          return
        }
        // The site has its own legal pages: a former one is kept as a draft to copy from.
        const legal = LEGAL_TITLE.test(item.title)
        const published = status === 'publish' && !item.password && !legal
        await emitPost(emit, {
          sourceKey: `wordpress:page:${item.postId || item.link || item.title}`,
          page: true,
          title: htmlToText(item.title, MAX_SOURCE_FIELD),
          slug: item.postName ? safeDecode(item.postName) : undefined,
          html: wpautop(autoEmbed(item.content)),
          status: published ? 'published' : status === 'future' ? 'scheduled' : 'draft',
          draftReason: legal
            ? 'page de mentions légales (son texte peut être repris dans Paramètres › Pages légales)'
            : item.password
              ? 'protégée par un mot de passe'
              : status === 'private'
                ? 'privée'
                : undefined,
          // Drafts' links are '?page_id=123' queries: no former address to keep.
          oldPath: status === 'publish' ? linkPath(item.link) : undefined,
          authorName: authors.get(item.creator) ?? item.creator,
        })
        return
      }
      case 'attachment':
        if (item.attachmentUrl) await emit({ type: 'media', url: item.attachmentUrl })
        else await emit({ type: 'step' })
        return
      case 'nav_menu_item':
        menus++
        return
      default:
        await emit({ type: 'count', kind: 'content', outcome: 'skipped', step: true })
    }
  })
  await emitAddresses(emit, { mainCategories, categoryNames, tagNames, logins, months })
  if (extraCategories > 0)
    await emit({
      type: 'note',
      text: `Vitrine garde une catégorie par article : pour ${extraCategories} article${extraCategories > 1 ? 's' : ''} à plusieurs catégories, la première est la catégorie, les autres sont devenues des étiquettes`,
    })
  if (menus > 0) await emit({ type: 'count', kind: 'menu', outcome: 'skipped', by: menus })
  if (comments > 0) await emit({ type: 'count', kind: 'comment', outcome: 'skipped', by: comments })
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The path of a post's permalink, unless it is a '?p=123' link. */
function linkPath(link: string): string | undefined {
  try {
    const url = new URL(link)
    return url.pathname === '/' || url.pathname === '' ? undefined : url.pathname
  } catch {
    return undefined
  }
}

/** The WordPress archive addresses of the imported posts and where each now is (ADR 088). */
async function emitAddresses(
  emit: Emit,
  found: {
    mainCategories: Set<string>
    categoryNames: Map<string, string>
    tagNames: Map<string, string>
    logins: Set<string>
    months: Set<string>
  },
): Promise<void> {
  const list = (filter: 'category' | 'tag', name: string) =>
    `/blog?${filter}=${encodeURIComponent(name.trim())}`
  await emit({ type: 'address', oldPath: '/feed/', target: '/rss.xml' })
  for (const [slug, name] of found.categoryNames)
    await emit({
      type: 'address',
      oldPath: `/category/${slug}/`,
      // Only a post's first category is its category; the others became tags.
      target: list(found.mainCategories.has(name) ? 'category' : 'tag', name),
    })
  for (const [slug, name] of found.tagNames)
    await emit({ type: 'address', oldPath: `/tag/${slug}/`, target: list('tag', name) })
  for (const login of found.logins)
    await emit({
      type: 'address',
      oldPath: `/author/${encodeURIComponent(login.toLowerCase())}/`,
      target: '/blog',
    })
  for (const month of found.months) await emit({ type: 'address', oldPath: month, target: '/blog' })
}
