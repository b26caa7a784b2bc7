// ADR 017 amendment: a library file the browser would run (a PDF's scripts in the viewer) is
// a download, never a page of our origin; images and videos are shown.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { storeUpload } from './pipeline.server.ts'
import { isShownInline, serveStored } from './serve.server.ts'
import { useDiskStorage } from './media-test-support.ts'

/** A PDF whose opening runs a script (what the audit uploaded). */
const SCRIPTED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

const disk = useDiskStorage('vitrine-serve-')

async function* once(bytes: Buffer) {
  yield bytes
}
const LIMITS = { image: 1, video: 2, document: 1 }

const served = async (bytes: Buffer) => {
  const stored = await storeUpload(once(bytes), { storage: disk.storage, limitsMb: LIMITS })
  return serveStored(new Request('http://localhost/media/x'), disk.storage, stored.storageKey, {
    immutable: true,
  })
}

describe('serveStored (ADR 017)', () => {
  it('sends an uploaded PDF as a download', async () => {
    const res = await served(SCRIPTED_PDF)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[0-9a-f]{32}.*\.pdf"$/,
    )
    // A range request (how a viewer reads a PDF) is a download too.
    const key = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')![1]!
    const ranged = await serveStored(
      new Request('http://localhost/media/x', { headers: { range: 'bytes=0-9' } }),
      disk.storage,
      key,
      { immutable: true },
    )
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-disposition')).toMatch(/^attachment;/)
  })

  it('shows images and videos inline, and nothing else', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
    const res = await served(png)
    expect(res.headers.get('content-type')).toMatch(/^image\//)
    expect(res.headers.get('content-disposition')).toBeNull()
    for (const type of ['image/webp', 'video/mp4', 'video/webm'])
      expect(isShownInline(type)).toBe(true)
    for (const type of ['application/pdf', 'application/octet-stream', 'text/html'])
      expect(isShownInline(type)).toBe(false)
  })
})
