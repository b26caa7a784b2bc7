// Loads the French demo content into an empty database, through the repositories (so it is
// validated exactly like the admin's input). Turned off with DEMO_CONTENT=false. No user
// account is created: the first admin comes from ADMIN_EMAIL or `npm run admin:create`.
import type { z } from 'zod'
import { BlogPostSchema } from '#app/domain/blog.ts'
import { ContactSchema } from '#app/domain/contact.ts'
import { CvUrlSchema } from '#app/domain/cv.ts'
import { MediaSchema } from '#app/domain/media.ts'
import { ProcessStepSchema } from '#app/domain/process.ts'
import { ProfileSchema } from '#app/domain/profile.ts'
import { ProjectSchema } from '#app/domain/project.ts'
import { SettingsSchema } from '#app/domain/settings.ts'
import { SkillSchema } from '#app/domain/skill.ts'
import { TimelineSchema } from '#app/domain/timeline.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { ContentTables } from '#app/server/db/schema.server.ts'
import { toJson } from '#app/server/db/util.server.ts'
import type { Env } from '#app/server/core/env.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import { log } from '#app/server/core/log.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveEnglishNames, saveTranslation } from '#app/server/repositories/translations.server.ts'
import type { TranslatedEntity, TranslationData } from '#app/domain/translation.ts'
import {
  DEMO_MEDIA_EN,
  DEMO_POSTS_EN,
  DEMO_TAGS_EN,
  DEMO_CATEGORIES_EN,
  DEMO_PROCESS_EN,
  DEMO_PROFILE_EN,
  DEMO_PROJECTS_EN,
  DEMO_SETTINGS_EN,
  DEMO_SKILLS_EN,
  DEMO_TIMELINE_EN,
} from './content-en.server.ts'
import { updateCvSettings, updateCvUrl } from '#app/server/repositories/cv.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import {
  archiveMessage,
  createMessage,
  markMessageRead,
  replyToMessage,
} from '#app/server/repositories/messages.server.ts'
import { createProcessStep } from '#app/server/repositories/process.server.ts'
import { saveProfile } from '#app/server/repositories/profile.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { createSkill } from '#app/server/repositories/skills.server.ts'
import { createTimelineItem } from '#app/server/repositories/timeline.server.ts'
import {
  DEMO_BLOG_POSTS,
  DEMO_CV,
  DEMO_MEDIA,
  DEMO_MESSAGES,
  DEMO_PROCESS_STEPS,
  DEMO_PROFILE,
  DEMO_PROJECTS,
  DEMO_SETTINGS,
  DEMO_SKILLS,
  DEMO_TIMELINE,
} from './content.server.ts'

/** The tables whose rows are "content": any row in one of them means the site is in use. */
export const CONTENT_TABLES = [
  'projects',
  'skills',
  'timeline',
  'blog_posts',
  'creative_process',
  'media',
  'messages',
  'profile',
  'settings',
  'cv',
] as const satisfies ReadonlyArray<keyof ContentTables>

export interface SeedCounts {
  projects: number
  skills: number
  timeline: number
  blogPosts: number
  processSteps: number
  media: number
  messages: number
  profile: number
  settings: number
  cv: number
}

export type SeedResult = { seeded: true; counts: SeedCounts } | { seeded: false; reason: string }

/** True when no content table holds a row (user accounts and the activity log don't count). */
export async function isContentEmpty(): Promise<boolean> {
  const db = getDb()
  for (const table of CONTENT_TABLES) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst()
    if (row) return false
  }
  return true
}

/**
 * Every demo input parsed with its form schema before anything is written, so a broken
 * dataset fails whole instead of leaving half a seed behind (the repositories open their own
 * transactions, so the seed cannot be one).
 */
export function validateDemoContent(): void {
  const check = <S extends z.ZodType>(schema: S, inputs: readonly unknown[]) => {
    for (const input of inputs) parseOrThrow(schema, input)
  }
  check(ProjectSchema, DEMO_PROJECTS)
  check(SkillSchema, DEMO_SKILLS)
  check(TimelineSchema, DEMO_TIMELINE)
  check(
    BlogPostSchema,
    DEMO_BLOG_POSTS.map(({ publishedAt: _, ...post }) => post),
  )
  check(ProcessStepSchema, DEMO_PROCESS_STEPS)
  check(MediaSchema, DEMO_MEDIA)
  check(
    ContactSchema,
    DEMO_MESSAGES.map((m) => m.input),
  )
  check(ProfileSchema, [DEMO_PROFILE])
  check(SettingsSchema, [DEMO_SETTINGS])
  check(CvUrlSchema, [{ url: DEMO_CV.url }])
}

