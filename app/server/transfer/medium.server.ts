// Medium export (Settings › Download your information): a .zip whose posts/ folder holds one
// HTML file per post; drafts are named 'draft_…'. ADR 066.
import path from 'node:path'
import { createContext, ImportRefused, importPost, type ImportOptions } from './pipeline.server.ts'
import { htmlToText } from './html-to-markdown.server.ts'
import type { ImportReportData } from './report.server.ts'
import type { OpenZip } from './zip.server.ts'

export function isMediumZip(zip: OpenZip): boolean {
  return zip.entries.some((e) => /(^|\/)posts\/[^/]+\.html$/i.test(e.fileName))
}

function section(html: string, field: string): string | undefined {
  const re = new RegExp(`<section[^>]*data-field="${field}"[^>]*>([\\s\\S]*?)</section>`, 'i')
  return re.exec(html)?.[1]
}

export interface MediumPost {
  title: string
  subtitle: string
  body: string
  published?: string
  canonical?: string
}

export function parseMediumHtml(html: string): MediumPost {
  const title = htmlToText(
    /<h1[^>]*class="p-name"[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ??
      /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ??
      '',
  )
  const subtitle = htmlToText(section(html, 'subtitle') ?? '')
  // The body: every section after the header's, Medium wraps it in data-field="body".
  const bodyStart = html.search(/<section[^>]*data-field="body"/i)
  const footer = html.search(/<footer\b/i)
  let body = bodyStart >= 0 ? html.slice(bodyStart, footer > bodyStart ? footer : undefined) : ''
  // Medium repeats the title as the first heading of the body.
  body = body.replace(/<h3[^>]*class="[^"]*graf--title[^"]*"[^>]*>[\s\S]*?<\/h3>/i, '')
  const published = /<time[^>]*class="dt-published"[^>]*datetime="([^"]+)"/i.exec(html)?.[1]
  const canonical = /<a[^>]*class="p-canonical"[^>]*href="([^"]+)"/i.exec(html)?.[1]
  return { title, subtitle, body, published, canonical }
}

export async function importMedium(
  zip: OpenZip,
  options: ImportOptions = {},
): Promise<ImportReportData> {
  const ctx = createContext('Medium (.zip)', options)
  for (const entry of zip.entries) {
    if (!/(^|\/)posts\/[^/]+\.html$/i.test(entry.fileName)) continue
    const name = path.posix.basename(entry.fileName, '.html')
    let post: MediumPost
    try {
      post = parseMediumHtml(await zip.text(entry))
    } catch (error) {
      ctx.report.fail(
        'post',
        `Fichier « ${name} »`,
        error instanceof ImportRefused ? error.message : 'illisible',
      )
      continue
    }
    const draft = name.startsWith('draft_')
    // 'https://medium.com/@me/my-title-1a2b3c4d5e6f' → 'my-title'
    const slug = post.canonical
      ? (new URL(post.canonical, 'https://medium.com').pathname.split('/').pop() ?? '').replace(
          /-[0-9a-f]{8,12}$/,
          '',
        )
      : undefined
    await importPost(ctx, {
      sourceKey: `medium:post:${name.replace(/^draft_/, '')}`,
      title: post.title,
      slug,
      html: post.body,
      excerpt: post.subtitle || undefined,
      publishedAt: post.published,
      status: draft ? 'draft' : 'published',
    })
  }
  return ctx.report.data
}
