import { ADMIN_TABS } from '#app/domain/admin-tabs.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { adminNav, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

// The administration hub: title, subtitle, 15 tabs in order, projects by default,
// the tab lives in the URL (reload, back and a shared link land on the same tab).
test('the hub shows its title, the 15 tabs in order and keeps the tab in the URL', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/projects$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administration du Portfolio' }),
  ).toBeVisible()
  await expect(page.getByText('Gérez votre contenu et vos paramètres')).toBeVisible()

  const links = adminNav(page).getByRole('link')
  await expect(links).toHaveText(ADMIN_TABS.map((t) => t.label))
  for (const [i, tab] of ADMIN_TABS.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `/admin/${tab.id}`)
  }
  // Default tab highlighted, the others not.
  await expect(adminNav(page).getByRole('link', { name: 'Projets' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(adminNav(page).locator('[aria-current="page"]')).toHaveCount(1)

  await openAdminTab(page, 'Compétences')
  await expect(page.getByRole('heading', { level: 2, name: 'Compétences' })).toBeVisible()
  await page.reload()
  await expect(adminNav(page).getByRole('link', { name: 'Compétences' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await openAdminTab(page, 'Mon Profil')
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/skills$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Compétences' })).toBeVisible()

  // A shared link opens straight on its tab.
  await page.goto('/admin/media')
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des Médias' })).toBeVisible()
  await expect(adminNav(page).getByRole('link', { name: 'Médias' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // A stale edit link shows a French message inside the hub, not a crash.
  allowConsoleError(page, /status of 404/)
  await page.goto('/admin/projects?edit=inexistant')
  await expect(page.getByRole('alert')).toHaveText("Cet élément n'existe pas ou n'existe plus.")
  await expect(adminNav(page)).toBeVisible()
})

test('the hub names the signed-in admin, links back to the site and signs out', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page, { name: 'Alice Hub' })
  await page.goto('/admin/skills')
  await expect(page.getByText('Connecté·e : Alice Hub')).toBeVisible()
  await page.getByRole('link', { name: 'Voir le site' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin/skills')
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/$/)
  // Signed out: the hub is closed again; signing in comes back to the page asked for.
  await page.goto('/admin/skills')
  await expect(page).toHaveURL(/\/login\?retour=%2Fadmin%2Fskills$/)
})

test('the hub and its tabs are closed to visitors and non-admins', async ({
  page,
  request,
  db: _db,
}) => {
  await page.goto('/admin/projects')
  await expect(page).toHaveURL(/\/login\?retour=%2Fadmin%2Fprojects$/)
  // The action checks again on the server: a signed-out POST changes nothing.
  const res = await request.post('/admin/projects', {
    form: { intent: 'create', title: 'Intrus', description: 'x', thumbnail: '/x.webp' },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(res.status())
  const { listProjects } = await import('#app/server/repositories/projects.server.ts')
  expect((await listProjects()).some((p) => p.title === 'Intrus')).toBe(false)
})

test('the hub, a list, a form and the delete dialog have no axe violations', async ({
  page,
  db: _db,
}) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const { createProject } = await import('#app/server/repositories/projects.server.ts')
  const { makeProject } = await import('#app/server/demo/factories.server.ts')
  const project = await createProject(
    makeProject({
      title: `Axe ${Date.now()}`,
      thumbnail: '/demo/projects/budget-clair-cover.webp',
    }),
  )
  await signInAdmin(page)
  const scan = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  }
  await page.goto('/admin/projects')
  await scan()
  await page.getByRole('button', { name: `Supprimer ${project.title}` }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await scan()
  await page.goto('/admin/projects?new')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByLabel('Titre')).toHaveAttribute('aria-invalid', 'true')
  await scan()
})

test('the Markdown editor, its live preview and a revision diff have no axe violations', async ({
  page,
  db: _db,
}) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  await signInAdmin(page)
  const scan = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  }
  const { createBlogPost, updateBlogPost } = await import('#app/server/repositories/blog.server.ts')
  const { makeBlogPost } = await import('#app/server/demo/factories.server.ts')
  const post = await createBlogPost(
    makeBlogPost({ content: '## Titre\n\n```ts\nconst a = 1\n```' }),
  )
  await updateBlogPost(post.id, { content: 'Autre texte.' })
  await page.goto(`/admin/blog?edit=${post.id}`)
  await page.getByRole('button', { name: 'Comparer' }).click()
  await expect(page.getByTestId('revision-diff')).toBeVisible()
  await expect(page.getByTestId('markdown-preview').getByText('Autre texte.')).toBeVisible()
  await scan()
})
