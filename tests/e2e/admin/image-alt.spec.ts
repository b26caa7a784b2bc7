// ADR 093: every image placed from the hub asks for its text alternative or « Image
// décorative », never a placeholder (the server's refusal of an unmarked empty alt is tested
// in admin-collections.server.test.ts).
import { ALT_REQUIRED_MESSAGE, IMAGE_URL_REQUIRED } from '#app/domain/media.ts'
import { test, expect } from '../../fixtures/test.ts'
import { LOCAL_IMAGE, signInAdmin } from '../../fixtures/admin.ts'

test('the editor’s Image button asks for the address and the text alternative', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  await page.goto('/admin/blog?new')
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await editor.fill('Début.\n\n')
  const toolbar = page.getByRole('toolbar', { name: 'Mise en forme' })
  await toolbar.getByRole('button', { name: 'Image (Ctrl+G)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await dialog.getByRole('button', { name: 'Insérer l’image' }).click()
  await expect(dialog.getByText(IMAGE_URL_REQUIRED)).toBeVisible()
  await expect(dialog.getByText(ALT_REQUIRED_MESSAGE)).toBeVisible()
  await dialog.getByLabel('Adresse de l’image').fill(LOCAL_IMAGE)
  await dialog.getByLabel('Texte alternatif').fill('Un carnet de budget ouvert')
  await dialog.getByRole('button', { name: 'Insérer l’image' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor).toHaveValue(`Début.\n\n![Un carnet de budget ouvert](${LOCAL_IMAGE})`)

  // Decorative: an empty alt, marked so (the marker is no tooltip on the page).
  await editor.press('End')
  await editor.press('Control+g')
  await dialog.getByLabel('Adresse de l’image').fill(LOCAL_IMAGE)
  await dialog.getByLabel('Image décorative').check()
  await expect(dialog.getByLabel('Texte alternatif')).toBeDisabled()
  await dialog.getByRole('button', { name: 'Insérer l’image' }).click()
  await expect(editor).toHaveValue(new RegExp(`!\\[\\]\\(${LOCAL_IMAGE} "décorative"\\)$`))
  await expect(editor).not.toHaveValue(/description de l/)
  const preview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  await expect(preview.locator('img[alt=""]')).toHaveCount(1)
  await expect(preview.locator('img[title]')).toHaveCount(0)

  // Cancelling inserts nothing.
  const before = await editor.inputValue()
  await toolbar.getByRole('button', { name: 'Image (Ctrl+G)' }).click()
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  await expect(editor).toHaveValue(before)
})
