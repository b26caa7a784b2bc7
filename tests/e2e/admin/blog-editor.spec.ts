// ADR 020: the Markdown editor (toolbar, shortcut, live preview = published HTML, word
// count), drafts previewed with a banner, browser copy restored, leave warning, revisions
// (diff, exact restore), category rename.
import sharp from 'sharp'
import { PREVIEW_BANNER } from '#app/domain/publishing.ts'
import { listActivity } from '#app/server/repositories/activity.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import {
  createBlogPost,
  getBlogPost,
  getBlogPostBySlug,
} from '#app/server/repositories/blog.server.ts'
import { RESTORE_OVER_UNSAVED } from '#app/ui/admin/blog-publishing.tsx'
import { DRAFT_FOUND } from '#app/ui/admin/markdown-editor.tsx'
import { HOSTILE_BODY } from '../../fixtures/hostile-markdown.ts'
import { allowConsoleError, expect, test, waitForHydration } from '../../fixtures/test.ts'
import { LOCAL_IMAGE, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

test('editor: toolbar and shortcut, live preview equal to the published HTML, draft preview with banner', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page, { name: 'Camille Admin' })
  await openAdminTab(page, 'Blog')
  await page.getByRole('link', { name: 'Nouvel article' }).click()
  const stamp = Date.now()
  const title = `Markdown ${stamp}`
  await page.getByLabel('Titre').fill(title)
  await page.getByLabel('Catégorie').fill('Code')
  await page.getByLabel('Miniature (URL)').fill(LOCAL_IMAGE)
  await page.getByLabel('Extrait').fill('Un article riche.')
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await editor.fill('Intro ')
  // Toolbar: the placeholder is selected, typing replaces it.
  await page.getByRole('button', { name: 'Gras (Ctrl+B)' }).click()
  await page.keyboard.type('important')
  await editor.press('End')
  await page.keyboard.type('\n\n')
  await editor.press('Control+h')
  await page.keyboard.type('Section un')
  await editor.press('End')
  await page.keyboard.type(
    '\n\n```ts\nconst a: number = 1\n```\n\n![schéma](/demo/projects/budget-clair-cover.webp)',
  )
  await expect(editor).toHaveValue(
    'Intro **important**\n\n## Section un\n\n```ts\nconst a: number = 1\n```\n\n![schéma](/demo/projects/budget-clair-cover.webp)',
  )
  const preview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  await expect(preview.getByRole('heading', { name: 'Section un' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('important')
  await expect(preview.locator('pre.shiki')).toBeVisible()
  await expect(preview.getByRole('img', { name: 'schéma' })).toHaveAttribute('loading', 'lazy')
  await expect(page.getByTestId('word-count')).toContainText('mots · 1 min de lecture')
  await expect(page.getByLabel('Temps de lecture (minutes)')).toHaveAttribute('placeholder', '1')

  // Saved as a draft (the default): not public, previewable by the admin with a banner.
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article ajouté avec succès' }),
  ).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row).toContainText('Brouillon')
  const slug = `markdown-${stamp}`
  expect(await getBlogPostBySlug(slug)).toBeUndefined()
  await row.getByRole('link', { name: `Prévisualiser ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}\\?apercu$`))
  await expect(page.getByRole('status').filter({ hasText: PREVIEW_BANNER })).toBeVisible()
  const previewed = await page.getByTestId('markdown-body').innerHTML()

  // Published: the public page shows exactly the HTML the editor previewed.
  await page.goto('/admin/blog')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  const livePreview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  await expect(livePreview.getByRole('heading', { name: 'Section un' })).toBeVisible()
  const editorHtml = await livePreview.innerHTML()
  await page.getByLabel('Statut').selectOption('published')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Publié')
  await page.context().clearCookies()
  await page.goto(`/blog/${slug}`)
  const published = await page.getByTestId('markdown-body').innerHTML()
  expect(published).toBe(editorHtml)
  expect(published).toBe(previewed)
  await expect(page.getByRole('status').filter({ hasText: PREVIEW_BANNER })).toHaveCount(0)
})

