// ADR 020: hostile Markdown never runs; drafts and posts not yet due are on no public
// surface; a scheduled post appears at its time without a restart; structured data.
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { HOSTILE_BODY, HOSTILE_MARKDOWN } from '../../fixtures/hostile-markdown.ts'
import { allowConsoleError, expect, test } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test('hostile Markdown in body, title, links and images never executes and leaves the page intact', async ({
  page,
  request,
  db: _db,
}) => {
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  const links = HOSTILE_MARKDOWN.filter((p) => p.includes('](')).join(' ')
  const post = await createBlogPost(
    makeBlogPost({
      title: `<img src=x onerror=alert('titre')> Titre <script>alert(1)</script>`,
      excerpt: `<svg onload=alert('extrait')>`,
      content: `## Avant\n\n${HOSTILE_BODY}\n\n${links}\n\n## Après\n\nFin intacte.`,
      tags: ['<script>alert(1)</script>'],
      category: '<b onmouseover=alert(1)>cat</b>',
    }),
  )
  // Same-site image paths of the corpus do not exist: their 404 is expected.
  allowConsoleError(page, /status of 404/)
  await visit(page, `/blog/${post.slug}`)
  const body = page.getByTestId('markdown-body')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Titre')
  await expect(body.getByRole('heading', { name: 'Avant' })).toBeVisible()
  // What follows the body in the article (the tags) is still rendered, as text.
  await expect(page.getByRole('list', { name: 'Étiquettes' })).toContainText(
    '<script>alert(1)</script>',
  )
  // The page around the body is intact: footer and header still there, nothing covers it.
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Tous les articles' })).toBeVisible()
  const found = await body.evaluate((el) => ({
    scripts: el.querySelectorAll('script, iframe, object, embed, svg, style, form, math').length,
    handlers: [...el.querySelectorAll('*')].flatMap((n) =>
      [...n.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    ),
    urls: [...el.querySelectorAll('[href], [src]')]
      .map((n) => n.getAttribute('href') ?? n.getAttribute('src') ?? '')
      .filter((u) => /^\s*(javascript|data|vbscript):/i.test(u)),
    styled: [...el.querySelectorAll('[style]')].filter((n) => !n.closest('pre.shiki')).length,
  }))
  expect(found).toEqual({ scripts: 0, handlers: [], urls: [], styled: 0 })
  // Hover and click every link of the body: nothing runs.
  for (const link of await body.getByRole('link').all()) {
    await link.hover().catch(() => {})
  }
  await page.goto('/blog')
  await expect(page.getByRole('link', { name: /Titre/ }).first()).toBeVisible()
  const rss = await (await request.get('/rss.xml')).text()
  const encoded = rss.slice(rss.indexOf('<content:encoded>'), rss.indexOf('</content:encoded>'))
  expect(encoded).toContain('<![CDATA[')
  // Text may mention "onerror=" (escaped, as text); no tag may carry a handler or such a URL.
  expect(encoded).not.toMatch(/<script|<[^>]*\son[a-z]+\s*=|(href|src)="\s*javascript:/i)
  expect(dialogs).toEqual([])
})

test('a draft is a 404 for visitors on every public surface, and the preview endpoint refuses them', async ({
  page,
  request,
  db: _db,
}) => {
  const id = Date.now()
  const draft = await createBlogPost(
    makeBlogPost({
      title: `Brouillon secret ${id}`,
      excerpt: `Extrait secret ${id}`,
      category: `Catégorie secrète ${id}`,
      tags: [`tag-secret-${id}`],
      status: 'draft',
    }),
  )
  const secret = `secret ${id}`
  // What must never show: the title, the excerpt, the address (a search echoes its words).
  const hidden = [draft.title, `Extrait secret ${id}`, draft.slug]
  allowConsoleError(page, /status of 404/)
  for (const path of [`/blog/${draft.slug}`, `/blog/${draft.slug}?apercu`]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text(), path).not.toContain(draft.title)
    const data = await request.get(
      `${path.replace('?apercu', '')}.data${path.includes('?') ? '?apercu' : ''}`,
    )
    expect(await data.text(), `${path} loader data`).not.toContain(draft.title)
  }
  for (const path of [
    '/',
    '/blog',
    `/blog?q=${encodeURIComponent(secret)}`,
    `/blog?category=${encodeURIComponent(`Catégorie secrète ${id}`)}`,
    `/blog?tag=tag-secret-${id}`,
    '/blog.data',
    `/blog.data?q=${encodeURIComponent(secret)}`,
    '/rss.xml',
    '/sitemap.xml',
  ]) {
    const text = await (await request.get(path)).text()
    for (const value of hidden) expect(text, path).not.toContain(value)
  }
  await page.goto(`/blog/${draft.slug}`)
  await expect(page.getByRole('heading', { name: 'Article non trouvé' })).toBeVisible()
  // The editor's preview endpoint renders nothing for a visitor.
  const preview = await request.post('/api/markdown-preview', {
    form: { content: '**gras**' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(preview.status()).toBe(403)
  expect(await preview.json()).toEqual({ error: 'Aperçu réservé aux administrateurs' })
  expect((await request.get('/api/markdown-preview')).status()).toBe(405)
})

test('a scheduled post appears at its publish time, with no restart', async ({
  page,
  request,
  db: _db,
}) => {
  const soon = new Date(Date.now() + 4000)
  const post = await createBlogPost(
    makeBlogPost({
      title: `Programmé ${soon.getTime()}`,
      status: 'scheduled',
      publishedAt: soon.toISOString(),
    }),
  )
  allowConsoleError(page, /status of 404/)
  expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404)
  expect(await (await request.get('/rss.xml')).text()).not.toContain(post.slug)
  // Same server process: the post shows once its time has come.
  await expect
    .poll(async () => (await request.get(`/blog/${post.slug}`)).status(), { timeout: 15_000 })
    .toBe(200)
  expect(await (await request.get('/rss.xml')).text()).toContain(post.slug)
  expect(await (await request.get('/sitemap.xml')).text()).toContain(post.slug)
  await visit(page, '/blog')
  await expect(page.getByRole('link', { name: post.title }).first()).toBeVisible()
})

test('post page: JSON-LD BlogPosting and BreadcrumbList with the nonce, article:published_time', async ({
  page,
  server,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({ title: 'Données </script><script>alert(1)</script>' }),
  )
  await visit(page, `/blog/${post.slug}`)
  const scripts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) =>
      els.map((el) => ({ nonce: (el as HTMLScriptElement).nonce, text: el.textContent ?? '' })),
    )
  expect(scripts.length).toBe(2)
  for (const s of scripts) expect(s.nonce.length).toBeGreaterThan(0)
  const [posting, crumbs] = scripts.map((s) => JSON.parse(s.text) as Record<string, unknown>)
  expect(posting).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: post.publishedAt,
    author: { '@type': 'Person', name: post.author.name },
    url: `${server.url}/blog/${post.slug}`,
  })
  expect((posting!.image as string[])[0]).toBe(`${server.url}${post.thumbnail}`)
  expect(crumbs).toMatchObject({
    '@type': 'BreadcrumbList',
    itemListElement: [
      { position: 1, name: 'Accueil', item: `${server.url}/` },
      { position: 2, name: 'Blog', item: `${server.url}/blog` },
      { position: 3, name: post.title },
    ],
  })
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
    'content',
    post.publishedAt,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${server.url}/blog/${post.slug}`,
  )
  const jsonLd = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    )
  for (const path of ['/', '/cv']) {
    await visit(page, path)
    expect(await jsonLd(), path).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Person',
        url: `${server.url}/`,
      }),
    ])
  }
  const project = await createProject(makeProject({ content: '## Démarche\n\nDu **Markdown**.' }))
  await visit(page, `/projects/${project.id}`)
  await expect(
    page
      .getByRole('region', { name: 'Description détaillée' })
      .getByRole('heading', { name: 'Démarche' }),
  ).toBeVisible()
  expect(await jsonLd()).toEqual([
    expect.objectContaining({
      '@type': 'CreativeWork',
      name: project.title,
      url: `${server.url}/projects/${project.id}`,
    }),
    expect.objectContaining({ '@type': 'BreadcrumbList' }),
  ])
})
