// The import pipeline shared by every source format (ADR 066). A format reader, in a worker
// thread (ADR 083), turns its file into SourcePost items one at a time, their Markdown already
// rendered there (ADR 102); this module prepares each for the blog repository (validation as
// in the editor, ADR 020), fetches its images into the media library (ADR 017), and queues
// its write with its source id and former address (import_source) into a batch: many items
// per transaction, one savepoint each (ADR 102). Everything is counted in the report, in the
// items' order. One item that fails is reported and the import goes on. Writes bump the
// content generation through the database plugin (ADR 026), so the site shows the import at once.
import { slugify } from '#app/domain/blog.ts'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { isAllowedImageUrl } from '#app/domain/markdown.ts'
import type { BlogPostInput } from '#app/domain/blog.ts'
import type { Kysely } from 'kysely'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'
import { nowIso } from '#app/server/db/util.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { outboundAddressPolicy } from '#app/server/content/frame-check.server.ts'
import { log } from '#app/server/core/log.server.ts'
import { addToLibrary } from '#app/server/media/library.server.ts'
import { UploadError } from '#app/server/media/pipeline.server.ts'
import { libraryStorage, mediaLimits } from '#app/server/media/uploads.server.ts'
import type { MediaStorage } from '#app/server/media/storage.server.ts'
import { insertBlogPost, prepareBlogPost } from '#app/server/repositories/blog.server.ts'
import { insertPage, preparePage } from '#app/server/repositories/pages.server.ts'
import { isReservedSlug } from '#app/domain/page.ts'
import type { RevisionAuthor } from '#app/server/repositories/blog-revisions.server.ts'
import { fetchMedia, FetchRefused } from './fetch-media.server.ts'
import { normalisePath } from './redirects.server.ts'
import { ImportBatch, type BatchEntry } from './batch.server.ts'
import { DeferredReport, ImportReport, type ReportSink } from './report.server.ts'
import {
  clip,
  EMPTY_BODY,
  ImportRefused,
  MAX_SOURCE_MARKDOWN,
  postLabel,
  SOURCE_TEXTS,
  stripMarkdown,
  type SourcePost,
} from './source.server.ts'

export { ImportRefused, type SourcePost }

/** The thumbnail of a post that has no image of its own (the site's sharing image). */
export const DEFAULT_THUMBNAIL = '/images/og-image.webp'
export const DEFAULT_CATEGORY = 'Non classé'

export interface ImportOptions {
  /** Who the revisions name; 'Système' by default. */
  author?: RevisionAuthor
  /** Download remote images into the media library (default true). */
  fetchMedia?: boolean
  /** Which addresses downloads may reach (default: the preview's policy, ADR 053). */
  addressAllowed?: (address: string) => boolean
  storage?: MediaStorage
  /** Where the private CV file goes (Vitrine's own export); MEDIA_DIR/private by default. */
  privateStorage?: MediaStorage
  /**
   * Read the file in this thread rather than in a reader worker: only where this thread is
   * itself a worker with a bounded heap, `npm run import`'s (ADR 124).
   */
  readInThread?: boolean
  /** Called after each item with the number handled so far. */
  onProgress?: (done: number) => void
  now?: Date
}

export interface ImportContext {
  report: ImportReport
  format: string
  options: ImportOptions
  storage: MediaStorage
  /** Source URL → library URL (undefined: could not be fetched) within this run. */
  mediaUrls: Map<string, string | undefined>
  done: number
  /** Former addresses answered with a 301 that this run recorded (ADR 088). */
  redirects: number
  /** The items prepared and waiting to be written (ADR 102). */
  batch: ImportBatch
  /** Markdown → HTML in the import's render worker (ADR 117); undefined when it cannot. */
  render?: (markdown: string) => Promise<string | undefined>
}

/** What preparing one item needs: its report is deferred until its batch is written. */
type ItemContext = Pick<ImportContext, 'options' | 'storage' | 'mediaUrls'> & {
  report: ReportSink
}

function itemContext(ctx: ImportContext, report: DeferredReport): ItemContext {
  return { options: ctx.options, storage: ctx.storage, mediaUrls: ctx.mediaUrls, report }
}

export function createContext(format: string, options: ImportOptions): ImportContext {
  return {
    report: new ImportReport(format),
    format,
    options,
    storage: options.storage ?? libraryStorage(),
    mediaUrls: new Map(),
    done: 0,
    redirects: 0,
    batch: new ImportBatch(),
  }
}

export function progress(ctx: ImportContext): void {
  ctx.done++
  ctx.options.onProgress?.(ctx.done)
}

