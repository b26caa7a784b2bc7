// Test and demo data builders: each returns a valid *input* for the matching
// repository create function, with unique titles and slugs per call, and local asset paths
// that ship under public/ (contracts: "Demo content").
import type {
  BlogPost,
  Cv,
  MediaItem,
  Profile,
  ProcessStep,
  Project,
  SiteSettings,
  Skill,
  TimelineItem,
} from '#app/domain/types.ts'
import type { Page } from '#app/domain/page.ts'

type Fields<T, Omitted extends keyof T = never> = Omit<
  T,
  'id' | 'createdAt' | 'updatedAt' | Omitted
>

export type ProjectInput = Fields<Project>
export type SkillInput = Fields<Skill>
export type TimelineItemInput = Fields<TimelineItem>
export type BlogPostInput = Fields<BlogPost, 'status' | 'publishedAt' | 'readTimeAuto'> &
  Partial<Pick<BlogPost, 'status' | 'publishedAt'>>
export type ProcessStepInput = Fields<ProcessStep>
/** One of the owner's pages (ADR 090); status, flags and order take the schema's defaults. */
export type PageInput = Pick<Page, 'slug' | 'title' | 'content'> &
  Partial<Pick<Page, 'status' | 'showInMenu' | 'showInFooter' | 'menuOrder'>>
export type MediaItemInput = Omit<Fields<MediaItem, 'file'>, 'alt' | 'decorative' | 'inGallery'> &
  Partial<Pick<MediaItem, 'alt' | 'decorative' | 'inGallery'>>
/** What a visitor sends through the contact form (status and reply come later). */
export type MessageInput = { name: string; email: string; message: string }
export type ProfileInput = Profile
export type SettingsInput = Omit<SiteSettings, 'updatedAt'>
export type CvInput = Omit<Cv, 'updatedAt'>

let counter = 0

/** A number unique within the process, so titles and slugs never collide between calls. */
function next(): number {
  counter += 1
  return counter
}

/** A builder of `T`: `defaults(n)` with a fresh number `n` each call, then the caller's changes. */
function numbered<T>(defaults: (n: number) => T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults(next()), ...overrides })
}

/** A builder of `T` without a number: fresh `defaults()` each call, then the caller's changes. */
function unnumbered<T>(defaults: () => T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults(), ...overrides })
}

const AUTHOR = { name: 'Camille Laurent', avatar: '/images/avatar-camille.webp' }

export const makeProject = numbered<ProjectInput>((n) => ({
  title: `Projet de test ${n}`,
  description: `Description du projet de test ${n}.`,
  thumbnail: '/demo/projects/atelier-sante-cover.webp',
  tags: ['React', 'Produit'],
  images: ['/demo/projects/atelier-sante-1.webp', '/demo/projects/atelier-sante-2.webp'],
  content: `Premier paragraphe du projet ${n}.\nDeuxième paragraphe du projet ${n}.`,
  featured: false,
  order: n,
  // One month for all: projects made by tests keep their `order` among themselves (ADR 092).
  startDate: '2024-01',
}))

export const makeSkill = numbered<SkillInput>((n) => ({
  name: `Compétence ${n}`,
  category: 'development',
  level: 3,
  color: '#8b5cf6',
}))

export const makeTimelineItem = numbered<TimelineItemInput>((n) => ({
  title: `Poste ${n}`,
  organization: `Organisation ${n}`,
  startDate: '2020-01',
  endDate: 'present',
  description: `Description de l’étape de parcours ${n}.`,
  tags: ['Produit'],
  type: 'professional',
}))

export const makeBlogPost = numbered<BlogPostInput>((n) => ({
  slug: `article-de-test-${n}`,
  title: `Article de test ${n}`,
  excerpt: `Résumé de l’article de test ${n}.`,
  content: `Premier paragraphe de l’article ${n}.\nDeuxième paragraphe de l’article ${n}.`,
  thumbnail: '/demo/blog/design-thinking-et-priorisation.webp',
  category: 'Produit',
  tags: ['Design Thinking', 'Produit'],
  readTime: 5,
  author: { ...AUTHOR },
}))

export const makePage = numbered<PageInput>((n) => ({
  slug: `page-de-test-${n}`,
  title: `Page de test ${n}`,
  content: `Le texte de la page de test ${n}.`,
}))

export const makeProcessStep = numbered<ProcessStepInput>((n) => ({
  title: `Étape ${n}`,
  description: `Description de l’étape ${n}.`,
  order: 1,
}))

export const makeMediaItem = numbered<MediaItemInput>((n) => ({
  url: '/demo/gallery/confluence.webp',
  title: `Média ${n}`,
  description: `Description du média ${n}.`,
  category: 'image',
  tags: ['Lyon'],
  featured: false,
  order: n,
  alt: `Image du média ${n}`,
  decorative: false,
  inGallery: true,
}))

export const makeMessage = numbered<MessageInput>((n) => ({
  name: `Visiteur ${n}`,
  email: `visiteur-${n}@example.com`,
  message: `Bonjour, ceci est le message de test numéro ${n}.`,
}))

export const makeProfile = unnumbered<ProfileInput>(() => ({
  name: 'Camille Laurent',
  title: 'Product Manager, développeuse web et design thinker',
  email: 'bonjour@camille-laurent.fr',
  phone: '06 42 18 57 93',
  location: 'Lyon, France',
  bio: 'Je conçois des produits numériques utiles et accessibles.',
  avatar: AUTHOR.avatar,
}))

export const makeSettings = unnumbered<SettingsInput>(() => ({
  siteName: 'Camille Laurent',
  siteDescription: 'Portfolio de Camille Laurent, product manager et développeuse web à Lyon.',
  keywords: ['portfolio', 'produit'],
  maintenanceMode: false,
  socialMedia: { github: 'https://github.com/camille-laurent' },
  contact: { email: 'bonjour@camille-laurent.fr', address: 'Lyon, France' },
}))

export const makeCv = unnumbered<CvInput>(() => ({
  url: '/demo/projects/budget-clair-cover.webp',
  settings: { requireAuth: true, addWatermark: false, trackDownloads: true },
}))
