// Autosave of posts (ADR 092): typing is kept on the server a moment after it stops, survives
// a reload, and is offered back with « Reprendre la version non enregistrée du … »; the post
// itself is untouched until it is saved.
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'

test('typing in a post is autosaved, survives a reload and is resumed', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({ title: `Article autosauvé ${Date.now()}`, content: 'Texte enregistré.' }),
  )
  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}`)
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await expect(editor).toHaveValue('Texte enregistré.')
  await editor.fill('Texte enregistré.\n\nUn paragraphe tapé, jamais enregistré.')
  await expect(page.getByTestId('autosave-status')).toContainText(
    /Enregistré automatiquement à \d{1,2} h \d{2}/,
  )
  // The post itself is as it was.
  expect((await getBlogPost(post.id))?.content).toBe('Texte enregistré.')

  // The reload asks first (unsaved edits, ADR 087): leave.
  page.on('dialog', (dialog) => void dialog.accept())
  await page.reload()
  const banner = page.getByRole('region', { name: 'Version non enregistrée' })
  await expect(banner).toContainText(
    /Reprendre la version non enregistrée du \d{1,2} \S+ \d{4} à \d{1,2} h \d{2}/,
  )
  await banner.getByRole('button', { name: 'Reprendre' }).click()
  await expect(banner).toHaveCount(0)
  await expect(editor).toHaveValue('Texte enregistré.\n\nUn paragraphe tapé, jamais enregistré.')

  // Saved: the autosave is gone, the next opening offers nothing.
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  expect((await getBlogPost(post.id))?.content).toBe(
    'Texte enregistré.\n\nUn paragraphe tapé, jamais enregistré.',
  )
  await page.goto(`/admin/blog?edit=${post.id}`)
  await expect(page.getByRole('textbox', { name: 'Contenu' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Version non enregistrée' })).toHaveCount(0)
})

test('the English form autosaves too, and « Effacer » drops its autosave', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(makeBlogPost())
  await saveTranslation('post', post.id, 'en', {
    title: 'Saved title',
    content: 'Saved English text.',
    status: 'published',
  })
  await signInAdmin(page)
  const url = `/admin/blog?edit=${post.id}&langue=en`
  await page.goto(url)
  const title = page.getByRole('textbox', { name: 'Titre (anglais)' })
  await expect(title).toHaveValue('Saved title')
  await title.fill('Title being typed')
  await expect(page.getByTestId('autosave-status')).toContainText('Enregistré automatiquement à')

  page.on('dialog', (dialog) => void dialog.accept())
  await page.reload()
  const banner = page.getByRole('region', { name: 'Version non enregistrée' })
  await expect(banner).toContainText('Reprendre la version non enregistrée du')
  await banner.getByRole('button', { name: 'Effacer' }).click()
  await expect(banner).toHaveCount(0)
  await expect(title).toHaveValue('Saved title')
  // Dropped on the server: opening again offers nothing.
  await page.goto(url)
  await expect(title).toHaveValue('Saved title')
  await expect(page.getByRole('region', { name: 'Version non enregistrée' })).toHaveCount(0)
})