/** A local image of the source (Markdown folder or zip): its bytes, by its relative path. */
export type LocalMedia = (relative: string) => Promise<AsyncIterable<Uint8Array> | undefined>

async function findSource(sourceKey: string, db: Kysely<Database> = getDb()) {
  return db
    .selectFrom('import_source')
    .selectAll()
    .where('sourceKey', '=', sourceKey)
    .executeTakeFirst()
}

async function recordSource(
  row: {
    sourceKey: string
    kind: 'post' | 'page' | 'media' | 'address'
    targetId: string
    oldPath?: string
    targetUrl?: string
  },
  db: Kysely<Database> = getDb(),
): Promise<void> {
  await db
    .insertInto('import_source')
    .values({
      sourceKey: row.sourceKey,
      kind: row.kind,
      targetId: row.targetId,
      oldPath: row.oldPath ?? null,
      targetUrl: row.targetUrl ?? null,
      createdAt: nowIso(),
    })
    .onConflict((oc) => oc.column('sourceKey').doNothing())
    .execute()
}

/**
 * A former address of the site that is not a post (its feed, a category, a tag, an author, a
 * monthly archive) answered with a 301 to `target`, always a path of this site (ADR 088).
 */
export async function recordAddress(
  ctx: ImportContext,
  oldPath: string,
  target: string,
): Promise<void> {
  const path = normalisePath(oldPath)
  if (!path || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return
  const sourceKey = `${ctx.format}:address:${path}`
  let recorded = false
  await ctx.batch.add({
    // Looked up within the batch's transaction: it sees the addresses queued before it.
    write: async (trx) => {
      if (await findSource(sourceKey, trx)) return
      await recordSource(
        {
          sourceKey: sourceKey.slice(0, 2500),
          kind: 'address',
          targetId: '',
          oldPath: path,
          targetUrl: target,
        },
        trx,
      )
      recorded = true
    },
    settle: (error) => {
      if (error === undefined) {
        if (recorded) ctx.redirects++
        return
      }
      log.error('Import item failed', {
        error: error instanceof Error ? error.stack : String(error),
      })
      ctx.report.fail('content', 'Élément', 'erreur inattendue (voir le journal du serveur)')
    },
  })
}

/** An image of the former site (a WordPress attachment) into the library, in the items' order. */
export async function queueMedia(ctx: ImportContext, url: string): Promise<void> {
  const report = new DeferredReport()
  await importMedia(itemContext(ctx, report), url)
  await ctx.batch.add({
    settle: () => {
      report.replayInto(ctx.report)
      progress(ctx)
    },
  })
}

function reasonOf(error: unknown): string {
  if (error instanceof ValidationError)
    return Object.entries(error.fieldErrors)
      .map(([field, message]) => `${field} : ${message}`)
      .join(' ; ')
  if (
    error instanceof UploadError ||
    error instanceof FetchRefused ||
    error instanceof ImportRefused
  )
    return error.message
  log.error('Import item failed', { error: error instanceof Error ? error.stack : String(error) })
  return 'erreur inattendue (voir le journal du serveur)'
}

/**
 * A remote or local image into the media library, once per source URL (import_source
 * 'media:<url>'). Undefined when it cannot be had: the caller keeps the original URL.
 */
export async function importMedia(
  ctx: ItemContext,
  url: string,
  local?: () => Promise<AsyncIterable<Uint8Array> | undefined>,
): Promise<string | undefined> {
  if (ctx.mediaUrls.has(url)) return ctx.mediaUrls.get(url)
  const sourceKey = `media:${url}`.slice(0, 2500)
  const known = await findSource(sourceKey)
  if (known?.targetUrl) {
    ctx.report.count('media', 'present')
    ctx.mediaUrls.set(url, known.targetUrl)
    return known.targetUrl
  }
  if (!local && ctx.options.fetchMedia === false) {
    ctx.mediaUrls.set(url, undefined)
    return undefined
  }
  try {
    const bytes = local
      ? await local()
      : await fetchMedia(url, {
          addressAllowed: ctx.options.addressAllowed ?? outboundAddressPolicy(),
        })
    if (!bytes) throw new FetchRefused('fichier absent de l’archive')
    const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'image'
    // The same file under another address, or uploaded before, is the library's entry (ADR 093).
    const { item, duplicate } = await addToLibrary(bytes, {
      storage: ctx.storage,
      limitsMb: mediaLimits(),
      fileName: name,
    })
    await recordSource({ sourceKey, kind: 'media', targetId: item.id, targetUrl: item.url })
    ctx.report.count('media', duplicate ? 'present' : 'created')
    ctx.mediaUrls.set(url, item.url)
    return item.url
  } catch (error) {
    ctx.report.count('media', 'failed')
    ctx.report.unreachable(url, reasonOf(error))
    ctx.mediaUrls.set(url, undefined)
    return undefined
  }
}

// Bounded runs that stop at the next bracket: linear in the text's length (ADR 083).
const MARKDOWN_IMAGE =
  /!\[([^\][]{0,500})\]\(\s{0,20}<?([^()\s<>]{1,2048})>?(\s{1,20}"[^"()]{0,500}")?\s{0,20}\)/g

/** Every image of the Markdown fetched into the library; their URLs rewritten. */
async function localiseImages(
  ctx: ItemContext,
  markdown: string,
  localMedia: LocalMedia | undefined,
) {
  const urls = new Set<string>()
  for (const m of markdown.matchAll(MARKDOWN_IMAGE)) urls.add(m[2]!)
  const replaced = new Map<string, string>()
  for (const url of urls) {
    const remote = /^https?:\/\//i.test(url)
    const local = !remote && !url.startsWith('/') && !/^[a-z]+:/i.test(url) && localMedia
    if (!remote && !local) {
      // A site path stays (it may be served here); anything else cannot be fetched.
      if (!url.startsWith('/') && !url.startsWith('#') && !ctx.mediaUrls.has(url)) {
        ctx.mediaUrls.set(url, undefined)
        ctx.report.count('media', 'failed')
        ctx.report.unreachable(
          url,
          'adresse sans site (relative ou propre à la plateforme d’origine)',
        )
      }
      continue
    }
    const target = await importMedia(
      ctx,
      url,
      local ? () => localMedia!(safeDecodeUri(url)) : undefined,
    )
    if (target) replaced.set(url, target)
  }
  const content = markdown.replace(MARKDOWN_IMAGE, (all, alt: string, url: string, title = '') => {
    const target = replaced.get(url)
    return target ? `![${alt}](${target}${title})` : all
  })
  return { content, firstImage: [...urls].map((u) => replaced.get(u)).find(Boolean), replaced }
}

/** One note per post for its galleries: how many images came in, how many kept their address. */
function galleryNote(images: string[], replaced: Map<string, string>): string {
  const all = [...new Set(images)]
  const missing = all.filter((url) => !replaced.has(url)).length
  const total = `${all.length} image${all.length > 1 ? 's' : ''}`
  if (missing === 0) return `galerie importée (${total}, dans la médiathèque)`
  return missing === all.length
    ? `galerie importée (${total}) avec les adresses d’origine : aucune n’a pu être récupérée`
    : `galerie importée (${total}) : ${missing} non récupérée${missing > 1 ? 's' : ''}, leur adresse d’origine est conservée`
}

/** The post that has this slug; waiting items are written first (ADR 102). */
async function slugOwner(batch: ImportBatch, slug: string) {
  if (batch.postSlugs.has(slug)) await batch.flush()
  return getDb()
    .selectFrom('blog_posts')
    .select(['id', 'title'])
    .where('slug', '=', slug)
    .executeTakeFirst()
}

function safeDecodeUri(url: string): string {
  try {
    return decodeURI(url)
  } catch {
    return url
  }
}

/**
 * The HTML of `content` as its repository saves it (trimmed): the worker's when it rendered
 * that text, else the render worker's (images moved into the library change the text), so
 * the main thread renders only when there is no render worker (ADR 117).
 */
async function renderedFor(
  ctx: ImportContext,
  rendered: SourcePost['rendered'],
  content: string,
): Promise<SourcePost['rendered']> {
  const markdown = content.trim()
  if (rendered?.markdown === markdown || !ctx.render) return rendered
  const html = await ctx.render(markdown)
  return html === undefined ? rendered : { markdown, html }
}

/** What an item's write does once its batch is committed. */
interface Prepared {
  write?: BatchEntry['write']
  landed?: () => void
}

/**
 * Prepares one item with `prepare` (its report deferred) and queues it into the batch; its
 * outcome reaches the report, in the items' order, once its batch is written. Never throws.
 */
async function queueItem(
  ctx: ImportContext,
  kind: 'post' | 'page',
  label: string,
  prepare: (item: ItemContext, report: DeferredReport) => Promise<Prepared>,
): Promise<void> {
  const report = new DeferredReport()
  let prepared: Prepared = {}
  let refused: unknown
  try {
    prepared = await prepare(itemContext(ctx, report), report)
  } catch (error) {
    refused = error
  }
  await ctx.batch.add({
    write: prepared.write,
    settle: (error = refused) => {
      report.replayInto(ctx.report)
      if (error === undefined) prepared.landed?.()
      else ctx.report.fail(kind, label, reasonOf(error))
      progress(ctx)
    },
  })
}

/** One post into the blog; its outcome counted in the report. Never throws. */
export function importPost(
  ctx: ImportContext,
  post: SourcePost,
  localMedia?: LocalMedia,
): Promise<void> {
  const label = postLabel(post)
  return queueItem(ctx, 'post', label, async (item, report) => {
    const { batch } = ctx
    if (batch.sourceKeys.has(post.sourceKey)) await batch.flush()
    if (await findSource(post.sourceKey)) {
      report.count('post', 'present')
      return {}
    }
    const title = clip(post.title.trim() || post.slug || 'Sans titre', MAX_LENGTH.short)
    for (const note of post.notes ?? []) report.note(`${label} : ${note}`)
    const body = post.markdown
    if (body.length > MAX_SOURCE_MARKDOWN)
      throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_MARKDOWN))
    // An empty body is valid at the source (WordPress's "Edge Case: No Content"): the post
    // comes in with a comment the editor's rendering drops (raw HTML never shows, ADR 020),
    // since the editor itself requires some text. Without a title either, nothing is there.
    if (body.trim() === '' && !post.title.trim())
      throw new ImportRefused('article sans titre ni contenu')
    const base = slugify(post.slug || '') || slugify(title) || 'article'
    let slug = base
    const owner = await slugOwner(batch, slug)
    if (owner && owner.title === title) {
      // The same post imported before (under another source id, or by hand): matched by slug.
      batch.sourceKeys.add(post.sourceKey)
      return {
        write: (trx) =>
          recordSource(
            {
              sourceKey: post.sourceKey,
              kind: 'post',
              targetId: owner.id,
              oldPath: normalisePath(post.oldPath),
            },
            trx,
          ),
        landed: () => ctx.report.count('post', 'present'),
      }
    }
    if (owner) {
      for (let n = 2; await slugOwner(batch, slug); n++)
        slug = `${base.slice(0, MAX_LENGTH.short - 6)}-${n}`
      report.note(`${label} : le slug « ${base} » est déjà pris, l’article devient « ${slug} »`)
    }
    const { content, firstImage, replaced } =
      body.trim() === ''
        ? { content: EMPTY_BODY, firstImage: undefined, replaced: new Map<string, string>() }
        : await localiseImages(item, body, localMedia)
    if (post.galleryImages?.length)
      report.note(`${label} : ${galleryNote(post.galleryImages, replaced)}`)
    const feature = post.featureImage ? await importMedia(item, post.featureImage) : undefined
    const now = ctx.options.now ?? new Date()
    const publishedAt =
      post.publishedAt && !Number.isNaN(Date.parse(post.publishedAt))
        ? new Date(post.publishedAt).toISOString()
        : undefined
    // A scheduled post whose date has passed is published; a published one dated later is
    // stored as scheduled by the repository (ADR 020).
    const status =
      post.status === 'scheduled' && (!publishedAt || publishedAt <= now.toISOString())
        ? 'published'
        : post.status
    const excerpt = clip(post.excerpt || stripMarkdown(content) || title, 300)
    const input: BlogPostInput = {
      title,
      slug,
      excerpt,
      content,
      // A featured image that could not be downloaded keeps its original address when the
      // site may show it (https), rather than the default image (ADR 088).
      thumbnail:
        feature ??
        (post.featureImage?.startsWith('https://') && isAllowedImageUrl(post.featureImage)
          ? post.featureImage
          : undefined) ??
        firstImage ??
        DEFAULT_THUMBNAIL,
      category: clip(post.category?.trim() || DEFAULT_CATEGORY, MAX_LENGTH.short),
      tags: [
        ...new Set((post.tags ?? []).map((t) => clip(t.trim(), MAX_LENGTH.tag)).filter(Boolean)),
      ].slice(0, MAX_LENGTH.list),
      author: { name: clip(post.authorName ?? '', MAX_LENGTH.short), avatar: '' },
      status,
      publishedAt,
    }
    // Validated and rendered here, outside the transaction: the worker's HTML unless the
    // images moved into the library changed the text (ADR 102).
    const row = await prepareBlogPost(input, await renderedFor(ctx, post.rendered, content))
    batch.postSlugs.add(row.slug)
    batch.sourceKeys.add(post.sourceKey)
    return {
      // The post and its source row under one savepoint: a second import always finds it.
      write: async (trx) => {
        const created = await insertBlogPost(trx, row, ctx.options.author)
        await recordSource(
          {
            sourceKey: post.sourceKey,
            kind: 'post',
            targetId: created.id,
            oldPath: normalisePath(post.oldPath),
          },
          trx,
        )
      },
      landed: () => {
        if (normalisePath(post.oldPath)) ctx.redirects++
        ctx.report.created(
          status === 'published' && publishedAt && publishedAt > now.toISOString()
            ? 'scheduled'
            : status,
        )
        if (post.draftReason)
          ctx.report.note(`${label} : ${post.draftReason}, importé en brouillon`)
        ctx.report.count('post', 'created')
      },
    }
  })
}

