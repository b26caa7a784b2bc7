import { describe, expect, it } from 'vitest'
import { escapeXml } from './feeds.server.ts'

describe('escapeXml', () => {
  it('escapes markup and drops forbidden control characters', () => {
    expect(escapeXml(`a & <b> "c" 'd'\u0001\te`)).toBe(
      'a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;\te',
    )
  })
})
