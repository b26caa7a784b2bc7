// The language of a page is decided on the path as the router matches it: any other spelling
// of the English prefix (`/%65n/…`, `/%45N/…`, `/EN/…`) is sent to `/en/…` with a 301, never
// answered as English content in French chrome under an address of its own; a path the router
// reads as English whose first segment is no spelling of "en" is a 404.
import { test, expect } from '../../fixtures/test.ts'

test('other spellings of the English prefix go to the one English address', async ({ request }) => {
  for (const [path, location] of [
    ['/%65n/timeline', '/en/timeline'],
    ['/%45N/timeline', '/en/timeline'],
    ['/%65%6E/timeline?x=1', '/en/timeline?x=1'],
    ['/EN/timeline', '/en/timeline'],
    ['/En', '/en'],
    ['/%65n', '/en'],
    ['/%65n.data?_routes=x', '/en.data?_routes=x'],
  ] as const) {
    // Twice: a page-cache entry never answers it either.
    for (let i = 0; i < 2; i++) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(301)
      expect(response.headers().location, path).toBe(location)
    }
  }
  // The English page itself: English chrome with its English content.
  const page = await request.get('/en/timeline')
  expect(page.status()).toBe(200)
  expect(await page.text()).toContain('<html lang="en"')
  // The router reads it as English, its first segment is not "en": no such page.
  const dotted = await request.get('/x/..%2F%65n/timeline', { maxRedirects: 0 })
  expect(dotted.status()).toBe(404)
})
