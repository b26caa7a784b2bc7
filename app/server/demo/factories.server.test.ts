import { describe, expect, it } from 'vitest'
import { createBlogPost, getBlogPostBySlug } from '#app/server/repositories/blog.server.ts'
import { getCv, updateCvSettings, updateCvUrl } from '#app/server/repositories/cv.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import { createProcessStep } from '#app/server/repositories/process.server.ts'
import { getProfile, saveProfile } from '#app/server/repositories/profile.server.ts'
import { createProject, listProjects } from '#app/server/repositories/projects.server.ts'
import { getSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { createSkill } from '#app/server/repositories/skills.server.ts'
import { createTimelineItem } from '#app/server/repositories/timeline.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  makeBlogPost,
  makeCv,
  makeMediaItem,
  makeMessage,
  makeProcessStep,
  makeProfile,
  makeProject,
  makeSettings,
  makeSkill,
  makeTimelineItem,
} from './factories.server.ts'

useTestDatabase()

describe('factories', () => {
  it('build inputs every create function accepts, stored as given', async () => {
    const projectInput = makeProject({ featured: true, tags: ['Accessibilité'] })
    expect(await createProject(projectInput)).toMatchObject(projectInput)

    const skillInput = makeSkill({ category: 'soft', level: 5 })
    expect(await createSkill(skillInput)).toMatchObject(skillInput)

    const timelineInput = makeTimelineItem({ type: 'personal' })
    expect(await createTimelineItem(timelineInput)).toMatchObject(timelineInput)

    const postInput = makeBlogPost({ category: 'Design' })
    expect(await createBlogPost(postInput)).toMatchObject(postInput)

    const stepInput = makeProcessStep({ order: 2 })
    expect(await createProcessStep(stepInput)).toMatchObject(stepInput)

    const mediaInput = makeMediaItem({ category: 'video', url: '/videos/gallery-demo.webm' })
    expect(await createMediaItem(mediaInput)).toMatchObject(mediaInput)

    const messageInput = makeMessage()
    expect(await createMessage(messageInput)).toMatchObject({ ...messageInput, status: 'new' })

    const profileInput = makeProfile({ location: 'Villeurbanne, France' })
    await saveProfile(profileInput)
    expect(await getProfile()).toEqual(profileInput)

    const settingsInput = makeSettings({ siteName: 'Atelier Camille' })
    await updateSettings(settingsInput)
    expect(await getSettings()).toMatchObject(settingsInput)

    const cvInput = makeCv({
      settings: { requireAuth: false, addWatermark: true, trackDownloads: true },
    })
    await updateCvUrl(cvInput.url)
    await updateCvSettings(cvInput.settings)
    expect(await getCv()).toMatchObject(cvInput)
  })

  it('give unique titles and slugs on every call, so repeated calls never collide', async () => {
    const projects = [makeProject(), makeProject(), makeProject()]
    expect(new Set(projects.map((p) => p.title)).size).toBe(3)
    for (const p of projects) await createProject(p)
    expect(await listProjects()).toHaveLength(3)

    const posts = [makeBlogPost(), makeBlogPost()]
    expect(posts[0]!.slug).not.toBe(posts[1]!.slug)
    expect(posts[0]!.title).not.toBe(posts[1]!.title)
    for (const p of posts) await createBlogPost(p)
    expect(await getBlogPostBySlug(posts[1]!.slug)).toBeDefined()

    for (const make of [makeSkill, makeTimelineItem, makeProcessStep, makeMediaItem]) {
      const a = make() as { title?: string; name?: string }
      const b = make() as { title?: string; name?: string }
      expect(a.title ?? a.name).not.toBe(b.title ?? b.name)
    }
    expect(makeMessage().email).not.toBe(makeMessage().email)
  })

  it('apply overrides over the defaults', () => {
    expect(makeProject({ title: 'Mon projet', order: 9 })).toMatchObject({
      title: 'Mon projet',
      order: 9,
    })
    expect(makeBlogPost({ slug: 'mon-article' }).slug).toBe('mon-article')
    expect(makeSettings({ maintenanceMode: true }).maintenanceMode).toBe(true)
  })

  it('build fresh nested values on every call, so a test changing one leaves the next intact', () => {
    const settings = makeSettings()
    settings.keywords.push('modifié')
    settings.socialMedia.github = 'https://exemple.fr'
    expect(makeSettings().keywords).toEqual(['portfolio', 'produit'])
    expect(makeSettings().socialMedia).toEqual({ github: 'https://github.com/camille-laurent' })
    const project = makeProject()
    project.tags.push('modifié')
    expect(makeProject().tags).toEqual(['React', 'Produit'])
  })
})
