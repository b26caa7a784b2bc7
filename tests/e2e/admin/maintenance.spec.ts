// Maintenance mode (settings.maintenanceMode / maintenanceMessage): visitors
// get a French page with the message and HTTP 503 + Retry-After; /login, /register, /admin
// and signed-in active admins keep working.
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { signIn } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

// Saved settings would leak into the next tests of this worker (logo, custom code…).
test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

const MESSAGE = 'Nous changeons les ampoules : retour prévu à 18 h.'

async function setMaintenance(on: boolean) {
  await updateSettings({
    siteName: 'Vitrine en test',
    siteDescription: 'Description',
    'contact.email': 'contact@exemple.fr',
    maintenanceMode: on,
    maintenanceMessage: MESSAGE,
  })
}

test('maintenance: visitors get 503 with the message; sign-in, admin and admins pass; switched off from the settings tab', async ({
  page,
  browser,
  playwright,
  server,
  db: _db,
}) => {
  await setMaintenance(true)
  try {
    // A visitor (no cookies): 503, Retry-After, French page with the message, for any page.
    const visitor = await playwright.request.newContext({ baseURL: server.url })
    for (const path of ['/', '/projects', '/contact']) {
      const res = await visitor.get(path)
      expect(res.status(), path).toBe(503)
      expect(Number(res.headers()['retry-after']), path).toBeGreaterThan(0)
      const html = await res.text()
      expect(html).toContain(MESSAGE)
      expect(html).toContain('lang="fr"')
      // The tab says it too (one title, in the head).
      expect(html.match(/<title>[^<]+<\/title>/g)).toHaveLength(1)
    }
    // Nothing of the site leaks into the 503 (no loader ran), not even in the hydration data.
    const project = await createProject(
      makeProject({ title: 'Projet secret en maintenance', featured: true }),
    )
    const post = await createBlogPost(
      makeBlogPost({ title: 'Article caché', content: 'Contenu confidentiel du billet' }),
    )
    for (const path of ['/', `/projects/${project.id}`, `/blog/${post.slug}`, '/projects.data']) {
      const res = await visitor.get(path)
      expect(res.status(), path).toBe(503)
      const body = await res.text()
      expect(body, path).not.toContain('Projet secret en maintenance')
      expect(body, path).not.toContain('Contenu confidentiel du billet')
    }
    // Resource routes are closed too, and a form post writes nothing.
    for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt', '/cv/telecharger']) {
      const res = await visitor.get(path, { maxRedirects: 0 })
      expect(res.status(), path).toBe(503)
      expect(res.headers()['retry-after'], path).toBeDefined()
    }
    const before = await getDb().selectFrom('messages').select('id').execute()
    const posted = await visitor.post('/contact', {
      form: { name: 'Pendant', email: 'pendant@exemple.fr', message: 'En maintenance' },
      headers: { origin: server.url },
    })
    expect(posted.status()).toBe(503)
    expect(await getDb().selectFrom('messages').select('id').execute()).toHaveLength(before.length)

    // Sign-in and sign-up stay open; /admin sends a visitor to the sign-in page, not a 503.
    expect((await visitor.get('/login')).status()).toBe(200)
    expect((await visitor.get('/register')).status()).toBe(200)
    const admin = await visitor.get('/admin/settings', { maxRedirects: 0 })
    expect(admin.status()).toBe(302)
    expect(admin.headers()['location']).toMatch(/\/login\?retour=%2Fadmin%2Fsettings$/)
    await visitor.dispose()

    // In a browser the visitor sees the message.
    const context = await browser.newContext()
    const visitorPage = await context.newPage()
    const response = await visitorPage.goto('/gallery')
    expect(response?.status()).toBe(503)
    await expect(visitorPage.getByText(MESSAGE)).toBeVisible()
    // A signed-in viewer is a visitor too.
    await signIn(visitorPage, { role: 'viewer' })
    expect((await visitorPage.goto('/'))?.status()).toBe(503)
    await context.close()

    // A signed-in active admin browses the public site and the hub normally.
    await signInAdmin(page)
    expect((await page.goto('/'))?.status()).toBe(200)
    await expect(page.getByText(MESSAGE)).toHaveCount(0)
    await openAdminTab(page, 'Paramètres')
    await expect(page.getByLabel('Activer le mode maintenance')).toBeChecked()
    await expect(page.getByLabel('Message de maintenance')).toHaveValue(MESSAGE)
    await page.getByLabel('Activer le mode maintenance').uncheck()
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Paramètres mis à jour avec succès' }),
    ).toBeVisible()
    await expect(page.getByLabel('Activer le mode maintenance')).not.toBeChecked()

    const after = await playwright.request.newContext({ baseURL: server.url })
    expect((await after.get('/')).status()).toBe(200)
    await after.dispose()
  } finally {
    await setMaintenance(false)
  }
})
