// The CV watermark is in the file itself (ADR 018): every page of a PDF, across an image.
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { watermarkImage, watermarkPdf, watermarkText } from './cv-file.server.ts'

const user = {
  id: 'u1',
  name: 'Zoë Martin',
  email: 'zoe@exemple.fr',
  image: null,
  role: 'viewer' as const,
  status: 'active' as const,
}

describe('CV watermark', () => {
  it('names the downloader and the date, or the site for a visitor', () => {
    const date = new Date('2026-11-23T10:00:00Z')
    expect(watermarkText(user, 'Vitrine', date)).toBe(
      'Téléchargé par Zoë Martin <zoe@exemple.fr> le 23/11/2026',
    )
    expect(watermarkText(null, 'Vitrine', date)).toBe('Vitrine — téléchargé le 23/11/2026')
  })

  it('marks every page of a PDF, even with characters the standard font lacks', async () => {
    const pdf = await PDFDocument.create()
    for (let i = 0; i < 3; i++) pdf.addPage([300, 400])
    const marked = await watermarkPdf(await pdf.save(), 'Téléchargé par 李雷 <li@exemple.fr>')
    const { text } = await extractText(await getDocumentProxy(marked), { mergePages: false })
    expect(text).toHaveLength(3)
    for (const page of text) expect(page).toContain('Téléchargé par ?? <li@exemple.fr>')
  })

  it('draws over an image without changing its size', async () => {
    const image = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer()
    const marked = await watermarkImage(image, 'Téléchargé par Zoë <zoe@exemple.fr>')
    const meta = await sharp(marked).metadata()
    expect([meta.width, meta.height]).toEqual([300, 200])
    const { data: before } = await sharp(image).raw().toBuffer({ resolveWithObject: true })
    const { data: after } = await sharp(marked).raw().toBuffer({ resolveWithObject: true })
    expect(after.equals(before)).toBe(false)
  })
})
