// The newsletter e-mail of one post in one language (ADR 097): the post's full body as HTML
// with inline styles (mail programs drop <style> and CSS variables), absolute addresses, code
// blocks in the light theme on their own background, a plain-text twin written from the
// Markdown, the site's name and owner, « Lire en ligne » and a visible unsubscribe link. No
// tracking pixel, no rewritten link: every address is the site's own, as written.
import { randomBytes } from 'node:crypto'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { NEWSLETTER_MAIL_TEXTS } from '#app/domain/newsletter.ts'
import { withDefaultSettings } from '#app/domain/settings.ts'
import type { TranslationData } from '#app/domain/translation.ts'
import type { Kysely } from 'kysely'
import { getEnv } from '../core/env.server.ts'
import type { Database } from '../db/schema.server.ts'
import { parseJson } from '../db/util.server.ts'
import { renderMarkdown } from '../content/markdown.server.ts'
import { absoluteLogo } from '../mail/templates.server.ts'
import { storedTranslation } from '../repositories/translations.server.ts'

export interface IssueEmail {
  subject: string
  /** HTML and text with `placeholder` where each subscriber's unsubscribe address goes. */
  html: string
  text: string
  placeholder: string
  /** The post's public address in the issue's language. */
  url: string
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

const COLORS = {
  text: '#18181b',
  muted: '#52525b',
  accent: '#6d28d9',
  border: '#e4e4e7',
  codeBg: '#f6f8fa',
  code: '#24292e',
}
const FONT = 'Helvetica, Arial, sans-serif'
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

/** Inline styles per element: mail programs ignore the site's stylesheet. */
const TAG_STYLES: Record<string, string> = {
  p: 'margin:0 0 16px;',
  h1: 'margin:24px 0 12px;font-size:26px;line-height:1.25;',
  h2: 'margin:24px 0 12px;font-size:22px;line-height:1.3;',
  h3: 'margin:20px 0 10px;font-size:18px;line-height:1.35;',
  h4: 'margin:16px 0 8px;font-size:16px;',
  ul: 'margin:0 0 16px;padding-left:24px;',
  ol: 'margin:0 0 16px;padding-left:24px;',
  li: 'margin:0 0 4px;',
  a: `color:${COLORS.accent};`,
  blockquote: `margin:0 0 16px;padding:0 16px;border-left:4px solid ${COLORS.border};color:${COLORS.muted};`,
  table: 'border-collapse:collapse;margin:0 0 16px;',
  th: `border:1px solid ${COLORS.border};padding:6px 10px;text-align:left;`,
  td: `border:1px solid ${COLORS.border};padding:6px 10px;`,
  img: 'max-width:100%;height:auto;border:0;',
  hr: `border:0;border-top:1px solid ${COLORS.border};margin:24px 0;`,
}

function addStyle(html: string, tag: string, style: string): string {
  return html.replace(new RegExp(`<${tag}(\\s[^>]*)?>`, 'g'), (match, attrs: string = '') => {
    if (/\sstyle="/.test(attrs)) return `<${tag}${attrs.replace(/\sstyle="/, ` style="${style}`)}>`
    return `<${tag} style="${style}"${attrs}>`
  })
}

/**
 * The post's rendered (sanitised) HTML made fit for mail programs. It is our renderer's
 * output (markdown.server.ts), so its shapes are known: heading anchors, Shiki's colour
 * variables, responsive <picture> elements.
 */
export function emailBodyHtml(html: string, origin: string): string {
  let out = html
    // The "#" anchor beside each heading means nothing in an e-mail.
    .replace(/<a class="heading-anchor"[^>]*>.*?<\/a>/g, '')
    // <picture> sources (AVIF, WebP) are skipped by most mail programs: keep the fallback <img>.
    .replace(/<source\b[^>]*>/g, '')
    .replace(/<\/?picture[^>]*>/g, '')
    .replace(/\s(srcset|sizes)="[^"]*"/g, '')
    // Shiki's light colours, inline (CSS variables are not read by mail programs).
    .replace(/<pre class="shiki[^"]*"[^>]*>/g, `<pre>`)
    .replace(/style="--shiki-light:(#[0-9A-Fa-f]{3,8})[^"]*"/g, 'style="color:$1"')
    // Site-relative links and images, absolute.
    .replace(/ (href|src)="\/(?!\/)/g, ` $1="${origin}/`)
  for (const [tag, style] of Object.entries(TAG_STYLES)) out = addStyle(out, tag, style)
  // Code: dark text on a light background of its own, scrolled rather than squeezed.
  out = out
    .replace(
      /<pre>/g,
      `<pre style="margin:0 0 16px;padding:12px 16px;background-color:${COLORS.codeBg};color:${COLORS.code};border:1px solid ${COLORS.border};border-radius:6px;overflow-x:auto;white-space:pre;font-family:${MONO};font-size:13px;line-height:1.45;">`,
    )
    .replace(
      /<code>/g,
      `<code style="font-family:${MONO};font-size:90%;background-color:${COLORS.codeBg};color:${COLORS.code};padding:1px 4px;border-radius:4px;">`,
    )
  return out
}

interface PostForIssue {
  title: string
  excerpt: string
  content: string
  slug: string
}

/** The post in the issue's language: French columns, or its English version laid over them. */
async function postIn(
  db: Kysely<Database>,
  postId: string,
  locale: Locale,
): Promise<PostForIssue | undefined> {
  const post = await db
    .selectFrom('blog_posts')
    .select(['title', 'excerpt', 'content', 'slug'])
    .where('id', '=', postId)
    .executeTakeFirst()
  if (!post || locale === 'fr') return post
  const data: Partial<TranslationData> =
    (await storedTranslation(db, 'post', postId, 'en'))?.data ?? {}
  return {
    title: data.title || post.title,
    excerpt: data.excerpt || '',
    content: data.content || post.content,
    slug: data.slug || post.slug,
  }
}

/** The issue's e-mail, rendered once per send run; undefined when the post is gone. */
export async function renderIssueEmail(
  db: Kysely<Database>,
  postId: string,
  locale: Locale,
): Promise<IssueEmail | undefined> {
  const post = await postIn(db, postId, locale)
  if (!post) return undefined
  const [settingsRow, profileRow] = await Promise.all([
    db.selectFrom('settings').select('data').where('id', '=', 'main').executeTakeFirst(),
    db.selectFrom('profile').select('data').where('id', '=', 'main').executeTakeFirst(),
  ])
  const settings = withDefaultSettings(parseJson(settingsRow?.data, undefined))
  const profile = parseJson<{ name?: string; title?: string }>(profileRow?.data, {})
  const owner = [profile.name, profile.title].filter(Boolean).join(', ')
  const origin = getEnv().PUBLIC_URL
  const prefix = locale === 'en' ? '/en' : ''
  const url = `${origin}${prefix}/blog/${encodeURIComponent(post.slug)}`
  const texts = NEWSLETTER_MAIL_TEXTS[locale]
  const colon = locale === 'fr' ? ' :' : ':'
  const placeholder = `unsubscribe-${randomBytes(12).toString('hex')}`
  const body = emailBodyHtml((await renderMarkdown(post.content, locale)).html, origin)
  const logo = absoluteLogo(settings.logo, origin)
  const e = escapeHtml
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Light colours on explicit backgrounds: a mail program that darkens messages inverts a
    // whole, coherent page instead of leaving dark text on a dark background.
    '<meta name="color-scheme" content="light">',
    '<meta name="supported-color-schemes" content="light">',
    `<title>${e(post.title)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f4f4f5;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f4f5;padding:24px 0;"><tbody><tr><td align="center">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background-color:#ffffff;border:1px solid ${COLORS.border};border-radius:8px;font-family:${FONT};color:${COLORS.text};font-size:16px;line-height:1.6;"><tbody>`,
    `<tr><td style="padding:20px 24px;border-bottom:1px solid ${COLORS.border};">`,
    logo
      ? `<img src="${e(logo)}" alt="" height="40" style="height:40px;vertical-align:middle;margin-right:12px;border:0;">`
      : '',
    `<a href="${e(origin)}${prefix}/" style="color:${COLORS.text};text-decoration:none;font-size:20px;font-weight:bold;vertical-align:middle;">${e(settings.siteName)}</a>`,
    owner ? `<div style="color:${COLORS.muted};font-size:14px;">${e(owner)}</div>` : '',
    `</td></tr>`,
    `<tr><td style="padding:24px;">`,
    `<h1 style="margin:0 0 8px;font-size:28px;line-height:1.2;"><a href="${e(url)}" style="color:${COLORS.text};text-decoration:none;">${e(post.title)}</a></h1>`,
    `<p style="margin:0 0 24px;font-size:14px;"><a href="${e(url)}" style="color:${COLORS.accent};">${texts.readOnline}</a></p>`,
    body,
    `</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid ${COLORS.border};color:${COLORS.muted};font-size:13px;">`,
    `<p style="margin:0 0 8px;">${e(texts.why(settings.siteName, owner))}</p>`,
    `<p style="margin:0;"><a href="${e(url)}" style="color:${COLORS.accent};">${texts.readOnline}</a> · <a href="${placeholder}" style="color:${COLORS.accent};">${texts.unsubscribe}</a></p>`,
    `</td></tr></tbody></table></td></tr></tbody></table></body></html>`,
  ].join('')
  const text = [
    post.title,
    '',
    `${texts.readOnline}${colon} ${url}`,
    '',
    post.excerpt,
    post.excerpt ? '' : undefined,
    post.content,
    '',
    '—',
    `${settings.siteName}${owner ? ` — ${owner}` : ''}`,
    texts.why(settings.siteName, owner),
    `${texts.unsubscribe}${colon} ${placeholder}`,
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n')
  return { subject: post.title, html, text, placeholder, url }
}
