// Ghost JSON export (Réglages › Labs › Export, Ghost 5/6), ADR 066: db[0].data holds posts,
// tags and posts_tags. A post's body is its `html` when the export has it, else its Lexical
// (or older mobiledoc) document turned into Markdown here. The file is JSON, read whole under
// a size cap (a Ghost export holds no images, only their URLs), in the import worker (ADR 083).
// Each post is converted alone: one nested past MAX_SOURCE_DEPTH or too long fails by itself
// and the others come in.
import { readFile, stat } from 'node:fs/promises'
import { htmlToText, htmlToMarkdown } from './html-to-markdown.server.ts'
import { emitPost, itemReason } from './prepare.server.ts'
import {
  ImportRefused,
  MAX_SOURCE_DEPTH,
  MAX_SOURCE_FIELD,
  MAX_SOURCE_HTML,
  postLabel,
  SOURCE_TEXTS,
  type Emit,
} from './source.server.ts'

export const GHOST_MAX_BYTES = 100 * 1024 * 1024
export const GHOST_REFUSALS = {
  notJson:
    'Ce fichier n’est pas un export Ghost lisible : le JSON est invalide ou tronqué. Rien n’a été importé.',
  notGhost:
    'Ce fichier JSON n’est pas un export Ghost (aucun « db[0].data.posts »). Rien n’a été importé.',
  tooLarge: 'Cet export Ghost dépasse 100 Mo. Rien n’a été importé.',
}

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The `data` object of a Ghost export, or undefined when the JSON is not one. */
export function ghostData(json: unknown): Json | undefined {
  const db =
    isRecord(json) && Array.isArray(json.db) ? json.db[0] : isRecord(json) ? json : undefined
  const data = isRecord(db) && isRecord(db.data) ? db.data : undefined
  return data && Array.isArray(data.posts) ? data : undefined
}

// Lexical text formats (bit flags).
const BOLD = 1
const ITALIC = 2
const STRIKE = 4
const CODE = 16

function deeper(depth: number): number {
  if (depth >= MAX_SOURCE_DEPTH) throw new ImportRefused(SOURCE_TEXTS.tooDeep)
  return depth + 1
}

