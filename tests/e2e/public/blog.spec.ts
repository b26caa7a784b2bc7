import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test('blog: accent-insensitive search, category and tag selects in the URL, cards, empty text', async ({
  page,
  browser,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const cat = `Catégorie ${id}`
  const post = await createBlogPost(
    makeBlogPost({
      title: `Éloge de la lenteur ${id}`,
      category: cat,
      tags: [`tag-${id}`, 'Deux', 'Trois'],
      readTime: 7,
      author: { name: 'Inès Auteur', avatar: '' },
    }),
  )
  await createBlogPost(makeBlogPost({ title: `Autre billet ${id}`, category: cat, tags: ['Deux'] }))

  await visit(page, '/blog')
  await page
    .getByRole('searchbox', { name: 'Rechercher' })
    .fill(`ELOGE DE LA LENTEUR ${id.toUpperCase()}`)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/q=ELOGE/)
  const cards = page.getByTestId('blog-card')
  await expect(cards).toHaveCount(1)
  const card = cards.first()
  await expect(card.getByRole('link', { name: post.title })).toHaveAttribute(
    'href',
    `/blog/${post.slug}`,
  )
  await expect(card).toContainText(cat)
  await expect(card).toContainText('Inès Auteur')
  await expect(card).toContainText('7 min de lecture')
  await expect(card.locator('img').nth(1)).toHaveAttribute('src', '/images/default-avatar.webp')
  await expect(card.getByRole('list', { name: 'Étiquettes' }).getByRole('listitem')).toHaveCount(2)
  const date = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date(post.createdAt))
  await expect(card).toContainText(date)

  await visit(page, '/blog')
  await page.getByRole('combobox', { name: 'Catégorie' }).selectOption(cat)
  await expect(page).toHaveURL(
    new RegExp(`category=${encodeURIComponent(cat).replace(/%20/g, '\\+')}`),
  )
  await expect(cards).toHaveCount(2)
  const tagSelect = page.getByRole('combobox', { name: 'Étiquette' })
  await tagSelect.focus()
  await tagSelect.selectOption(`tag-${id}`)
  await expect(page).toHaveURL(new RegExp(`tag=tag-${id}`))
  await expect(cards).toHaveCount(1)
  // The select used keeps the focus (a keyboard user steps on through the options).
  await expect(page.getByRole('combobox', { name: 'Étiquette' })).toBeFocused()
  // Back: the fields follow the URL.
  await page.goBack()
  await expect(page).not.toHaveURL(new RegExp(`tag=tag-${id}`))
  await expect(page.getByRole('combobox', { name: 'Étiquette' })).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Catégorie' })).toHaveValue(cat)

  // The three filters in a shared URL work without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await noJs.goto(
    `${new URL(page.url()).origin}/blog?q=lenteur&category=${encodeURIComponent(cat)}&tag=tag-${id}`,
  )
  await expect(noJs.getByTestId('blog-card')).toHaveCount(1)
  await context.close()

  await visit(page, '/blog?q=zzzz-introuvable-zzzz')
  await expect(page.getByText('Aucun article ne correspond à votre recherche.')).toBeVisible()
})

test('blog post: hero, Markdown body (raw HTML dropped), author, date, read time, category; 404', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({
      content: 'Premier **paragraphe**.\n\n<script>window.__xss = 1</script>\n\nTroisième.',
      readTime: 9,
      category: 'Design',
    }),
  )
  await visit(page, `/blog/${post.slug}`)
  await expect(page).toHaveTitle(new RegExp(`^${post.title} — `))
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  // Markdown rendered on the server (ADR 020); raw HTML never reaches the page.
  await expect(page.getByText('paragraphe', { exact: true })).toHaveJSProperty('tagName', 'STRONG')
  await expect(page.getByText('Troisième.')).toBeVisible()
  await expect(page.getByText('window.__xss')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  await expect(page.getByText('9 min de lecture')).toBeVisible()
  await expect(page.getByRole('article').getByText(post.author.name, { exact: true })).toBeVisible()
  await expect(page.getByRole('article').getByText('Design', { exact: true })).toBeVisible()

  allowConsoleError(page, /status of 404/)
  const response = await page.goto('/blog/article-inexistant')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Article non trouvé' })).toBeVisible()
})

// A post's body stays through hydration, and a page change in the browser (whose data request
// carries it) shows it too.
test('blog post: the body stays through hydration and page changes', async ({ page, db: _db }) => {
  const marker = `Phrase témoin ${Date.now().toString(36)}`
  const post = await createBlogPost(
    makeBlogPost({ content: `${marker}, écrite une seule fois.\n\nDeuxième paragraphe.` }),
  )
  // The page change's data request does carry it.
  const data = await (await page.request.get(`/blog/${post.slug}.data`)).text()
  expect(data).toContain(marker)

  await visit(page, `/blog/${post.slug}`)
  const body = page.getByTestId('markdown-body')
  await expect(body).toContainText(`${marker}, écrite une seule fois.`)
  await expect(body.locator('p')).toHaveCount(2)
  await page.getByRole('link', { name: 'Tous les articles' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await page.getByRole('link', { name: post.title }).first().click()
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
  await expect(body).toContainText(`${marker}, écrite une seule fois.`)
  await page.goBack()
  await page.goForward()
  await expect(body.locator('p')).toHaveCount(2)
})
