// XML helpers for the sitemap and the RSS feed.

/** The text without the control characters XML 1.0 forbids (tab, LF, CR stay). */
function dropForbiddenControls(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0
      return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
    })
    .join('')
}

/** Escapes XML text and drops the control characters XML 1.0 forbids (tab, LF, CR stay). */
export function escapeXml(text: string): string {
  const clean = dropForbiddenControls(text)
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** Text as a CDATA section: a "]]>" inside is split across two sections, control characters dropped. */
export function cdata(text: string): string {
  const clean = dropForbiddenControls(text)
  return `<![CDATA[${clean.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
}

export function xmlResponse(body: string, type = 'application/xml'): Response {
  return new Response(body, {
    headers: { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'public, max-age=600' },
  })
}
