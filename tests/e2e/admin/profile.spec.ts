import { getProfile } from '#app/server/repositories/profile.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('profile: required fields, URL and e-mail checks, overwrite save, public home', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Mon Profil')
  await expect(page.getByRole('heading', { level: 2, name: 'Mon Profil' })).toBeVisible()
  const save = page.getByRole('button', { name: 'Enregistrer' })
  for (const label of ['Nom', 'Titre', 'E-mail', 'Biographie'])
    await page.getByLabel(label).fill('')
  await page.getByLabel('GitHub').fill('pas une url')
  await save.click()
  await expectFieldError(page, 'Nom', 'Le nom est requis')
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expectFieldError(page, 'E-mail', "L'adresse e-mail est requise")
  await expectFieldError(page, 'Biographie', 'La biographie est requise')
  await expectFieldError(page, 'GitHub', 'URL invalide')
  await page.getByLabel('E-mail').fill('pas-un-email')
  await save.click()
  await expectFieldError(page, 'E-mail', 'Adresse e-mail invalide')

  const name = `Camille ${Date.now()}`
  await page.getByLabel('Nom').fill(name)
  await page.getByLabel('Titre').fill('Product Manager & Développeuse')
  await page.getByLabel('E-mail').fill('camille@exemple.fr')
  await page.getByLabel('Biographie').fill('Je conçois des produits utiles.')
  await page.getByLabel('GitHub').fill('https://github.com/camille')
  await page.getByLabel('Téléphone').fill('+33 6 12 34 56 78')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Profil mis à jour avec succès')
  expect(await getProfile()).toMatchObject({
    name,
    email: 'camille@exemple.fr',
    github: 'https://github.com/camille',
    phone: '+33 6 12 34 56 78',
  })
  await expectActivity(admin, { action: 'update', resourceType: 'profile', resourceName: name })
  await page.reload()
  await expect(page.getByLabel('Nom')).toHaveValue(name)

  // Overwrite: an optional field emptied is gone.
  await page.getByLabel('Téléphone').fill('')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Profil mis à jour avec succès')
  expect((await getProfile())?.phone).toBeUndefined()

  await page.goto('/')
  await expect(page.getByText(name).first()).toBeVisible()
  await expect(page.getByText('Product Manager & Développeuse').first()).toBeVisible()
})
