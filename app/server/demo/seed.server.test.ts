import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { DEMO_CV_FILE } from '#app/server/media/demo-cv.server.ts'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { SKILL_CATEGORIES } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { listAllBlogPosts, listBlogCategories } from '#app/server/repositories/blog.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { listMedia } from '#app/server/repositories/media.server.ts'
import { countMessagesByStatus, listMessages } from '#app/server/repositories/messages.server.ts'
import { listProcessSteps } from '#app/server/repositories/process.server.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import { listFeaturedProjects, listProjects } from '#app/server/repositories/projects.server.ts'
import { getSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { listSkills } from '#app/server/repositories/skills.server.ts'
import { listTimeline } from '#app/server/repositories/timeline.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CONTENT_TABLES, isContentEmpty, seedDemoContent, seedIfEmpty } from './seed.server.ts'
import {
  makeBlogPost,
  makeCv,
  makeMediaItem,
  makeProfile,
  makeProject,
  makeSettings,
} from './factories.server.ts'

useTestDatabase()

const ROOT = path.resolve(import.meta.dirname, '../../..')
const PUBLIC = path.join(ROOT, 'public')

/** Row count of every content table plus user accounts. */
async function tableCounts(): Promise<Record<string, number>> {
  const db = getDb()
  const out: Record<string, number> = {}
  for (const table of [...CONTENT_TABLES, 'user'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

/** Everything the seed stored, read back through the repositories. */
async function readAll() {
  return {
    projects: await listProjects(),
    skills: await listSkills(),
    timeline: await listTimeline(),
    // The whole posts: the public lists leave their text out (ADR 091).
    blogPosts: await listAllBlogPosts(),
    processSteps: await listProcessSteps(),
    media: await listMedia(),
    messages: (await listMessages({ pageSize: 100 })).items,
    profile: await getProfile(),
    settings: await getSettings(),
    cv: await getCv(),
  }
}

// Fields whose value may be a link to another site (profiles, social links). Everything
// else that is a URL is an asset and must ship under public/, a project's live site too:
// the demo's preview frames show pages of public/demo/live/.
const LINK_PATHS = [/^profile\.(website|github|linkedin|twitter)$/, /^settings\.socialMedia\.\w+$/]
const ASSET_KEYS = new Set(['thumbnail', 'images', 'avatar', 'url', 'logo', 'favicon', 'metaImage'])

/** Walks a value, calling `visit` with each string and its dotted path. */
function walk(value: unknown, at: string, visit: (text: string, at: string) => void): void {
  if (typeof value === 'string') visit(value, at)
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}.${i}`, visit))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k, visit)
}

function localAssetUrls(data: unknown): string[] {
  const urls = new Set<string>()
  walk(data, '', (text, at) => {
    const parts = at.split('.')
    const key = parts.findLast((p) => !/^\d+$/.test(p)) ?? ''
    if (ASSET_KEYS.has(key) && !LINK_PATHS.some((re) => re.test(at))) urls.add(text)
  })
  return [...urls]
}

describe('seedDemoContent', () => {
  it('fills an empty database with the French demo content, without any account', async () => {
    expect(await isContentEmpty()).toBe(true)
    const result = await seedDemoContent()
    expect(result.seeded).toBe(true)
    const all = await readAll()

    // Projects: ≥ 6, some featured, tags, several images, multi-line content.
    expect(all.projects.length).toBeGreaterThanOrEqual(6)
    const featured = await listFeaturedProjects()
    expect(featured.length).toBeGreaterThanOrEqual(1)
    expect(featured.length).toBeLessThan(all.projects.length)
    for (const p of all.projects) {
      expect(p.tags.length, p.title).toBeGreaterThanOrEqual(2)
      expect(p.images.length, p.title).toBeGreaterThanOrEqual(3)
      expect(p.content.split('\n').length, p.title).toBeGreaterThanOrEqual(3)
    }

    // Skills: ≥ 10 over the four categories, levels 1–5, #RRGGBB colours.
    expect(all.skills.length).toBeGreaterThanOrEqual(10)
    expect(new Set(all.skills.map((s) => s.category))).toEqual(new Set(SKILL_CATEGORIES))
    for (const s of all.skills) {
      expect(s.level).toBeGreaterThanOrEqual(1)
      expect(s.level).toBeLessThanOrEqual(5)
      expect(s.color).toMatch(/^#[0-9a-f]{6}$/i)
    }

    // Timeline: ≥ 6, both types, one entry still running.
    expect(all.timeline.length).toBeGreaterThanOrEqual(6)
    expect(new Set(all.timeline.map((t) => t.type))).toEqual(new Set(['professional', 'personal']))
    expect(all.timeline.some((t) => t.endDate === 'present')).toBe(true)

    // Blog: ≥ 5 posts over several categories and tags, backdated, with an author avatar.
    expect(all.blogPosts.length).toBeGreaterThanOrEqual(5)
    expect((await listBlogCategories()).length).toBeGreaterThanOrEqual(2)
    expect(new Set(all.blogPosts.flatMap((b) => b.tags)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(all.blogPosts.map((b) => b.slug)).size).toBe(all.blogPosts.length)
    expect(new Set(all.blogPosts.map((b) => b.createdAt)).size).toBe(all.blogPosts.length)
    for (const b of all.blogPosts) {
      expect(b.author).toEqual({ name: 'Camille Laurent', avatar: '/images/avatar-camille.webp' })
      expect(b.content.split('\n').length).toBeGreaterThanOrEqual(3)
      expect(Date.parse(b.createdAt)).toBeLessThan(Date.now())
    }

    // Creative process: the four steps in order.
    expect(all.processSteps.map((s) => [s.order, s.title])).toEqual([
      [1, 'Empathie'],
      [2, 'Définition'],
      [3, 'Idéation'],
      [4, 'Prototypage et test'],
    ])

    // Media: ≥ 8 items, at least one video, some featured, tagged.
    expect(all.media.length).toBeGreaterThanOrEqual(8)
    const videos = await listMedia({ category: 'video' })
    expect(videos.length).toBeGreaterThanOrEqual(1)
    expect(videos[0]!.url).toMatch(/\.webm$/)
    expect(all.media.some((m) => m.featured)).toBe(true)
    expect(all.media.every((m) => m.tags.length > 0)).toBe(true)

    // Messages: 6–10 in every status, the replied one with its reply.
    const counts = await countMessagesByStatus()
    expect(counts.all).toBeGreaterThanOrEqual(6)
    expect(counts.all).toBeLessThanOrEqual(10)
    for (const status of ['new', 'read', 'replied', 'archived'] as const)
      expect(counts[status], status).toBeGreaterThanOrEqual(1)
    const replied = all.messages.find((m) => m.status === 'replied')
    expect(replied?.reply?.content).toMatch(/\S/)
    expect(Date.parse(replied!.reply!.sentAt)).toBeGreaterThan(Date.parse(replied!.createdAt))

    // Single documents.
    expect(all.profile).toMatchObject({ name: 'Camille Laurent', location: 'Lyon, France' })
    expect(all.settings).toMatchObject({
      siteName: 'Camille Laurent',
      maintenanceMode: false,
      contact: { email: 'bonjour@camille-laurent.fr', address: 'Lyon, France' },
    })
    expect(all.settings?.contact.phone).toMatch(/^0\d( \d{2}){4}$/)
    expect(all.settings?.keywords.length).toBeGreaterThan(0)
    expect(Object.keys(all.settings?.socialMedia ?? {}).sort()).toEqual([
      'github',
      'linkedin',
      'twitter',
    ])
    // The CV names its guarded route; the file is imported into private storage (ADR 018).
    expect(all.cv).toMatchObject({
      url: CV_FILE_PATH,
      settings: { requireAuth: true, addWatermark: false, trackDownloads: true },
    })

    // No account: the first admin is created by its own secure flow.
    expect((await tableCounts()).user).toBe(0)
  })

  it('adds nothing on a second run', async () => {
    await seedDemoContent()
    const before = await tableCounts()
    const again = await seedDemoContent()
    expect(again.seeded).toBe(false)
    expect(await tableCounts()).toEqual(before)
  })

  it('leaves a database that already has content alone', async () => {
    await updateSettings(makeSettings())
    expect(await isContentEmpty()).toBe(false)
    const result = await seedDemoContent()
    expect(result.seeded).toBe(false)
    const counts = await tableCounts()
    expect(counts.projects).toBe(0)
    expect(counts.blog_posts).toBe(0)
    expect(counts.settings).toBe(1)
  })

  it('the start-up hook does nothing when DEMO_CONTENT is false, and seeds otherwise', async () => {
    await seedIfEmpty({ DEMO_CONTENT: false })
    expect(await isContentEmpty()).toBe(true)
    await seedIfEmpty({ DEMO_CONTENT: true })
    expect((await tableCounts()).projects).toBeGreaterThanOrEqual(6)
  })
  it('the start-up hook logs a failure instead of stopping the site from starting', async () => {
    await getDb().schema.dropTable('projects').execute()
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    await expect(seedIfEmpty({ DEMO_CONTENT: true })).resolves.toBeUndefined()
    const logged = stderr.mock.calls.map((call) => String(call[0])).join('')
    stderr.mockRestore()
    expect(logged).toContain('Le chargement du contenu de démonstration a échoué')
  })
})

describe('demo assets', () => {
  it('every asset the seeded content and the factories name ships under public/, none hot-linked', async () => {
    await seedDemoContent()
    const all = await readAll()
    const factoryData = {
      projects: [makeProject()],
      blogPosts: [makeBlogPost()],
      media: [makeMediaItem()],
      profile: makeProfile(),
      settings: makeSettings(),
      cv: makeCv(),
    }
    const urls = [...localAssetUrls(all), ...localAssetUrls(factoryData)]
    // Spot-check the walker found every kind of asset.
    for (const expected of [
      '/videos/gallery-demo.webm',
      '/images/avatar-camille.webp',
      '/images/logo.webp',
      '/images/og-image.webp',
      all.projects[0]!.images[2]!,
      all.blogPosts[0]!.thumbnail,
    ])
      expect(urls).toContain(expected)
    for (const url of urls.filter((u) => u !== CV_FILE_PATH)) {
      expect(url, url).toMatch(/^\/[^/]/)
      expect(existsSync(path.join(PUBLIC, url)), `public${url}`).toBe(true)
    }

    // Projects with a live site point at a shipped demo page.
    const live = all.projects.flatMap((p) => (p.url ? [p.url] : []))
    expect(live.length).toBeGreaterThanOrEqual(1)
    for (const url of live) expect(url).toMatch(/^\/demo\/live\/[a-z0-9-]+\.html$/)

    // Absolute URLs appear only in link fields (profiles, social links).
    walk(all, '', (text, at) => {
      if (/(https?:)?\/\//.test(text))
        expect(
          LINK_PATHS.some((re) => re.test(at)),
          `${at} = ${text}`,
        ).toBe(true)
    })
  })

  it('the shipped media are small, web-optimised and of the expected sizes', async () => {
    const files: string[] = []
    const collect = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) collect(full)
        else files.push(full)
      }
    }
    collect(PUBLIC)
    const total = files.reduce((sum, f) => sum + statSync(f).size, 0)
    expect(total).toBeLessThan(3 * 1024 * 1024)

    const images = files.filter((f) => f.endsWith('.webp'))
    expect(images.length).toBeGreaterThanOrEqual(30)
    for (const file of images) {
      const rel = path.relative(PUBLIC, file)
      expect(statSync(file).size, rel).toBeLessThanOrEqual(60 * 1024)
      expect((await sharp(file).metadata()).format, rel).toBe('webp')
    }
    const size = async (rel: string) => {
      const meta = await sharp(path.join(PUBLIC, rel)).metadata()
      return [meta.width, meta.height]
    }
    expect(await size('images/default-avatar.webp')).toEqual([256, 256])
    expect(await size('images/og-image.webp')).toEqual([1200, 630])
    // The demo CV ships outside public/: only the guarded routes serve it (ADR 018).
    expect(existsSync(path.join(PUBLIC, 'demo', 'cv'))).toBe(false)
    const cv = await sharp(DEMO_CV_FILE).metadata()
    expect([cv.width, cv.height, cv.format]).toEqual([1240, 1754, 'webp'])
    expect(statSync(DEMO_CV_FILE).size).toBeLessThanOrEqual(250 * 1024)
    expect(await size('demo/projects/atelier-sante-cover.webp')).toEqual([1200, 800])

    // Looping videos: WebM (EBML header), small. Login and register backgrounds included.
    for (const name of ['gallery-demo', 'login-bg', 'register-bg']) {
      const file = path.join(PUBLIC, 'videos', `${name}.webm`)
      const bytes = readFileSync(file)
      expect(bytes.subarray(0, 4).toString('hex'), name).toBe('1a45dfa3')
      expect(bytes.length, name).toBeLessThanOrEqual(400 * 1024)
    }
  })

  it('the live demo pages are small, French and self-contained (no other host, no file)', () => {
    const dir = path.join(PUBLIC, 'demo', 'live')
    const pages = readdirSync(dir).filter((f) => f.endsWith('.html'))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const name of pages) {
      const html = readFileSync(path.join(dir, name), 'utf8')
      expect(Buffer.byteLength(html), name).toBeLessThanOrEqual(8 * 1024)
      expect(html, name).toMatch(/<html lang="fr">/)
      expect(html, name).toMatch(/<title>[^<]+<\/title>/)
      // Everything inline: no address of another host, no linked file (the preview frame is
      // sandboxed without same-origin, so it could not load them anyway).
      expect(html, name).not.toMatch(/(https?:)?\/\/[\w.-]+\.[a-z]{2,}/i)
      expect(html, name).not.toMatch(/\b(src|href)\s*=|url\(|@import/i)
    }
  })

  it('fonts.css declares the headings font, self-hosted, with its metric-matched local fallback; the text needs no font file', () => {
    const css = readFileSync(path.join(ROOT, 'app/styles/fonts.css'), 'utf8')
    const faces = css.match(/@font-face\s*{[^}]*}/g) ?? []
    const family = (face: string) => /font-family:\s*'([^']+)'/.exec(face)?.[1]
    const web = faces.filter((face) => face.includes('url('))
    expect(web.map(family)).toEqual(['Space Grotesk Variable'])
    for (const face of web) {
      // It swaps in over its fallback (ADR 032, 120).
      expect(face).toMatch(/font-display:\s*swap;/)
      const urls = [...face.matchAll(/url\('([^']+)'\)/g)].map((m) => m[1]!)
      expect(urls.length).toBeGreaterThan(0)
      for (const url of urls) {
        // Beside the CSS, so the build gives them hashed, immutable /assets/ names (ADR 032).
        expect(url).toMatch(/^\.\/fonts\/[\w-]+\.woff2$/)
        expect(existsSync(path.join(ROOT, 'app/styles', url)), url).toBe(true)
      }
    }
    // The web font has a local fallback face scaled to its metrics, named in its font stack.
    const fallbacks = faces.filter((face) => !face.includes('url('))
    expect(fallbacks.map(family)).toEqual(['Space Grotesk Fallback'])
    for (const face of fallbacks) {
      expect(face).toMatch(/src:\s*local\('Arial'\)/)
      expect(face).toMatch(/size-adjust:\s*\d+(\.\d+)?%/)
      expect(face).toMatch(/ascent-override:\s*\d+(\.\d+)?%/)
    }
    const app = readFileSync(path.join(ROOT, 'app/app.css'), 'utf8')
    expect(app).toMatch(/'Space Grotesk Variable', 'Space Grotesk Fallback'/)
    // The text is set in the device's own sans-serif: its stack names no web font (ADR 123).
    const sans = /--font-sans:([^;]+);/.exec(app)?.[1] ?? ''
    expect(sans).toMatch(/^\s*ui-sans-serif, system-ui,/)
    expect(sans).not.toMatch(/Variable|Fallback/)
  })
})