/** Fills an empty database with the demo content; does nothing when any content exists. */
export async function seedDemoContent(): Promise<SeedResult> {
  if (!(await isContentEmpty()))
    return { seeded: false, reason: 'la base de données contient déjà du contenu.' }
  validateDemoContent()
  const db = getDb()

  await updateSettings(DEMO_SETTINGS)
  await saveProfile(DEMO_PROFILE)
  // The English versions (ADR 075): every item but one post, which stays French only.
  // Each with the French text it translates, so a later French change flags it (ADR 094).
  const english = (
    entity: TranslatedEntity,
    id: string,
    data: TranslationData | undefined,
    french: object,
  ) => (data ? saveTranslation(entity, id, 'en', data, undefined, french) : undefined)
  /** Creates each demo item, then saves the English version its French name points to. */
  const createWithEnglish = async <T>(
    entity: TranslatedEntity,
    items: readonly T[],
    create: (item: T) => Promise<{ id: string }>,
    englishOf: (item: T) => TranslationData | undefined,
  ) => {
    for (const item of items) {
      const created = await create(item)
      await english(entity, created.id, englishOf(item), created)
    }
  }
  await saveEnglishNames('tag', DEMO_TAGS_EN)
  await saveEnglishNames('category', DEMO_CATEGORIES_EN)
  await english('settings', 'settings', DEMO_SETTINGS_EN, DEMO_SETTINGS)
  await english('profile', 'profile', DEMO_PROFILE_EN, DEMO_PROFILE)
  await updateCvUrl(DEMO_CV.url)
  await updateCvSettings(DEMO_CV.settings)

  await createWithEnglish('project', DEMO_PROJECTS, createProject, (i) => DEMO_PROJECTS_EN[i.title])
  await createWithEnglish('skill', DEMO_SKILLS, createSkill, (i) => DEMO_SKILLS_EN[i.name])
  await createWithEnglish(
    'timeline',
    DEMO_TIMELINE,
    createTimelineItem,
    (i) => DEMO_TIMELINE_EN[i.title],
  )
  for (const { publishedAt, ...input } of DEMO_BLOG_POSTS) {
    const post = await createBlogPost({ ...input, publishedAt })
    await english('post', post.id, DEMO_POSTS_EN[input.slug ?? ''], post)
    // Backdated so the blog reads as written over the past months (createdAt desc).
    await db
      .updateTable('blog_posts')
      .set({ createdAt: publishedAt })
      .where('id', '=', post.id)
      .execute()
  }
  await createWithEnglish(
    'process',
    DEMO_PROCESS_STEPS,
    createProcessStep,
    (i) => DEMO_PROCESS_EN[i.title],
  )
  await createWithEnglish('media', DEMO_MEDIA, createMediaItem, (i) => DEMO_MEDIA_EN[i.title])

  for (const demo of DEMO_MESSAGES) {
    const message = await createMessage(demo.input)
    await db
      .updateTable('messages')
      .set({ createdAt: demo.receivedAt })
      .where('id', '=', message.id)
      .execute()
    if (demo.status === 'read') await markMessageRead(message.id)
    else if (demo.status === 'archived') await archiveMessage(message.id)
    else if (demo.status === 'replied') {
      const content = demo.reply ?? 'Merci pour votre message !'
      await replyToMessage(message.id, content)
      // Answered a few hours after it arrived, not at seed time.
      const sentAt = new Date(Date.parse(demo.receivedAt) + 3 * 60 * 60 * 1000).toISOString()
      await db
        .updateTable('messages')
        .set({ reply: toJson({ content, sentAt }) })
        .where('id', '=', message.id)
        .execute()
    }
  }

  return {
    seeded: true,
    counts: {
      projects: DEMO_PROJECTS.length,
      skills: DEMO_SKILLS.length,
      timeline: DEMO_TIMELINE.length,
      blogPosts: DEMO_BLOG_POSTS.length,
      processSteps: DEMO_PROCESS_STEPS.length,
      media: DEMO_MEDIA.length,
      messages: DEMO_MESSAGES.length,
      profile: 1,
      settings: 1,
      cv: 1,
    },
  }
}

/** French one-line summary of what a seed did. */
export function describeSeed(result: SeedResult): string {
  if (!result.seeded) return `Contenu de démonstration non chargé : ${result.reason}`
  const c = result.counts
  return (
    `Contenu de démonstration chargé : ${c.projects} projets, ${c.skills} compétences, ` +
    `${c.timeline} étapes de parcours, ${c.blogPosts} articles, ${c.processSteps} étapes du ` +
    `processus créatif, ${c.media} médias, ${c.messages} messages, le profil, les paramètres ` +
    `du site et le CV.`
  )
}

/** Seeds an empty database unless DEMO_CONTENT is false; says what it did. */
export async function runDemoSeed(env: Pick<Env, 'DEMO_CONTENT'>): Promise<SeedResult> {
  if (!env.DEMO_CONTENT) return { seeded: false, reason: 'DEMO_CONTENT=false.' }
  return seedDemoContent()
}

/**
 * Start-up hook. A failure is logged and the site still starts: demo content is optional, and
 * an invalid dataset writes nothing (see validateDemoContent).
 */
/** Whether this process loaded the demo content (the demo images are imported then). */
export let seededThisStart = false

export async function seedIfEmpty(env: Pick<Env, 'DEMO_CONTENT'>): Promise<void> {
  try {
    const result = await runDemoSeed(env)
    if (result.seeded) {
      log.info(describeSeed(result))
      seededThisStart = true
    }
  } catch (error) {
    log.error('Le chargement du contenu de démonstration a échoué', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
