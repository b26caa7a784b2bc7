// The private CV (ADR 018): the file lives in private storage (MEDIA_DIR/private, or the
// bucket's `private/` prefix, ADR 068) and only
// the guarded routes /cv/fichier (preview) and /cv/telecharger (download) read it. With
// 'Ajouter un filigrane' the file itself carries the downloader's name or e-mail and the
// date, on every page of a PDF (pdf-lib) or across an image (sharp).
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { CV_ACCESS_TEXTS, CV_LOGIN_REQUIRED_PATH } from '#app/domain/cv.ts'
import type { Cv } from '#app/domain/types.ts'
import type { SessionUser } from '#app/server/auth/session.server.ts'
import { cvAccess } from '#app/server/auth/cv-access.server.ts'
import { loadSharp } from './sharp.server.ts'
import { privateStore } from './stores.server.ts'

/** 'Camille Martin <camille@exemple.fr> — 23/11/2026' (or the site name for a visitor). */
export function watermarkText(user: SessionUser | null, siteName: string, now = new Date()) {
  const date = now.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
  const who = user ? [user.name, user.email && `<${user.email}>`].filter(Boolean).join(' ') : ''
  return who ? `Téléchargé par ${who} le ${date}` : `${siteName} — téléchargé le ${date}`
}

/** The standard PDF fonts encode WinAnsi: other characters become '?', never an error. */
function winAnsi(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
}

export async function watermarkPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  // pdf-lib (~120 ms and ~15 MB when loaded) only for a watermarked download (ADR 030).
  const { degrees, PDFDocument, rgb, StandardFonts } = await import('pdf-lib')
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true })
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const mark = winAnsi(text)
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize()
    // A readable line at the foot of the page, and the same text large across it.
    page.drawText(mark, { x: 24, y: 14, size: 8, font, color: rgb(0.35, 0.35, 0.35) })
    const size = Math.max(10, Math.min(28, (width * 0.9) / Math.max(1, mark.length) / 0.5))
    page.drawText(mark, {
      x: width * 0.1,
      y: height * 0.25,
      size,
      font,
      color: rgb(0.6, 0.6, 0.6),
      opacity: 0.25,
      rotate: degrees(Math.atan2(height, width) * (180 / Math.PI) * 0.8),
    })
  }
  return pdf.save()
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export async function watermarkImage(bytes: Buffer, text: string): Promise<Buffer> {
  const sharp = await loadSharp()
  const image = sharp(bytes).rotate()
  const meta = await image.metadata()
  const width = meta.width ?? 800
  const height = meta.height ?? 1100
  const size = Math.max(12, Math.round(width / 40))
  const rows = Array.from({ length: 8 }, (_, i) => {
    const y = Math.round(((i + 0.5) * height) / 8)
    return `<text x="50%" y="${y}" text-anchor="middle" font-size="${size}" font-family="sans-serif" fill="#000" fill-opacity="0.14" transform="rotate(-24 ${width / 2} ${y})">${escapeXml(text)}</text>`
  }).join('')
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rows}</svg>`,
  )
  return image.composite([{ input: svg, top: 0, left: 0 }]).toBuffer()
}

/**
 * Answers /cv/fichier (inline) and /cv/telecharger (attachment) for an uploaded CV: refused
 * without a session when requireAuth is on, watermarked when asked. The download route
 * records the download itself (ADR 007's rules).
 */
export async function serveCvFile(
  _request: Request,
  cv: Cv & { file: { key: string; mime: string } },
  user: SessionUser | null,
  opts: { download: boolean; siteName: string },
): Promise<Response> {
  const access = await cvAccess(cv.settings, user)
  if (access === 'unverified' || access === 'unapproved') {
    return new Response(CV_ACCESS_TEXTS[access], {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  if (access === 'login') {
    if (opts.download) {
      return new Response(null, {
        status: 302,
        headers: { Location: CV_LOGIN_REQUIRED_PATH, 'Cache-Control': 'no-store' },
      })
    }
    return new Response('Connectez-vous pour consulter le CV.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const storage = privateStore()
  const info = await storage.stat(cv.file.key)
  if (!info) {
    return new Response('CV introuvable', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const ext = cv.file.key.slice(cv.file.key.lastIndexOf('.') + 1)
  const type =
    cv.file.mime === 'application/pdf' ? 'application/pdf' : `image/${ext === 'jpg' ? 'jpeg' : ext}`
  const headers = {
    'Content-Type': type,
    'Cache-Control': 'private, no-store',
    'Content-Disposition': `${opts.download ? 'attachment' : 'inline'}; filename="cv.${ext}"`,
  }
  if (!cv.settings.addWatermark) {
    // Streamed from the disk or the bucket, as stored.
    const body = Readable.toWeb(storage.read(cv.file.key)) as ReadableStream
    return new Response(body, { headers: { ...headers, 'Content-Length': String(info.size) } })
  }
  // A watermark rewrites the whole file: read it (a CV, bounded by MEDIA_MAX_PDF_MB or
  // MEDIA_MAX_IMAGE_MB), mark it, send it.
  const original = await buffer(storage.read(cv.file.key))
  const text = watermarkText(user, opts.siteName)
  const bytes =
    cv.file.mime === 'application/pdf'
      ? await watermarkPdf(original, text)
      : await watermarkImage(original, text)
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, 'Content-Length': String(bytes.byteLength) },
  })
}
