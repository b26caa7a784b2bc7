// Rendered Markdown of a post or project (ADR 020). The HTML comes from
// app/server/content/markdown.server.ts: raw HTML dropped, allow-list sanitised, then highlighted.
// The same component shows the admin's live preview, so the preview is what gets published.
export function MarkdownBody({ html, tone = 'dark' }: { html: string; tone?: 'dark' | 'light' }) {
  return (
    <div
      className={tone === 'light' ? 'markdown markdown-light' : 'markdown'}
      data-testid="markdown-body"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
