import { describe, expect, it } from 'vitest'
import { cdata, escapeXml } from './feeds.server.ts'

describe('escapeXml', () => {
  it('escapes markup and drops forbidden control characters', () => {
    expect(escapeXml(`a & <b> "c" 'd'\u0001\te`)).toBe(
      'a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;\te',
    )
  })
})

describe('cdata', () => {
  it('keeps text as is and cannot be closed early by "]]>"', () => {
    expect(cdata('<p>a & b</p>')).toBe('<![CDATA[<p>a & b</p>]]>')
    expect(cdata('x]]>y\u0001')).toBe('<![CDATA[x]]]]><![CDATA[>y]]>')
  })
})