function inline(nodes: unknown, depth = 0): string {
  if (!Array.isArray(nodes)) return ''
  const next = deeper(depth)
  return nodes
    .map((node) => {
      if (!isRecord(node)) return ''
      if (node.type === 'linebreak') return '  \n'
      if (node.type === 'link' || node.type === 'autolink') {
        const url = str(node.url)
        return `[${inline(node.children, next)}](${url.replace(/[()\s]/g, encodeURIComponent)})`
      }
      if (node.type === 'text' || node.type === 'extended-text') {
        let text = str(node.text).replace(/([\\`*_[\]<>#])/g, '\\$1')
        const format = typeof node.format === 'number' ? node.format : 0
        if (format & CODE) return `\`${str(node.text).replace(/`/g, '')}\``
        if (format & BOLD) text = `**${text}**`
        if (format & ITALIC) text = `*${text}*`
        if (format & STRIKE) text = `~~${text}~~`
        return text
      }
      return inline(node.children, next)
    })
    .join('')
}

/** The value `text` holds as JSON; undefined when it is not JSON (a broken post reads empty). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The text of a card's HTML field (captions, titles), on one line. */
const textOf = (html: unknown): string => htmlToText(str(html), 2000)
/** A card's HTML field as Markdown (callouts, toggles, HTML cards). */
const markdownOf = (html: unknown): string => htmlToMarkdown(str(html))
const link = (text: string, url: string) =>
  `[${text.replace(/([\\[\]])/g, '\\$1')}](${url.replace(/[()\s]/g, encodeURIComponent)})`
const quoted = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
const caption = (html: unknown) => (textOf(html) ? `\n\n*${textOf(html)}*` : '')
const imageOf = (node: Json) =>
  str(node.src) ? `![${str(node.alt).replace(/[[\]]/g, '')}](${str(node.src)})` : ''

/**
 * One Lexical block, with every card Ghost's editor makes turned into the closest Markdown
 * the site renders (no raw HTML, no embeds, ADR 020), or a note for the report when nothing
 * close exists (ADR 088). Never silence: an unknown card is named in a note too.
 */
function block(node: unknown, notes: Set<string>): string {
  if (!isRecord(node)) return ''
  switch (node.type) {
    case 'paragraph':
      return inline(node.children)
    case 'heading':
    case 'extended-heading': {
      const level = Number(/^h([1-6])$/.exec(str(node.tag))?.[1] ?? 2)
      return `${'#'.repeat(level)} ${inline(node.children)}`
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `> ${inline(node.children)}`
    case 'list': {
      const ordered = node.listType === 'number'
      const items = Array.isArray(node.children) ? node.children : []
      return items
        .map(
          (item, i) =>
            `${ordered ? `${i + 1}.` : '-'} ${inline(isRecord(item) ? item.children : [])}`,
        )
        .join('\n')
    }
    case 'codeblock':
      return `\`\`\`${str(node.language).replace(/[^\w+-]/g, '')}\n${str(node.code)}\n\`\`\`${caption(node.caption)}`
    case 'image': {
      const image = imageOf(node)
      if (!image) return ''
      return `${str(node.href) ? link('', str(node.href)).replace('[]', `[${image}]`) : image}${caption(node.caption)}`
    }
    case 'gallery': {
      const images = (Array.isArray(node.images) ? node.images : [])
        .filter(isRecord)
        .map((image) => imageOf(image))
        .filter(Boolean)
      return images.length > 0 ? `${images.join('\n')}${caption(node.caption)}` : ''
    }
    case 'horizontalrule':
      return '---'
    case 'markdown':
      return str(node.markdown)
    case 'html': {
      const markdown = markdownOf(node.html)
      if (!markdown && str(node.html).trim())
        notes.add('carte HTML sans texte lisible (script, iframe ou formulaire) non importée')
      return markdown
    }
    case 'bookmark': {
      const url = str(node.url)
      if (!url) return ''
      const meta = isRecord(node.metadata) ? node.metadata : {}
      const title = textOf(meta.title) || url
      const description = textOf(meta.description)
      return `**${link(title, url)}**${description ? `  \n${description}` : ''}${caption(node.caption)}`
    }
    case 'embed': {
      const url = str(node.url)
      if (!url) {
        notes.add('carte d’intégration sans adresse non importée')
        return ''
      }
      notes.add(
        'intégration (vidéo, réseau social…) remplacée par un lien : le site n’affiche pas d’intégrations',
      )
      return `${link(url, url)}${caption(node.caption)}`
    }
    case 'video':
    case 'audio':
    case 'file': {
      const src = str(node.src)
      const label =
        node.type === 'video'
          ? `Vidéo${str(node.fileName) ? ` : ${str(node.fileName)}` : ''}`
          : node.type === 'audio'
            ? `Audio${str(node.title) ? ` : ${str(node.title)}` : ''}`
            : str(node.fileTitle) || str(node.fileName) || 'Fichier'
      notes.add(
        node.type === 'file'
          ? 'fichier joint remplacé par un lien vers son adresse d’origine'
          : `${node.type === 'video' ? 'vidéo' : 'audio'} remplacé${node.type === 'video' ? 'e' : ''} par un lien vers son fichier d’origine : le site ne lit pas de médias`,
      )
      if (!src) return ''
      const more = textOf(node.fileCaption) || textOf(node.caption)
      return `${link(label, src)}${more ? `\n\n*${more}*` : ''}`
    }
    case 'callout': {
      const text = markdownOf(node.calloutText)
      return text
        ? quoted(`${str(node.calloutEmoji) ? `${str(node.calloutEmoji)} ` : ''}${text}`)
        : ''
    }
    case 'toggle': {
      const heading = textOf(node.heading)
      const content = markdownOf(node.content)
      return [heading ? `**${heading}**` : '', content].filter(Boolean).join('\n\n')
    }
    case 'button':
      return str(node.buttonUrl)
        ? `**${link(str(node.buttonText) || str(node.buttonUrl), str(node.buttonUrl))}**`
        : ''
    case 'header':
    case 'call-to-action': {
      const parts = [
        textOf(node.header) ? `## ${textOf(node.header)}` : '',
        textOf(node.subheader),
        markdownOf(node.textValue),
        str(node.buttonUrl) && (node.buttonEnabled !== false || node.type === 'call-to-action')
          ? `**${link(str(node.buttonText) || str(node.buttonUrl), str(node.buttonUrl))}**`
          : '',
      ]
      return parts.filter(Boolean).join('\n\n')
    }
    case 'product': {
      const parts = [
        textOf(node.productTitle) ? `### ${textOf(node.productTitle)}` : '',
        str(node.productImageSrc) ? `![](${str(node.productImageSrc)})` : '',
        markdownOf(node.productDescription),
        str(node.productUrl) && node.productButtonEnabled !== false
          ? `**${link(str(node.productButton) || str(node.productUrl), str(node.productUrl))}**`
          : '',
      ]
      if (node.productRatingEnabled) notes.add('note en étoiles d’un produit non importée')
      return parts.filter(Boolean).join('\n\n')
    }
    case 'signup':
      notes.add('formulaire d’inscription Ghost non importé : le site n’a pas d’abonnés')
      return ''
    case 'paywall':
      notes.add('séparation réservée aux membres (paywall) retirée : tout le texte suit')
      return ''
    case 'email':
    case 'email-cta':
      notes.add('contenu réservé à la newsletter non importé')
      return ''
    default: {
      const text = inline(node.children)
      if (!text && typeof node.type === 'string' && !Array.isArray(node.children))
        notes.add(`carte Ghost « ${node.type.slice(0, 40)} » non reconnue, non importée`)
      return text
    }
  }
}

/** Markdown of a Lexical document; the cards that have no equivalent are named in `notes`. */
export function lexicalToMarkdown(lexical: string, notes = new Set<string>()): string {
  const doc = parsedJson(lexical)
  const root = isRecord(doc) && isRecord(doc.root) ? doc.root : undefined
  const children = root && Array.isArray(root.children) ? root.children : []
  return children
    .map((child) => block(child, notes))
    .filter((b) => b.trim() !== '')
    .join('\n\n')
}

/** Mobiledoc (Ghost before 5): the Markdown cards and the text of the sections. */
export function mobiledocToMarkdown(mobiledoc: string): string {
  const doc = parsedJson(mobiledoc)
  if (!isRecord(doc)) return ''
  const cards = Array.isArray(doc.cards) ? doc.cards : []
  const sections = Array.isArray(doc.sections) ? doc.sections : []
  const out: string[] = []
  for (const section of sections) {
    if (!Array.isArray(section)) continue
    if (section[0] === 10) {
      const card = cards[Number(section[1])]
      if (Array.isArray(card) && isRecord(card[1])) {
        if (card[0] === 'markdown') out.push(str(card[1].markdown))
        if (card[0] === 'image') out.push(`![](${str(card[1].src)})`)
      }
    } else if (section[0] === 1 && Array.isArray(section[2])) {
      const text = section[2].map((m: unknown) => (Array.isArray(m) ? str(m[3]) : '')).join('')
      const tag = str(section[1]).toLowerCase()
      out.push(
        /^h[1-6]$/.test(tag)
          ? `${'#'.repeat(Number(tag[1]))} ${text}`
          : tag === 'blockquote'
            ? `> ${text}`
            : text,
      )
    }
  }
  return out.filter((b) => b.trim() !== '').join('\n\n')
}

export async function readGhostFile(file: string): Promise<Json> {
  if ((await stat(file)).size > GHOST_MAX_BYTES) throw new ImportRefused(GHOST_REFUSALS.tooLarge)
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    throw new ImportRefused(GHOST_REFUSALS.notJson)
  }
  const data = ghostData(json)
  if (!data) throw new ImportRefused(GHOST_REFUSALS.notGhost)
  return data
}

/** Reads a Ghost export in the worker and hands its posts to `emit`, one by one. */
export async function parseGhost(file: string, emit: Emit): Promise<void> {
  const data = await readGhostFile(file)
  const tags = new Map<string, string>()
  for (const tag of Array.isArray(data.tags) ? data.tags : [])
    if (isRecord(tag)) tags.set(str(tag.id), str(tag.name))
  const tagsOf = new Map<string, { name: string; order: number }[]>()
  for (const link of Array.isArray(data.posts_tags) ? data.posts_tags : []) {
    if (!isRecord(link)) continue
    const name = tags.get(str(link.tag_id))
    if (!name) continue
    const list = tagsOf.get(str(link.post_id)) ?? []
    list.push({ name, order: typeof link.sort_order === 'number' ? link.sort_order : list.length })
    tagsOf.set(str(link.post_id), list)
  }
  const used = new Set<string>()
  for (const raw of data.posts as unknown[]) {
    if (!isRecord(raw)) {
      await emit({
        type: 'fail',
        kind: 'post',
        item: 'Article sans données',
        reason: 'élément illisible',
        step: true,
      })
      continue
    }
    const page = raw.type === 'page'
    const sourceKey = `ghost:${page ? 'page' : 'post'}:${str(raw.id) || str(raw.uuid) || str(raw.slug)}`
    let markdown: string | undefined
    const cardNotes = new Set<string>()
    const html = str(raw.html)
    try {
      if (html.length > MAX_SOURCE_HTML)
        throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML))
      // The Lexical document first: its cards keep their captions and links, which the
      // rendered HTML hides in iframes and scripts (ADR 088).
      markdown = raw.lexical
        ? lexicalToMarkdown(str(raw.lexical), cardNotes)
        : html
          ? undefined
          : mobiledocToMarkdown(str(raw.mobiledoc))
    } catch (error) {
      await emit({
        type: 'fail',
        kind: 'post',
        item: postLabel({ title: str(raw.title), slug: str(raw.slug), sourceKey }),
        reason: itemReason(error),
        step: true,
      })
      continue
    }
    const status = str(raw.status)
    // Tags whose name starts with '#' are Ghost's internal ones: not shown, not kept.
    const postTags = (tagsOf.get(str(raw.id)) ?? [])
      .sort((a, b) => a.order - b.order)
      .map((t) => t.name)
      .filter((name) => !name.startsWith('#'))
    const visibility = str(raw.visibility)
    const membersOnly = visibility !== '' && visibility !== 'public'
    if (status === 'published' && !membersOnly && !page && str(raw.slug))
      for (const name of postTags) used.add(name)
    await emitPost(
      emit,
      {
        sourceKey,
        title: htmlToText(str(raw.title), MAX_SOURCE_FIELD),
        slug: str(raw.slug),
        ...(markdown === undefined ? { html } : { markdown }),
        excerpt: str(raw.custom_excerpt) || undefined,
        category: postTags[0],
        tags: postTags,
        publishedAt: str(raw.published_at) || str(raw.created_at) || undefined,
        // A Ghost page becomes one of the owner's pages at its old address (ADR 090).
        page,
        status: membersOnly
          ? 'draft'
          : status === 'published'
            ? 'published'
            : status === 'scheduled'
              ? 'scheduled'
              : 'draft',
        draftReason: membersOnly
          ? page
            ? 'réservée aux membres'
            : 'réservé aux membres'
          : undefined,
        featureImage: ghostUrl(str(raw.feature_image)),
        oldPath: status === 'published' && str(raw.slug) ? `/${str(raw.slug)}/` : undefined,
      },
      [...cardNotes],
    )
  }
  await emitAddresses(emit, data, used)
}

/**
 * Ghost's former archive addresses (ADR 088): its feed, the tags of the published posts and
 * its authors' pages. Of a staff user only the slug is read: never a password hash, an e-mail
 * or any account.
 */
async function emitAddresses(emit: Emit, data: Json, used: Set<string>): Promise<void> {
  await emit({ type: 'address', oldPath: '/rss/', target: '/rss.xml' })
  for (const tag of Array.isArray(data.tags) ? data.tags : []) {
    if (!isRecord(tag) || !used.has(str(tag.name)) || !str(tag.slug)) continue
    await emit({
      type: 'address',
      oldPath: `/tag/${str(tag.slug)}/`,
      target: `/blog?tag=${encodeURIComponent(str(tag.name).trim())}`,
    })
  }
  for (const user of Array.isArray(data.users) ? data.users : [])
    if (isRecord(user) && str(user.slug))
      await emit({ type: 'address', oldPath: `/author/${str(user.slug)}/`, target: '/blog' })
}

/** '__GHOST_URL__/content/images/…' has no host: such an image cannot be downloaded. */
function ghostUrl(url: string): string | undefined {
  return url || undefined
}