test('editor: unsaved text survives a closed tab, and leaving warns', async ({
  page,
  context,
  db: _db,
}) => {
  const post = await createBlogPost(makeBlogPost({ content: 'Texte enregistré.' }))
  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}`)
  await waitForHydration(page)
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await expect(editor).toHaveValue('Texte enregistré.')
  await editor.fill('Texte enregistré.\n\nUn ajout non enregistré.')
  await expect(page.getByTestId('word-count')).toContainText('modifications non enregistrées')
  // Closing the tab asks first.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type())
      await dialog.accept()
    }),
  )
  await page.close({ runBeforeUnload: true })
  expect(await asked).toBe('beforeunload')

  const again = await context.newPage()
  await again.goto(`/admin/blog?edit=${post.id}`)
  await waitForHydration(again)
  await expect(again.getByRole('alert').filter({ hasText: DRAFT_FOUND })).toBeVisible()
  await again.getByRole('button', { name: 'Restaurer la version non enregistrée' }).click()
  await expect(again.getByRole('textbox', { name: 'Contenu' })).toHaveValue(
    'Texte enregistré.\n\nUn ajout non enregistré.',
  )
  await again.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    again.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  expect((await getBlogPost(post.id))?.content).toBe(
    'Texte enregistré.\n\nUn ajout non enregistré.',
  )
  // Saved: no copy is offered any more.
  await again.goto(`/admin/blog?edit=${post.id}`)
  await expect(again.getByRole('textbox', { name: 'Contenu' })).toHaveValue(
    'Texte enregistré.\n\nUn ajout non enregistré.',
  )
  await expect(again.getByRole('alert').filter({ hasText: DRAFT_FOUND })).toHaveCount(0)
})

test('revisions: who and when, a diff of two, restore gives back the exact text; category rename', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page, { name: 'Camille Admin' })
  const original = 'Ligne **un**\n\n  - puce avec espaces  \n\n```\n\tindentée\n```'
  const post = await createBlogPost(
    makeBlogPost({ content: original, category: `Desing ${Date.now()}` }),
    { id: admin.id, name: 'Camille Admin' },
  )
  await page.goto(`/admin/blog?edit=${post.id}`)
  // A fill racing hydration can land its text before the editor's own value (select-all lost).
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Contenu' }).fill('Tout réécrit.')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  await page.goto(`/admin/blog?edit=${post.id}`)
  await waitForHydration(page)
  const revisions = page.getByRole('list', { name: 'Liste des révisions' }).getByRole('listitem')
  await expect(revisions).toHaveCount(2)
  await expect(revisions.first()).toContainText('Camille Admin')
  await page.getByRole('button', { name: 'Comparer' }).click()
  const diff = page.getByTestId('revision-diff')
  await expect(diff.locator('del')).toContainText('Ligne **un**')
  await expect(diff.locator('ins')).toContainText('Tout réécrit.')
  // Unsaved text in the editor: restoring asks first; declining keeps the text.
  const content = page.getByRole('textbox', { name: 'Contenu' })
  await content.fill('Pas encore enregistré.')
  const questions: string[] = []
  page.once('dialog', (dialog) => {
    questions.push(dialog.message())
    void dialog.dismiss()
  })
  await revisions
    .nth(1)
    .getByRole('button', { name: /^Restaurer la révision du / })
    .click()
  await expect.poll(() => questions).toEqual([RESTORE_OVER_UNSAVED])
  await expect(content).toHaveValue('Pas encore enregistré.')
  expect((await getBlogPost(post.id))?.content).toBe('Tout réécrit.')
  // Accepting restores.
  page.once('dialog', (dialog) => void dialog.accept())
  await revisions
    .nth(1)
    .getByRole('button', { name: /^Restaurer la révision du / })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Révision restaurée' })).toBeVisible()
  expect((await getBlogPost(post.id))?.content).toBe(original)
  // The log dates the revision in French, not as an ISO stamp.
  const [restored] = (await listActivity({ action: 'update', resourceType: 'blog', pageSize: 1 }))
    .items
  expect(restored?.details).toMatch(/^Révision du \d{1,2} \p{L}+ \d{4} à \d{2}:\d{2} restaurée$/u)
  await expect(page.getByRole('textbox', { name: 'Contenu' })).toHaveValue(original)

  await page.goto('/admin/blog')
  await page.getByText('Renommer une catégorie').click()
  await page.getByLabel('Catégorie à renommer').selectOption(post.category)
  await page.getByLabel('Nouveau nom').fill('Design')
  await page.getByRole('button', { name: 'Renommer' }).click()
  await expect(page.getByRole('status').filter({ hasText: /renommée en « Design »/ })).toBeVisible()
  expect((await getBlogPost(post.id))?.category).toBe('Design')
})

test('editor: the live preview of the hostile corpus runs nothing', async ({ page, db: _db }) => {
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  allowConsoleError(page, /status of 404/)
  await signInAdmin(page)
  await page.goto('/admin/blog?new')
  await page.getByRole('textbox', { name: 'Contenu' }).fill(`## Avant\n\n${HOSTILE_BODY}`)
  const preview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  await expect(preview.getByRole('heading', { name: 'Avant' })).toBeVisible()
  expect(await preview.locator('script, iframe, object, embed, svg, style, form').count()).toBe(0)
  await expect(page.getByRole('button', { name: 'Ajouter', exact: true })).toBeVisible()
  expect(dialogs).toEqual([])
})

test('editor: an image uploaded from the editor goes in as Markdown and previews responsive', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  await openAdminTab(page, 'Blog')
  await page.getByRole('link', { name: 'Nouvel article' }).click()
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await editor.fill('Avant.\n\n')
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#c63' },
  })
    .png()
    .toBuffer()
  // The editor's own 'Téléverser' (the thumbnail field has one too).
  const box = page.getByRole('toolbar', { name: 'Mise en forme' }).locator('..')
  await box.getByLabel('Fichier à téléverser').setInputFiles({
    name: 'schema.png',
    mimeType: 'image/png',
    buffer: photo,
  })
  // Its text alternative is asked before it goes in, never a placeholder (ADR 093).
  const altDialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await altDialog.getByLabel('Texte alternatif').fill('Schéma du parcours')
  await altDialog.getByRole('button', { name: 'Insérer l’image' }).click()
  await expect(editor).toHaveValue(
    /^Avant\.\n\n!\[Schéma du parcours\]\(\/media\/[0-9a-f]{32}-400x300\.png\)$/,
  )
  const preview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  const img = preview.getByRole('img', { name: 'Schéma du parcours' })
  await expect(img).toHaveAttribute('width', '400')
  await expect(img).toHaveAttribute('srcset', /-w320\.png 320w/)
  await expect(preview.locator('picture source[type="image/webp"]')).toHaveCount(1)
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0)
})
