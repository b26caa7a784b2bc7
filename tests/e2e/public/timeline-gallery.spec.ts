import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createTimelineItem } from '#app/server/repositories/timeline.server.ts'
import { makeMediaItem, makeTimelineItem } from '#app/server/demo/factories.server.ts'
import { test, expect, waitForHydration } from '../../fixtures/test.ts'
import { computed, visit } from './helpers.ts'

test('timeline: professional by default, personal toggle in the URL, Présent, alternating sides', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  await createTimelineItem(
    makeTimelineItem({
      title: `Poste actuel ${id}`,
      startDate: '2031-02',
      endDate: 'present',
      type: 'professional',
    }),
  )
  await createTimelineItem(
    makeTimelineItem({
      title: `Poste ancien ${id}`,
      startDate: '2030-01',
      endDate: '2030-12',
      type: 'professional',
    }),
  )
  await createTimelineItem(makeTimelineItem({ title: `Projet perso ${id}`, type: 'personal' }))

  await visit(page, '/timeline')
  const toggle = page.getByRole('navigation', { name: 'Type de parcours' })
  await expect(toggle.getByRole('link', { name: 'Professionnel' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  const current = page.getByTestId('timeline-entry').filter({ hasText: `Poste actuel ${id}` })
  await expect(current).toContainText('février 2031 — Présent')
  await expect(page.getByText(`Projet perso ${id}`)).toHaveCount(0)
  const sides = await page
    .getByTestId('timeline-entry')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-side')))
  expect(sides.slice(0, 2)).toEqual(['left', 'right'])

  await toggle.getByRole('link', { name: 'Personnel' }).click()
  await expect(page).toHaveURL(/\?type=personal$/)
  await expect(page.getByText(`Projet perso ${id}`)).toBeVisible()
  await expect(page.getByText(`Poste actuel ${id}`)).toHaveCount(0)
})

test('gallery: sorted by order, images and videos, featured badge, hover overlay, viewer', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  await createMediaItem(
    makeMediaItem({ title: `Second ${id}`, order: 5001, description: `Desc second ${id}` }),
  )
  await createMediaItem(
    makeMediaItem({ title: `Premier ${id}`, order: 5000, featured: true, tags: [`tag-${id}`] }),
  )
  await createMediaItem(
    makeMediaItem({
      title: `Vidéo ${id}`,
      order: 5002,
      category: 'video',
      url: '/videos/gallery-demo.webm',
    }),
  )

  await visit(page, '/gallery')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Galerie Dimensionnelle' }),
  ).toBeVisible()
  const items = page.getByTestId('media-item')
  // The first image is the phone's largest paint: fetched at once, with priority; the next
  // ones wait until they come near the screen (ADR 086).
  const pictures = items.locator('img')
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high')
  await expect(pictures.first()).toHaveAttribute('loading', 'eager')
  await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy')
  const titles = await items.allInnerTexts()
  const first = titles.findIndex((t) => t.includes(`Premier ${id}`))
  expect(titles.findIndex((t) => t.includes(`Second ${id}`))).toBe(first + 1)

  const featured = items.filter({ hasText: `Premier ${id}` })
  await expect(featured.getByText('En vedette')).toBeVisible()
  // The overlay is transparent until hovered (toBeVisible() would pass at opacity 0).
  const overlay = featured.getByTestId('media-overlay')
  await page.mouse.move(0, 0)
  await expect.poll(() => computed(overlay, 'opacity')).toBe('0')
  await featured.hover()
  await expect.poll(() => computed(overlay, 'opacity')).toBe('1')
  await expect(overlay).toContainText(`Premier ${id}`)
  await expect(overlay.getByText(`tag-${id}`)).toBeVisible()
  await expect(items.filter({ hasText: `Second ${id}` }).getByText('En vedette')).toHaveCount(0)

  const video = items.filter({ hasText: `Vidéo ${id}` }).locator('video')
  await expect(video).toHaveAttribute('controls', '')
  await expect(video).toContainText('Votre navigateur ne supporte pas la lecture de vidéos.')
  // The server's page asks for none of the video's bytes (they would compete with the first
  // screen's); the hydrated page asks for its metadata, and so shows its first frame (ADR 123).
  const served = await (await page.request.get('/gallery')).text()
  expect(served).toMatch(/<video[^>]*preload="none"/)
  expect(served).not.toMatch(/<video[^>]*preload="metadata"/)
  await waitForHydration(page)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.preload)).toBe('metadata')
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1)

  const opener = featured.getByRole('button', { name: `Agrandir Premier ${id}` })
  await opener.click()
  const viewer = page.getByRole('dialog', { name: "Visionneuse d'images" })
  await expect(viewer.getByRole('img', { name: `Premier ${id}` })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(viewer.getByRole('img', { name: `Second ${id}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()
})
