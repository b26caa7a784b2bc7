// Rendered Markdown of a post or project (ADR 020). The HTML comes from
// app/server/content/markdown.server.ts: raw HTML dropped, allow-list sanitised, then highlighted.
// The same component shows the admin's live preview, so the preview is what gets published.
//
// A public page's body is left out of its document's hydration data (it is in the page already,
// app/server/render/hydration-data.server.ts): hydrated without it, the element keeps the server's
// HTML. An `__html` of '' (never null: React would then hydrate children it does not have)
// is not compared during hydration and, unchanged by later renders, never written; a page
// change brings the HTML itself.
export function MarkdownBody({
  html,
  tone = 'dark',
}: {
  /** Undefined in the browser right after a document's hydration: the server's HTML stays. */
  html: string | undefined
  tone?: 'dark' | 'light'
}) {
  return (
    <div
      className={tone === 'light' ? 'markdown markdown-light' : 'markdown'}
      data-testid="markdown-body"
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
      suppressHydrationWarning
    />
  )
}
