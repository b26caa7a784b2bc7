// ADR 017: the media upload route streams past the 1 MB body limit; every other route keeps it.
import type { NextFunction, Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { MEDIA_UPLOAD_PATH } from '#app/domain/media-file.ts'
import { ADMIN_MAX_BODY_BYTES, bodySizeLimit, MAX_BODY_BYTES, UPLOAD_PATH } from './middleware.ts'

function post(path: string, length: number) {
  const headers: Record<string, string> = { 'content-length': String(length) }
  const req = { method: 'POST', path, get: (name: string) => headers[name.toLowerCase()] }
  let status = 200
  const res = {
    set: () => res,
    status: (code: number) => ((status = code), res),
    type: () => res,
    send: () => res,
  }
  const next = vi.fn() as unknown as NextFunction
  bodySizeLimit()(req as unknown as Request, res as unknown as Response, next)
  return { status: () => status, next: next as unknown as ReturnType<typeof vi.fn> }
}

describe('body size limit and the upload route', () => {
  it('names the same path as the app', () => {
    expect(UPLOAD_PATH).toBe(MEDIA_UPLOAD_PATH)
  })

  it('lets a large upload through to the route, refuses it anywhere else', () => {
    const upload = post(MEDIA_UPLOAD_PATH, 150 * 1024 * 1024)
    expect(upload.next).toHaveBeenCalledOnce()
    const other = post('/contact', MAX_BODY_BYTES + 1)
    expect(other.next).not.toHaveBeenCalled()
    expect(other.status()).toBe(413)
    // The hub's forms have their own, larger bound (ADR 057), not the upload's.
    const form = post('/admin/media', ADMIN_MAX_BODY_BYTES + 1)
    expect(form.next).not.toHaveBeenCalled()
    expect(form.status()).toBe(413)
    const lookalike = post(`${MEDIA_UPLOAD_PATH}/x`, MAX_BODY_BYTES + 1)
    expect(lookalike.status()).toBe(413)
  })
})
