import type { NextFunction, Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { canonicalHostRedirect, isExemptHost, originCheck } from './middleware.ts'

function fakeReq(opts: {
  host: string
  secure?: boolean
  url?: string
  method?: string
  headers?: Record<string, string>
}): Request {
  const headers: Record<string, string> = { host: opts.host, ...(opts.headers ?? {}) }
  return {
    method: opts.method ?? 'GET',
    secure: opts.secure ?? false,
    originalUrl: opts.url ?? '/projects?tag=React',
    get: (name: string) => headers[name.toLowerCase()],
    app: { get: () => false },
  } as unknown as Request
}

function fakeRes() {
  const res = {
    redirected: undefined as undefined | { status: number; url: string },
    statusCode: 200,
    body: '',
    redirect(status: number, url: string) {
      this.redirected = { status, url }
    },
    status(code: number) {
      this.statusCode = code
      return this
    },
    type() {
      return this
    },
    send(body: string) {
      this.body = body
      return this
    },
  }
  return res
}

function run(mw: typeof canonicalHostRedirect, req: Request) {
  const res = fakeRes()
  const next = vi.fn() as unknown as NextFunction
  mw(req, res as unknown as Response, next)
  return { res, next: next as unknown as ReturnType<typeof vi.fn> }
}

describe('canonical host redirects (spec §2)', () => {
  it('forces https with a 301, keeping path and query', () => {
    const { res } = run(canonicalHostRedirect, fakeReq({ host: 'camille.fr' }))
    expect(res.redirected).toEqual({ status: 301, url: 'https://camille.fr/projects?tag=React' })
  })

  it('strips a leading www. with a 301', () => {
    const { res } = run(canonicalHostRedirect, fakeReq({ host: 'www.camille.fr', secure: true }))
    expect(res.redirected).toEqual({ status: 301, url: 'https://camille.fr/projects?tag=React' })
  })

  it('passes an https request on the bare host through', () => {
    const { res, next } = run(canonicalHostRedirect, fakeReq({ host: 'camille.fr', secure: true }))
    expect(res.redirected).toBeUndefined()
    expect(next).toHaveBeenCalledOnce()
  })

  it('skips localhost, 127.0.0.1 and the preview host', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost']) {
      const { res, next } = run(canonicalHostRedirect, fakeReq({ host }))
      expect(res.redirected).toBeUndefined()
      expect(next).toHaveBeenCalledOnce()
    }
    expect(isExemptHost('preview.example.test', 'preview.example.test')).toBe(true)
    expect(isExemptHost('camille.fr', 'preview.example.test')).toBe(false)
  })

  it('can leave plain http alone with FORCE_HTTPS=false but still strips www.', () => {
    vi.stubEnv('FORCE_HTTPS', 'false')
    try {
      const plain = run(canonicalHostRedirect, fakeReq({ host: 'camille.fr' }))
      expect(plain.res.redirected).toBeUndefined()
      const www = run(canonicalHostRedirect, fakeReq({ host: 'www.camille.fr' }))
      expect(www.res.redirected).toEqual({
        status: 301,
        url: 'http://camille.fr/projects?tag=React',
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('origin check on mutating requests', () => {
  const post = (headers: Record<string, string>) =>
    fakeReq({ host: 'camille.fr', method: 'POST', headers })

  it('lets same-origin posts through', () => {
    const { next, res } = run(originCheck, post({ origin: 'https://camille.fr' }))
    expect(next).toHaveBeenCalledOnce()
    expect(res.statusCode).toBe(200)
  })

  it('refuses a cross-origin post with 403 and a French message', () => {
    const { next, res } = run(originCheck, post({ origin: 'https://evil.example' }))
    expect(next).not.toHaveBeenCalled()
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain('origine non autorisée')
  })

  it('uses the Referer when Origin is missing', () => {
    expect(run(originCheck, post({ referer: 'https://evil.example/x' })).res.statusCode).toBe(403)
    expect(
      run(originCheck, post({ referer: 'https://camille.fr/contact' })).next,
    ).toHaveBeenCalled()
  })

  it('refuses a cross-site fetch without Origin, ignores safe methods', () => {
    expect(run(originCheck, post({ 'sec-fetch-site': 'cross-site' })).res.statusCode).toBe(403)
    const get = fakeReq({ host: 'camille.fr', headers: { origin: 'https://evil.example' } })
    expect(run(originCheck, get).next).toHaveBeenCalled()
  })
})
