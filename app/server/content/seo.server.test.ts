import { describe, expect, it } from 'vitest'
import { analyticsId, analyticsSnippet, escapeScript, escapeStyle } from './seo.server.ts'

describe('settings snippets', () => {
  it('escapes custom CSS so it cannot close the style element', () => {
    const out = escapeStyle('body{color:red}</style><script>alert(1)</script>')
    expect(out).not.toMatch(/<\/style/i)
    expect(out).toContain('body{color:red}')
  })

  it('escapes custom JS so it cannot close the script element', () => {
    const out = escapeScript('console.log(1)</SCRIPT><img src=x onerror=alert(1)><!--')
    expect(out).not.toMatch(/<\/script/i)
    expect(out).not.toContain('<!--')
  })

  it('accepts only analytics ids of the G- or UA- shape', () => {
    expect(analyticsId(' G-ABC123XYZ ')).toBe('G-ABC123XYZ')
    expect(analyticsId('UA-123456-1')).toBe('UA-123456-1')
    expect(analyticsId("G-1');alert(1)//")).toBeUndefined()
    expect(analyticsId(undefined)).toBeUndefined()
    expect(analyticsSnippet('G-ABC123')).toContain(`gtag('config',"G-ABC123")`)
  })
})
