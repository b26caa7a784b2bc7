// Admin › "Journal d'Activité": entries written by
// the other tabs, French phrases, visitor information, filters, pagination, and the browser
// beacon that can only enrich the caller's own entries.
import { addActivity, listActivity } from '#app/server/repositories/activity.server.ts'
import { createTestUser, sessionHeaders, uniqueEmail } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

// A desktop Chrome as people use it (headless Chromium announces itself as HeadlessChrome).
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
})

test('activity: entries from other tabs with French phrases, visitor info, filters', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page, { name: 'Léa Journal' })

  // Act in other tabs: create a user, save the settings.
  const email = uniqueEmail('journal')
  await openAdminTab(page, 'Utilisateurs')
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
  await page.getByLabel('Nom').fill('Marc Suivi')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Utilisateur créé' })).toBeVisible()
  await openAdminTab(page, 'Paramètres')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Paramètres mis à jour avec succès' }),
  ).toBeVisible()

  await openAdminTab(page, "Journal d'Activité")
  await expect(page.getByRole('heading', { name: "Journal d'Activité" })).toBeVisible()
  // Page views are hidden by default: the newest entry is the settings save.
  const entries = page.getByRole('list', { name: 'Entrées du journal' }).getByRole('listitem')
  await expect(entries.first()).toContainText(`${admin.name} a modifié les paramètres du site`)
  await expect(entries.filter({ hasText: 'a accédé à' })).toHaveCount(0)
  const search = page.getByRole('search', { name: 'Filtrer le journal' })
  await search.getByLabel('Afficher les consultations de pages').check()
  await search.getByRole('button', { name: 'Filtrer' }).click()
  await expect(page).toHaveURL(/pageViews=1/)
  await expect(entries.first()).toContainText(
    `${admin.name} a accédé à l'onglet « Journal d'Activité »`,
  )
  await search.getByLabel('Afficher les consultations de pages').uncheck()

  await search.getByLabel('Utilisateur').selectOption(admin.id)
  await search.getByLabel('Action').selectOption({ label: 'Création' })
  await search.getByRole('button', { name: 'Filtrer' }).click()
  await expect(page).toHaveURL(new RegExp(`action=create.*userId=${admin.id}`))
  await expect(entries).toHaveCount(1)
  const created = entries.first()
  await expect(created).toContainText(`Léa Journal a créé l'utilisateur « ${email} »`)
  await expect(created).toContainText(
    /Utilisateur créé \((Lecteur|Éditeur|Administrateur), (Actif|Inactif|Bloqué)\)/,
  )
  await expect(created.locator('time')).toHaveText(/\d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}/u)

  // Visitor information: derived by the server, enriched by the browser beacon.
  await expect
    .poll(async () => {
      const items = (await listActivity({ action: 'create', userId: admin.id })).items
      return items[0]?.userInfo.timezone
    })
    .toBe('Europe/Paris')
  await page.reload()
  await created.getByText('Informations visiteur').click()
  const info = created.locator('dl')
  await expect(info).toContainText('Adresse IP127.0.0.0')
  await expect(info).toContainText('NavigateurChrome 140')
  await expect(info).toContainText('SystèmeLinux')
  await expect(info).toContainText('AppareilDesktop')
  await expect(info).toContainText('LocalisationInconnu')
  await expect(info).toContainText('Languefr-FR')
  await expect(info).toContainText('Résolution1280x720')
  await expect(info).toContainText('Fuseau horaireEurope/Paris')
  await expect(info).toContainText('Provenance')

  // Filter by resource type: the settings save.
  await search.getByLabel('Action').selectOption({ label: 'Modification' })
  await search.getByLabel('Type de ressource').selectOption({ label: 'Paramètres' })
  await search.getByRole('button', { name: 'Filtrer' }).click()
  await expect(entries.first()).toContainText('Léa Journal a modifié les paramètres du site')
  await expect(entries.first()).toContainText('Paramètres du site mis à jour')

  // Nothing matches: the empty-list text.
  await search.getByLabel('Action').selectOption({ label: 'Toutes les actions' })
  await search.getByLabel('Type de ressource').selectOption({ label: 'CV' })
  await search.getByRole('button', { name: 'Filtrer' }).click()
  await expect(page.getByText('Aucune activité à afficher.')).toBeVisible()
})

