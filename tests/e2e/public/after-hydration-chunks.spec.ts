// The chrome's parts that only some visitors need are chunks of their own, fetched once the
// page is hydrated and only for those visitors (ADR 105): a phone never downloads the custom
// cursor, a French-speaking browser never the English suggestion, a site without Google
// Analytics never the consent banner, and a page that does not use it never the CV's guard.
// Each still works where it is needed (chrome.spec.ts, i18n-suggestion.spec.ts, cv.spec.ts).
import type { Page } from '@playwright/test'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

/** The text of every script the page downloaded. */
function scriptTexts(page: Page): Promise<string>[] {
  const texts: Promise<string>[] = []
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) texts.push(response.text())
  })
  return texts
}

/** The script files the page asked for, by their chunk name (the part before the hash). */
function scriptNames(page: Page): Set<string> {
  const names = new Set<string>()
  page.on('request', (request) => {
    const match = /\/assets\/([\w.~-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)
    if (match) names.add(match[1]!)
  })
  return names
}

test('a phone with a French browser, on a site without analytics, fetches none of the after-hydration parts', async ({
  browser,
  server,
  db: _db,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'fr-FR',
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 800 },
  })
  const page = await context.newPage()
  const names = scriptNames(page)
  const texts = scriptTexts(page)
  await visit(page, '/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The consent manager's gate, the suggestion's and the cursor's have run (hydrated).
  await visit(page, '/projects')
  expect(names.has('shell')).toBe(true)
  for (const part of ['cursor-parts', 'consent-banner', 'suggestion-link', 'capture-guard'])
    expect([...names], part).not.toContain(part)
  // Nor their code inside another chunk (the shell carried all four before ADR 105).
  const code = (await Promise.all(texts)).join('\n')
  for (const marker of [
    'cursor-ring',
    'consent-title',
    'Dismiss the English version suggestion',
    'animate-shake',
  ])
    expect(code, marker).not.toContain(marker)
  await context.close()
})

test('a mouse fetches the cursor, a site with Google Analytics the consent banner', async ({
  page,
  db: _db,
}) => {
  await updateSettings(makeSettings({ googleAnalyticsId: 'G-TEST12345' }))
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  )
  const names = scriptNames(page)
  await visit(page, '/')
  await expect(page.getByRole('button', { name: 'Accepter' })).toBeVisible()
  await page.mouse.move(120, 240)
  await expect(page.getByTestId('cursor-ring')).toHaveAttribute('data-visible', 'true')
  expect([...names]).toContain('cursor-parts')
  expect([...names]).toContain('consent-banner')
  // Reopened from the footer once dismissed.
  await page.getByRole('button', { name: 'Refuser' }).click()
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Gestion des cookies' }).click()
  await expect(page.getByRole('button', { name: 'Accepter' })).toBeVisible()
  await updateSettings(makeSettings({ googleAnalyticsId: '' }))
})

test('an anonymous visitor never fetches the user menu, and a page only its own language', async ({
  page,
  db: _db,
}) => {
  // ADR 105's addendum: the user menu is fetched only where a signed-in visitor has one, and
  // each catalogue only by the pages of its language.
  const names = scriptNames(page)
  await visit(page, '/projects')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect([...names]).toContain('french')
  for (const part of ['user-menu', 'english']) expect([...names], part).not.toContain(part)
  names.clear()
  await visit(page, '/en/projects')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect([...names]).toContain('english')
  for (const part of ['user-menu', 'french']) expect([...names], part).not.toContain(part)
})
