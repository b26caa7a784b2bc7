// Renders every demo image to web-optimised WebP under public/ from SVG compositions and the
// demo content. Run: node scripts/assets/generate-images.ts (needs the `sharp` dev dependency
// and any sans-serif system font, e.g. fonts-liberation or fonts-dejavu).
import { mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import {
  DEMO_BLOG_POSTS,
  DEMO_MEDIA,
  DEMO_PROFILE,
  DEMO_PROJECTS,
  DEMO_SKILLS,
  DEMO_TIMELINE,
} from '#app/server/demo/content.server.ts'
import {
  blogThumbnail,
  defaultAvatar,
  galleryArt,
  logo,
  ogImage,
  personaAvatar,
  projectChart,
  projectCover,
  projectMobile,
  projectScreen,
  type ArtKind,
} from './compositions.ts'
import { cvPage } from './cv.ts'
import { hashString } from './svg.ts'

const PUBLIC = path.resolve(import.meta.dirname, '../../public')
const QUALITY = 70
let total = 0

async function write(
  url: string,
  svgText: string,
  quality = QUALITY,
  root = PUBLIC,
): Promise<void> {
  const file = path.join(root, url)
  mkdirSync(path.dirname(file), { recursive: true })
  await sharp(Buffer.from(svgText)).webp({ quality, effort: 6, smartSubsample: true }).toFile(file)
  const size = statSync(file).size
  total += size
  console.log(`${url}  ${(size / 1024).toFixed(1)} Ko`)
}

const GALLERY_ART: Record<string, ArtKind> = {
  '/demo/gallery/lumieres-de-fourviere.webp': 'fourviere',
  '/demo/gallery/traboules.webp': 'traboules',
  '/demo/gallery/confluence.webp': 'confluence',
  '/demo/gallery/carte-empathie.webp': 'empathie',
  '/demo/gallery/prototype-papier.webp': 'prototype',
  '/demo/gallery/croix-rousse.webp': 'croix-rousse',
  '/demo/gallery/fete-des-lumieres.webp': 'lumieres',
  '/demo/gallery/atelier-post-it.webp': 'post-it',
}

async function main(): Promise<void> {
  for (const [index, project] of DEMO_PROJECTS.entries()) {
    await write(project.thumbnail, projectCover(project.title, project.tags, index))
    const [screen, chart, mobile] = project.images
    if (screen) await write(screen, projectScreen(project.title, index))
    if (chart) await write(chart, projectChart(project.title, index))
    if (mobile) await write(mobile, projectMobile(project.title, index))
  }
  for (const [index, post] of DEMO_BLOG_POSTS.entries())
    await write(post.thumbnail, blogThumbnail(post.title, post.category, index))
  for (const item of DEMO_MEDIA) {
    if (item.category !== 'image') continue
    const kind = GALLERY_ART[item.url]
    if (!kind) throw new Error(`No artwork for ${item.url}`)
    await write(item.url, galleryArt(kind, hashString(item.url)))
  }
  await write('/images/avatar-camille.webp', personaAvatar(256), 80)
  await write('/images/default-avatar.webp', defaultAvatar(), 80)
  // Shown at 32 px (the header): drawn at 96 px, enough for a 3x screen (ADR 123).
  await write('/images/logo.webp', logo(96), 80)
  await write(
    '/images/og-image.webp',
    ogImage(DEMO_PROFILE.name, DEMO_PROFILE.title, 'Lyon, France'),
  )

  const avatarPng = await sharp(Buffer.from(personaAvatar(256)))
    .png()
    .toBuffer()
  // The demo CV ships outside public/: it is imported into private storage (ADR 018).
  await write(
    '/cv.webp',
    cvPage({
      profile: DEMO_PROFILE,
      timeline: DEMO_TIMELINE,
      skills: DEMO_SKILLS,
      avatarDataUri: `data:image/png;base64,${avatarPng.toString('base64')}`,
    }),
    75,
    path.resolve('app/server/demo/files'),
  )
  console.log(`Total : ${(total / 1024).toFixed(0)} Ko`)
}

await main()
