// Zod never probes `new Function('')` in the browser: under the site's
// Content-Security-Policy (no 'unsafe-eval') that probe raised a CSP violation report on
// every page that loads a form schema, drowning the reports that matter.
import { signInAdmin } from '../../fixtures/admin.ts'
import { expect, test, waitForHydration } from '../../fixtures/test.ts'

async function watchViolations(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}

test('pages with forms validated by Zod raise no eval CSP violation', async ({ page, db }) => {
  void db
  await watchViolations(page)
  for (const path of ['/contact', '/login', '/register']) {
    await page.goto(path)
    // Hydrated: the route's modules, and their schemas, have run.
    await waitForHydration(page)
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )
    expect(violations, path).toEqual([])
  }
  await signInAdmin(page)
  for (const path of ['/admin/projects', '/admin/settings']) {
    await page.goto(path)
    // Hydrated: the route's modules, and their schemas, have run.
    await waitForHydration(page)
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )
    expect(violations, path).toEqual([])
  }
})