/**
 * The slug an imported page asks for: the last segment of its former address
 * ('/a-propos/equipe/' → 'equipe'), else its own slug or title.
 */
function pageSlugOf(post: SourcePost, title: string): string {
  const segment = normalisePath(post.oldPath)?.split('/').pop()
  let decoded = segment ?? ''
  try {
    decoded = decodeURIComponent(decoded)
  } catch {
    // Kept as it was.
  }
  return slugify(decoded) || slugify(post.slug || '') || slugify(title) || 'page'
}

/** The page that has this slug; waiting items are written first (ADR 102). */
async function pageSlugOwner(batch: ImportBatch, slug: string) {
  if (batch.pageSlugs.has(slug)) await batch.flush()
  return getDb()
    .selectFrom('pages')
    .select(['id', 'title'])
    .where('slug', '=', slug)
    .executeTakeFirst()
}

/**
 * One page of the former site into the owner's pages (ADR 090), at its old address: its slug
 * is the old path's last segment, so '/a-propos/' is '/a-propos' again; a nested address
 * ('/a-propos/equipe/') answers a 301 to the page ('/equipe'). Never throws.
 */
export function importPage(
  ctx: ImportContext,
  post: SourcePost,
  localMedia?: LocalMedia,
): Promise<void> {
  const label = postLabel(post)
  return queueItem(ctx, 'page', label, async (item, report) => {
    const { batch } = ctx
    if (batch.sourceKeys.has(post.sourceKey)) await batch.flush()
    if (await findSource(post.sourceKey)) {
      report.count('page', 'present')
      return {}
    }
    const title = clip(post.title.trim() || post.slug || 'Sans titre', MAX_LENGTH.short)
    for (const note of post.notes ?? []) report.note(`${label} : ${note}`)
    if (post.markdown.length > MAX_SOURCE_MARKDOWN)
      throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_MARKDOWN))
    const wanted = pageSlugOf(post, title)
    // An address of the app (page.ts) is never a page's: it takes '-page'.
    const base = isReservedSlug(wanted) ? `${wanted.slice(0, MAX_LENGTH.short - 5)}-page` : wanted
    let slug = base
    const owner = await pageSlugOwner(batch, slug)
    const oldPath = normalisePath(post.oldPath)
    if (owner && owner.title === title) {
      // The same page imported before (under another source id, or written by hand).
      batch.sourceKeys.add(post.sourceKey)
      return {
        write: (trx) =>
          recordSource(
            { sourceKey: post.sourceKey, kind: 'page', targetId: owner.id, oldPath },
            trx,
          ),
        landed: () => ctx.report.count('page', 'present'),
      }
    }
    if (owner) {
      for (let n = 2; await pageSlugOwner(batch, slug); n++)
        slug = `${base.slice(0, MAX_LENGTH.short - 6)}-${n}`
    }
    if (slug !== wanted)
      report.note(
        `${label} : l’adresse « /${wanted} » est déjà prise (par le site ou une autre page), la page devient « /${slug} »`,
      )
    const { content } =
      post.markdown.trim() === ''
        ? { content: '' }
        : await localiseImages(item, post.markdown, localMedia)
    const status = post.status === 'published' ? 'published' : 'draft'
    const row = await preparePage(
      { title, slug, content, status },
      await renderedFor(ctx, post.rendered, content),
    )
    batch.pageSlugs.add(row.slug)
    batch.sourceKeys.add(post.sourceKey)
    return {
      write: async (trx) => {
        const created = await insertPage(trx, row)
        await recordSource(
          { sourceKey: post.sourceKey, kind: 'page', targetId: created.id, oldPath },
          trx,
        )
      },
      landed: () => {
        // A former address other than the page's own now answers a 301 (redirects.server.ts).
        if (oldPath && oldPath !== `/${slug}`) ctx.redirects++
        if (post.draftReason)
          ctx.report.note(`${label} : ${post.draftReason}, importée en brouillon`)
        else if (post.status === 'scheduled')
          ctx.report.note(`${label} : programmée à l’origine, importée en brouillon`)
        ctx.report.count('page', 'created')
      },
    }
  })
}
