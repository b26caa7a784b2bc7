// An image without a text alternative, typed by hand in the blog editor, is refused by the
// server in French (ADR 093); the refused save leaves the form dirty, so leaving in-app still
// asks first and « Rester » keeps the text (ADR 087).
import { IMAGE_ALT_MISSING_MESSAGE } from '#app/domain/markdown.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { UNSAVED_TITLE } from '#app/ui/admin/unsaved-changes.tsx'
import { allowConsoleError, expect, test, waitForHydration } from '../../fixtures/test.ts'
import { adminNav, LOCAL_IMAGE, signInAdmin } from '../../fixtures/admin.ts'

test('an image without alt is refused by the server; leaving after the refusal still asks', async ({
  page,
  db: _db,
}) => {
  // The refusal is a 400, which the browser reports in its console.
  allowConsoleError(page, /status of 400/)
  const post = await createBlogPost(makeBlogPost({ content: 'Texte enregistré.' }))
  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}`)
  // Typed before hydration, the text would be the page's until React takes the field over.
  await waitForHydration(page)
  const content = page.getByRole('textbox', { name: 'Contenu' })
  const typed = `Texte enregistré.\n\n![](${LOCAL_IMAGE})`
  await content.fill(typed)

  // The browser sends it; the server refuses it in French, and nothing is saved.
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.startsWith('/admin/blog'),
  )
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.getByText(IMAGE_ALT_MISSING_MESSAGE).first()).toBeVisible()
  await expect(content).toHaveValue(typed)
  expect((await getBlogPost(post.id))?.content).toBe('Texte enregistré.')

  // Still unsaved: leaving in-app asks, « Rester » keeps the text.
  await adminNav(page).getByRole('link', { name: 'Messages', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: UNSAVED_TITLE })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Rester' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?edit=${post.id}$`))
  await expect(content).toHaveValue(typed)

  // Marked decorative, the image is accepted.
  await content.fill(`Texte enregistré.\n\n![](${LOCAL_IMAGE} "décorative")`)
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  expect((await getBlogPost(post.id))?.content).toContain('"décorative")')
})
