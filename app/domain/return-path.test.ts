// The return address after signing in: a page of the hub here, never another site.
import { describe, expect, it } from 'vitest'
import { RETURN_PARAM, safeReturnPath, withReturnPath } from './return-path.ts'

describe('safeReturnPath', () => {
  it('keeps an admin page with its query', () => {
    expect(safeReturnPath('/admin')).toBe('/admin')
    expect(safeReturnPath('/admin/messages?id=abc&status=new')).toBe(
      '/admin/messages?id=abc&status=new',
    )
  })

  it('refuses other sites, other pages and odd values', () => {
    for (const value of [
      null,
      undefined,
      '',
      '//pirate.example/admin',
      '/\\pirate.example',
      'https://pirate.example/admin',
      'admin/messages',
      '/administration',
      '/compte',
      '/admin/x y',
      '/admin\nSet-Cookie: x',
      `/admin/${'a'.repeat(1000)}`,
    ])
      expect(safeReturnPath(value), String(value)).toBeUndefined()
  })

  it('adds it to a path, encoded', () => {
    expect(RETURN_PARAM).toBe('retour')
    expect(withReturnPath('/login', '/admin/messages?id=a&b=c')).toBe(
      '/login?retour=%2Fadmin%2Fmessages%3Fid%3Da%26b%3Dc',
    )
    expect(withReturnPath('/login', undefined)).toBe('/login')
  })
})