test('activity: every action has a French phrase; server-side pagination newest first', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  const userId = `robot-${Date.now()}`
  const base = Date.now() - 60_000
  const phrases: [string, string][] = [
    ['create', 'a créé'],
    ['update', 'a modifié'],
    ['delete', 'a supprimé'],
    ['login', "s'est connecté"],
    ['logout', "s'est déconnecté"],
    ['download', 'a téléchargé'],
    ['access', 'a accédé à'],
    ['access_denied', "s'est vu refuser l'accès à"],
  ]
  for (let i = 0; i < 55; i++) {
    const [action] = phrases[i % phrases.length]!
    await addActivity({
      userId,
      userName: 'Robot Pagination',
      action: action as 'create',
      resourceType: 'cv',
      resourceName: `Fichier ${i}`,
      details: `Entrée ${i}`,
      timestamp: new Date(base + i * 1000).toISOString(),
    })
  }
  await page.goto(`/admin/activity?userId=${userId}&pageViews=1`)
  await expect(page.getByText('55 entrées')).toBeVisible()
  const entries = page.getByRole('list', { name: 'Entrées du journal' }).getByRole('listitem')
  await expect(entries).toHaveCount(50)
  await expect(entries.first()).toContainText('Fichier 54')
  // Unknown visitor values are stored as 'Unknown' and read 'Inconnu'.
  await entries.first().getByText('Informations visiteur').click()
  await expect(entries.first().locator('dl')).toContainText('Adresse IPInconnu')
  for (const [, phrase] of phrases) {
    await expect(entries.filter({ hasText: `Robot Pagination ${phrase}` }).first()).toBeVisible()
  }
  // Keyset pagination (ADR 098): older and newer pages by cursor, the filters kept.
  const pager = page.getByRole('navigation', { name: 'Pagination du journal' })
  await expect(pager.getByRole('link', { name: 'Entrées plus récentes' })).toHaveCount(0)
  await pager.getByRole('link', { name: 'Entrées plus anciennes' }).click()
  await expect(page).toHaveURL(/apres=/)
  await expect(page).toHaveURL(new RegExp(`userId=${userId}`))
  await expect(entries).toHaveCount(5)
  // Entries 4 to 0: entry 4 is a sign-out (actions cycle through the eight above).
  await expect(entries.first()).toHaveAttribute('data-action', 'logout')
  await expect(entries.last()).toContainText('Entrée 0')
  await expect(page.getByText('55 entrées')).toBeVisible()
  await expect(pager.getByRole('link', { name: 'Entrées plus anciennes' })).toHaveCount(0)
  await pager.getByRole('link', { name: 'Entrées plus récentes' }).click()
  await expect(page).toHaveURL(/avant=/)
  await expect(entries).toHaveCount(50)
  await expect(entries.first()).toContainText('Fichier 54')
  await expect(entries.last()).toHaveAttribute('data-action', 'download')

  // A cursor the server cannot read (a hand-edited link): the first page, said in French.
  await page.goto(`/admin/activity?userId=${userId}&pageViews=1&apres=n-importe-quoi`)
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Ce lien de pagination n’est pas valide : voici les entrées les plus récentes.',
    }),
  ).toBeVisible()
  await expect(entries).toHaveCount(50)
  await expect(entries.first()).toContainText('Fichier 54')
})

test('activity beacon: enriches only the caller’s own recent entries', async ({
  request,
  db: _db,
}) => {
  const owner = await createTestUser({ role: 'admin', name: 'Nina Beacon' })
  const other = await createTestUser({ role: 'viewer', name: 'Oscar Autre' })
  // An entry written by the server for the owner's own request (same device as the beacon).
  const ownerHeaders = await sessionHeaders(owner)
  expect((await request.get('/admin/projects', { headers: ownerHeaders })).status()).toBe(200)
  const entry = (await listActivity({ userId: owner.id, action: 'access' })).items[0]!
  // One written from another device is never labelled by this beacon.
  const elsewhere = await addActivity({
    userId: owner.id,
    userName: owner.name,
    action: 'update',
    resourceType: 'project',
    details: 'depuis un autre appareil',
    userInfo: { ip: '198.51.100.0', browser: 'Safari', os: 'iOS', device: 'Mobile' },
  })
  const form = {
    language: 'de-DE',
    screenResolution: '1x1',
    timezone: 'Asia/Tokyo',
    referrer: 'https://exemple.fr/page?secret=1',
  }
  const current = async () =>
    (await listActivity({ userId: owner.id })).items.find((e) => e.id === entry.id)!.userInfo

  // Anonymous and other users change nothing.
  expect((await request.post('/api/activity', { form })).status()).toBe(204)
  const foreign = await request.post('/api/activity', {
    form,
    headers: await sessionHeaders(other),
  })
  expect(foreign.status()).toBe(200)
  expect((await current()).screenResolution).toBe('Unknown')
  // GET is not allowed.
  expect((await request.get('/api/activity')).status()).toBe(405)

  // The owner enriches their entry; the referrer loses its query string; junk is dropped.
  const own = await request.post('/api/activity', {
    form: { ...form, timezone: '<script>' },
    headers: ownerHeaders,
  })
  expect(own.status()).toBe(200)
  const info = await current()
  expect(info.screenResolution).toBe('1x1')
  expect(info.referrer).toBe('https://exemple.fr/page')
  expect(info.timezone).toBe('Unknown')
  const fromElsewhere = (await listActivity({ userId: owner.id })).items.find(
    (e) => e.id === elsewhere.id,
  )
  expect(fromElsewhere!.userInfo.screenResolution).toBe('Unknown')
})
