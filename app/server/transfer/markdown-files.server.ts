// A folder or a .zip of Markdown files with YAML front matter (Jekyll, Hugo, Eleventy,
// Astro…), ADR 066: title, date, tags, draft, slug; also description/excerpt, categories,
// image and the former address (permalink/url/aliases). Images the text names by a relative
// path are taken from the folder or the archive into the media library. The files are read
// in the import worker (ADR 083); their images are read by the main thread when it writes the
// post. A folder's symbolic links are never followed out of it (ADR 083): a link named
// `images` pointing at the private files would otherwise publish them.
import { createReadStream } from 'node:fs'
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { FetchRefused } from './fetch-media.server.ts'
import { emitPost, itemReason } from './prepare.server.ts'
import { ImportRefused, type Emit } from './source.server.ts'
import type { LocalMedia } from './pipeline.server.ts'
import type { OpenZip } from './zip.server.ts'

export const LINK_TEXTS = {
  skipped: (name: string) =>
    `Lien symbolique « ${name} » ignoré : seuls les fichiers du dossier importé sont lus`,
  outside: 'lien symbolique vers un fichier hors du dossier importé : refusé',
}

const MARKDOWN_FILE = /\.(md|markdown|mdx)$/i
const MAX_FILE_BYTES = 2 * 1024 * 1024

export interface FrontMatter {
  data: Record<string, unknown>
  body: string
}

export function splitFrontMatter(text: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '')
  const match = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\r?\n?/.exec(source)
  if (!match) return { data: {}, body: source }
  const parsed: unknown = parseYaml(match[1]!, { maxAliasCount: 50 })
  return {
    data:
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {},
    body: source.slice(match[0].length),
  }
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : typeof v === 'number'
      ? String(v)
      : v instanceof Date
        ? v.toISOString()
        : undefined

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(text).filter((t): t is string => !!t)
    : typeof v === 'string'
      ? v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : []

/**
 * The images of a Markdown folder, by path relative to the file naming them: only regular
 * files whose real path (every link resolved) is inside the folder's real path.
 */
export function folderMedia(dir: string, from: string): LocalMedia {
  return async (relative) => {
    const root = await realpath(dir)
    const target = path.resolve(root, path.posix.dirname(from), relative)
    if (!target.startsWith(root + path.sep)) return undefined
    const real = await realpath(target).catch(() => undefined)
    if (!real) return undefined
    if (!real.startsWith(root + path.sep)) throw new FetchRefused(LINK_TEXTS.outside)
    const info = await lstat(real).catch(() => undefined)
    return info?.isFile() ? createReadStream(real) : undefined
  }
}

/** The images of a Markdown zip, by path relative to the entry naming them. */
export function zipMedia(zip: OpenZip, from: string): LocalMedia {
  const byName = new Map(zip.entries.map((e) => [e.fileName, e]))
  return async (relative) => {
    const key = path.posix.normalize(path.posix.join(path.posix.dirname(from), relative))
    const entry = byName.get(key)
    return entry ? zip.stream(entry) : undefined
  }
}

interface MarkdownFile {
  name: string
  read(): Promise<string>
}

/** Markdown files of the folder, links left out (and named in `links`). */
async function listFolder(
  dir: string,
  links: string[],
  root = dir,
  out: string[] = [],
): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    const relative = path.relative(root, full).split(path.sep).join('/')
    if (entry.isSymbolicLink()) links.push(relative)
    else if (entry.isDirectory()) await listFolder(full, links, root, out)
    else if (entry.isFile() && MARKDOWN_FILE.test(entry.name)) out.push(relative)
  }
  return out.sort()
}

/** Every Markdown file of the folder, or only `only` (a lone file given on the command line). */
export async function parseMarkdownFolder(dir: string, emit: Emit, only?: string): Promise<void> {
  const links: string[] = []
  const names = only ? [only] : await listFolder(dir, links)
  for (const link of links) await emit({ type: 'note', text: LINK_TEXTS.skipped(link) })
  const files = names.map((name) => {
    const full = path.join(dir, name)
    return {
      name,
      async read() {
        // A Markdown file given alone is read even through a link (the command line names
        // it); inside a folder only regular files are listed.
        if ((await stat(full)).size > MAX_FILE_BYTES)
          throw new ImportRefused('illisible (fichier trop volumineux : 2 Mo au plus)')
        return readFile(full, 'utf8')
      },
    }
  })
  await parseMarkdown(files, emit)
}

export function isMarkdownZip(zip: OpenZip): boolean {
  return zip.entries.some((e) => MARKDOWN_FILE.test(e.fileName))
}

export async function parseMarkdownZip(zip: OpenZip, emit: Emit): Promise<void> {
  const files = zip.entries
    .filter((e) => MARKDOWN_FILE.test(e.fileName) && !e.fileName.startsWith('__MACOSX/'))
    .map((e) => ({
      name: e.fileName,
      async read() {
        if (e.uncompressedSize > MAX_FILE_BYTES)
          throw new ImportRefused('illisible (fichier trop volumineux : 2 Mo au plus)')
        return zip.text(e, MAX_FILE_BYTES)
      },
    }))
  await parseMarkdown(files, emit)
}

async function parseMarkdown(files: MarkdownFile[], emit: Emit): Promise<void> {
  for (const file of files) {
    const base = path.posix.basename(file.name).replace(MARKDOWN_FILE, '')
    let parsed: FrontMatter
    try {
      parsed = splitFrontMatter(await file.read())
    } catch (error) {
      await emit({
        type: 'fail',
        kind: 'post',
        item: `Fichier « ${file.name} »`,
        reason:
          error instanceof ImportRefused
            ? error.message
            : error instanceof Error && !(error instanceof RangeError)
              ? `illisible (${error.message.slice(0, 200)})`
              : itemReason(error),
        step: true,
      })
      continue
    }
    const { data, body } = parsed
    // Jekyll's '2024-01-31-my-post.md': the date and the slug from the name.
    const named = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(base)
    const draft = data.draft === true || data.published === false || data.status === 'draft'
    const categories = list(data.categories ?? data.category)
    const aliases = list(data.aliases ?? data.redirect_from)
    await emitPost(emit, {
      sourceKey: `markdown:post:${file.name}`,
      title: text(data.title) ?? named?.[2] ?? base,
      slug: text(data.slug) ?? named?.[2] ?? base,
      markdown: body.trim(),
      excerpt: text(data.description) ?? text(data.excerpt) ?? text(data.summary),
      category: categories[0],
      tags: list(data.tags),
      publishedAt: text(data.date) ?? named?.[1],
      status: draft ? 'draft' : 'published',
      featureImage: remoteOnly(text(data.image) ?? text(data.cover) ?? text(data.thumbnail)),
      oldPath: text(data.permalink) ?? text(data.url) ?? aliases[0],
      authorName: text(data.author),
      localFrom: file.name,
    })
  }
}

function remoteOnly(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined
}
