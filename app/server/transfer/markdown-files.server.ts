// A folder or a .zip of Markdown files with YAML front matter (Jekyll, Hugo, Eleventy,
// Astro…), ADR 066: title, date, tags, draft, slug; also description/excerpt, categories,
// image and the former address (permalink/url/aliases). Images the text names by a relative
// path are taken from the folder or the archive into the media library.
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { createContext, importPost, type ImportOptions } from './pipeline.server.ts'
import type { ImportReportData } from './report.server.ts'
import type { OpenZip } from './zip.server.ts'

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

interface MarkdownSource {
  label: string
  files: { name: string; read(): Promise<string> }[]
  media(relative: string, from: string): Promise<AsyncIterable<Uint8Array> | undefined>
}

export function folderSource(dir: string): MarkdownSource {
  const root = path.resolve(dir)
  return {
    label: 'Markdown (dossier)',
    files: [],
    async media(relative, from) {
      const target = path.resolve(root, path.posix.dirname(from), relative)
      // Only files inside the folder.
      if (!target.startsWith(root + path.sep)) return undefined
      const info = await stat(target).catch(() => undefined)
      return info?.isFile() ? createReadStream(target) : undefined
    },
  }
}

async function listFolder(dir: string, root = dir, out: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) await listFolder(full, root, out)
    else if (entry.isFile() && MARKDOWN_FILE.test(entry.name))
      out.push(path.relative(root, full).split(path.sep).join('/'))
  }
  return out.sort()
}

/** Every Markdown file of the folder, or only `only` (a lone file given on the command line). */
export async function importMarkdownFolder(
  dir: string,
  options: ImportOptions = {},
  only?: string,
) {
  const source = folderSource(dir)
  for (const name of only ? [only] : await listFolder(dir)) {
    const full = path.join(dir, name)
    source.files.push({
      name,
      async read() {
        if ((await stat(full)).size > MAX_FILE_BYTES)
          throw new Error('fichier trop volumineux (2 Mo au plus)')
        return readFile(full, 'utf8')
      },
    })
  }
  return importMarkdown(source, options)
}

export function isMarkdownZip(zip: OpenZip): boolean {
  return zip.entries.some((e) => MARKDOWN_FILE.test(e.fileName))
}

export async function importMarkdownZip(zip: OpenZip, options: ImportOptions = {}) {
  const byName = new Map(zip.entries.map((e) => [e.fileName, e]))
  const source: MarkdownSource = {
    label: 'Markdown (.zip)',
    files: zip.entries
      .filter((e) => MARKDOWN_FILE.test(e.fileName) && !e.fileName.startsWith('__MACOSX/'))
      .map((e) => ({
        name: e.fileName,
        async read() {
          if (e.uncompressedSize > MAX_FILE_BYTES)
            throw new Error('fichier trop volumineux (2 Mo au plus)')
          return zip.text(e)
        },
      })),
    async media(relative, from) {
      const key = path.posix.normalize(path.posix.join(path.posix.dirname(from), relative))
      const entry = byName.get(key)
      return entry ? zip.stream(entry) : undefined
    },
  }
  return importMarkdown(source, options)
}

async function importMarkdown(
  source: MarkdownSource,
  options: ImportOptions,
): Promise<ImportReportData> {
  const ctx = createContext(source.label, options)
  for (const file of source.files) {
    const base = path.posix.basename(file.name).replace(MARKDOWN_FILE, '')
    let parsed: FrontMatter
    try {
      parsed = splitFrontMatter(await file.read())
    } catch (error) {
      ctx.report.fail(
        'post',
        `Fichier « ${file.name} »`,
        error instanceof Error ? `illisible (${error.message})` : 'illisible',
      )
      continue
    }
    const { data, body } = parsed
    // Jekyll's '2024-01-31-my-post.md': the date and the slug from the name.
    const named = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(base)
    const draft = data.draft === true || data.published === false || data.status === 'draft'
    const categories = list(data.categories ?? data.category)
    const aliases = list(data.aliases ?? data.redirect_from)
    await importPost(ctx, {
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
      localMedia: (relative) => source.media(relative, file.name),
    })
  }
  return ctx.report.data
}

function remoteOnly(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined
}
