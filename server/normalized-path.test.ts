// ADR 059: every path rule decides on the form the router matches.
import type { Request, Response } from 'express'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from './middleware.ts'
import { normalizedPath } from './normalized-path.ts'
import { isSharedRequest } from './page-cache.ts'
import { isSecretPage } from './request-guard.ts'

describe('normalizedPath', () => {
  it('decodes, resolves dot-segments, collapses slashes and lower-cases, as the router matches', () => {
    expect(normalizedPath('/blog/mon-article')).toBe('/blog/mon-article')
    expect(normalizedPath('/Reset-Password?token=abc')).toBe('/reset-password')
    expect(normalizedPath('/media/%2e%2e/cv/fichier')).toBe('/cv/fichier')
    expect(normalizedPath('/media/%2E%2E/cv/fichier')).toBe('/cv/fichier')
    expect(normalizedPath('/media/..%2fcv/fichier')).toBe('/cv/fichier')
    expect(normalizedPath('/media/..%5ccv/fichier')).toBe('/cv/fichier')
    expect(normalizedPath('/images/../admin')).toBe('/admin')
    expect(normalizedPath('/media\\..\\cv\\fichier')).toBe('/cv/fichier')
    expect(normalizedPath('//login')).toBe('/login')
    expect(normalizedPath('/%4cogin')).toBe('/login')
    expect(normalizedPath('/ADMIN/./users')).toBe('/admin/users')
    expect(normalizedPath('/a%3fb')).toBe('/a%3fb')
    // Not decodable: kept undecoded (the request guard answers 400 before any route).
    expect(normalizedPath('/%E0%A4%A/Login')).toBe('/%e0%a4%a/login')
  })
})

describe('the path rules decide on the normal form', () => {
  it('never shares (page cache, render threads) a variant of an account or secret page', () => {
    for (const url of [
      '/Reset-Password?token=abc',
      '/RESET-PASSWORD?token=abc',
      '/Login',
      '/Register?invitation=abc',
      '/%72egister?invitation=abc',
      '/blog/%2e%2e/admin',
      '/x/..%2fsetup/abc',
      '//compte',
      '/Api/auth/get-session',
    ])
      expect(isSharedRequest(url, {}), url).toBe(false)
    expect(isSharedRequest('/blog', {})).toBe(true)
    expect(isSharedRequest('/Blog', {})).toBe(true)
  })

  it('keeps every variant of a secret page out of every cache', () => {
    for (const [path, query] of [
      ['/Reset-Password', 'token=abc'],
      ['/reset-password/', 'token=abc'],
      ['/Register', 'invitation=abc'],
      ['/Setup/abc', ''],
      ['/%41dmin', ''],
      ['/blog/%2e%2e/compte', ''],
      ['/Auth/Verification', ''],
    ] as const)
      expect(isSecretPage(path, query), path).toBe(true)
    expect(isSecretPage('/register', '')).toBe(false)
    expect(isSecretPage('/blog', '')).toBe(false)
  })

  it('lets other origins read public images only, whatever the spelling', () => {
    const corp = (path: string) => {
      const headers: Record<string, string> = {}
      securityHeaders(
        { path, secure: false } as Request,
        {
          setHeader: (name: string, value: string) => (headers[name] = value),
        } as unknown as Response,
        () => undefined,
      )
      return headers['Cross-Origin-Resource-Policy']
    }
    expect(corp('/media/abc-64x64.png')).toBe('cross-origin')
    expect(corp('/Media/abc-64x64.png')).toBe('cross-origin')
    for (const path of [
      '/media/%2e%2e/cv/fichier',
      '/media/%2E%2E/cv/telecharger',
      '/images/..%2fcv/fichier',
      '/demo/%2e%2e/%2e%2e/cv/fichier',
    ])
      expect(corp(path), path).toBe('same-origin')
  })
})
