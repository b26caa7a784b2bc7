import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#app/server/db/client.server.ts'
import { withDatabaseBefore } from '../../../../tests/fixtures/migration.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { plainTextToMarkdown } from './006-publishing.server.ts'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/"/g, '&quot;')

describe('006 plain text → Markdown', () => {
  it('keeps one paragraph per line and prints every character as typed', async () => {
    const lines = [
      '# pas un titre',
      '- pas une liste',
      '1. pas une liste numérotée',
      '> pas une citation',
      '**pas gras** _pas italique_ `pas du code` ~~pas barré~~',
      '[pas un lien](/blog) ![pas une image](/a.png)',
      '<b>pas du HTML</b> &amp; a | b \\ fin',
      '---',
      '+ plus',
      '=== ',
    ]
    const markdown = plainTextToMarkdown(`${lines.join('\n')}\n\n   \n`)
    const { html } = await renderMarkdown(markdown)
    const expected = lines.map((line) => `<p>${escapeHtml(line.trim())}</p>`).join('\n')
    expect(html).toBe(expected)
  })

  it('lets a bare web address become a link (the only change of look)', async () => {
    const { html } = await renderMarkdown(plainTextToMarkdown('Voir https://example.com'))
    expect(html).toBe(
      '<p>Voir <a href="https://example.com" rel="noopener noreferrer">https://example.com</a></p>',
    )
  })
})

describe('006 on a database holding plain-text content', () => {
  it('converts existing bodies, publishes existing posts at their creation date, adds revisions', async () => {
    await withDatabaseBefore('006', async (handle) => {
      handle.sqlite
        .exec(`INSERT INTO blog_posts (id, slug, title, excerpt, content, thumbnail, category, tags, "readTime", author, "createdAt")
        VALUES ('p1', 'ancien', 'Ancien', 'E', '# pas un titre' || char(10) || '*pas gras*', '/a.webp', 'C', '[]', 5, '{}', '2024-05-01T10:00:00.000Z')`)
      handle.sqlite
        .exec(`INSERT INTO projects (id, title, description, thumbnail, content, "createdAt")
        VALUES ('x1', 'Projet', 'D', '/a.webp', 'Ligne 1' || char(10) || '- Ligne 2', '2024-05-01T10:00:00.000Z')`)
      await migrateToLatest(handle.db)
      const post = await handle.db
        .selectFrom('blog_posts')
        .select(['content', 'status', 'publishedAt', 'contentHtml'])
        .executeTakeFirstOrThrow()
      expect(post).toEqual({
        content: '\\# pas un titre\n\n\\*pas gras\\*',
        status: 'published',
        publishedAt: '2024-05-01T10:00:00.000Z',
        contentHtml: null,
      })
      const project = await handle.db
        .selectFrom('projects')
        .select('content')
        .executeTakeFirstOrThrow()
      expect(project.content).toBe('Ligne 1\n\n\\- Ligne 2')
      expect(await handle.db.selectFrom('blog_revisions').selectAll().execute()).toEqual([])
    })
  })
})
