import { describe, expect, it } from 'vitest'
import {
  DEMO_BLOG_POSTS,
  DEMO_MEDIA,
  DEMO_PROCESS_STEPS,
  DEMO_PROJECTS,
  DEMO_SKILLS,
  DEMO_TIMELINE,
} from './content.server.ts'
import {
  DEMO_MEDIA_EN,
  DEMO_POSTS_EN,
  DEMO_PROCESS_EN,
  DEMO_PROJECTS_EN,
  DEMO_SKILLS_EN,
  DEMO_TIMELINE_EN,
} from './content-en.server.ts'
import { isTranslated } from '#app/domain/translation.ts'

describe('the demo content in English', () => {
  it('translates every item, but one post left in French only', () => {
    for (const p of DEMO_PROJECTS)
      expect(isTranslated('project', DEMO_PROJECTS_EN[p.title]), p.title).toBe(true)
    for (const s of DEMO_SKILLS)
      expect(isTranslated('skill', DEMO_SKILLS_EN[s.name]), s.name).toBe(true)
    for (const t of DEMO_TIMELINE)
      expect(isTranslated('timeline', DEMO_TIMELINE_EN[t.title]), t.title).toBe(true)
    for (const s of DEMO_PROCESS_STEPS)
      expect(isTranslated('process', DEMO_PROCESS_EN[s.title]), s.title).toBe(true)
    for (const m of DEMO_MEDIA)
      expect(isTranslated('media', DEMO_MEDIA_EN[m.title]), m.title).toBe(true)
    const frenchOnly = DEMO_BLOG_POSTS.filter(
      (p) => !isTranslated('post', DEMO_POSTS_EN[p.slug ?? '']),
    )
    expect(frenchOnly.map((p) => p.slug)).toEqual(['mesurer-impact-fonctionnalite'])
  })
})
