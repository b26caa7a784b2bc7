// Entity shapes as the application sees them (after parsing JSON columns).
// Zod schemas for the forms live beside this file, one module per entity.
import type { ActivityAction, ResourceType } from './activity.ts'

export const SKILL_CATEGORIES = ['design', 'development', 'tools', 'soft'] as const
export type SkillCategory = (typeof SKILL_CATEGORIES)[number]
export const TIMELINE_TYPES = ['professional', 'personal'] as const
export type TimelineType = (typeof TIMELINE_TYPES)[number]
export const MEDIA_CATEGORIES = ['image', 'video', 'document'] as const
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number]
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export const USER_ROLES = ['viewer', 'editor', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]
export const USER_STATUSES = ['active', 'inactive', 'blocked'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export interface Project {
  id: string
  title: string
  description: string
  thumbnail: string
  tags: string[]
  images: string[]
  content: string
  featured: boolean
  order: number
  url?: string
  /** When the project started, 'YYYY-MM' (ADR 092). */
  startDate: string
  /** When it ended, 'YYYY-MM'; absent or '' = still going (ADR 092). */
  endDate?: string
  createdAt: string
  updatedAt?: string
  /** Search and social fields (ADR 064); absent or '' = the page's defaults. */
  seoTitle?: string
  seoDescription?: string
  ogImage?: string
}

export interface Skill {
  id: string
  name: string
  category: SkillCategory
  level: number
  color: string
}

export interface TimelineItem {
  id: string
  title: string
  organization: string
  startDate: string
  endDate: string
  description: string
  tags: string[]
  type: TimelineType
}

export interface BlogAuthor {
  name: string
  avatar: string
}

export interface BlogPost {
  id: string
  slug: string
  title: string
  excerpt: string
  content: string
  thumbnail: string
  category: string
  tags: string[]
  readTime: number
  author: BlogAuthor
  createdAt: string
  updatedAt?: string
  /** ADR 020: stored status; public when not 'draft' and publishedAt ≤ now. */
  status: 'draft' | 'scheduled' | 'published'
  publishedAt: string
  /** The reading time was computed from the words (not typed by the owner). */
  readTimeAuto: boolean
  /** Search and social fields (ADR 064); absent or '' = the page's defaults. */
  seoTitle?: string
  seoDescription?: string
  ogImage?: string
}

/**
 * A post as the public lists show it (ADR 100): the card's fields and nothing else, never the
 * text (`content`) nor its HTML, so a list cannot carry a post's body to the page by mistake.
 */
export type PostSummary = Pick<
  BlogPost,
  | 'id'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'thumbnail'
  | 'category'
  | 'tags'
  | 'readTime'
  | 'author'
  | 'publishedAt'
  | 'updatedAt'
>

export interface ProcessStep {
  id: string
  title: string
  description: string
  order: number
}

export interface MediaItem {
  id: string
  url: string
  title: string
  description: string
  category: MediaCategory
  tags: string[]
  featured: boolean
  order: number
  createdAt: string
  updatedAt?: string
  /** Uploaded file (ADR 017); absent for an item that only points at a URL. */
  file?: MediaFile
  /** French alternative text (ADR 017); '' with `decorative`. */
  alt: string
  decorative: boolean
  /** Shown in the public gallery (with alt text or `decorative`, ADR 017). */
  inGallery: boolean
}

export interface MediaFile {
  storageKey: string
  mime: string
  size: number
  width: number | null
  height: number | null
  /** A tiny blurred image as a data: URL, shown while the real one loads. */
  placeholder: string
}

export interface MessageReply {
  content: string
  sentAt: string
}

export interface Message {
  id: string
  name: string
  email: string
  message: string
  status: MessageStatus
  createdAt: string
  reply?: MessageReply
  /** Sent from the English site (ADR 075): the visitor is written to in English. */
  locale?: 'en'
}

export interface UserInfo {
  ip: string
  browser: string
  os: string
  device: 'Mobile' | 'Desktop' | 'Unknown'
  location: { country: string; city: string; region: string }
  language: string
  screenResolution: string
  timezone: string
  referrer: string
}

export interface ActivityLog {
  id: string
  userId: string
  userName: string
  action: ActivityAction
  resourceType: ResourceType
  resourceId?: string
  resourceName?: string
  timestamp: string
  details: string
  userInfo: UserInfo
}

export interface Profile {
  name: string
  title: string
  email: string
  phone?: string
  location?: string
  website?: string
  github?: string
  linkedin?: string
  twitter?: string
  bio: string
  avatar?: string
}

export interface SiteSettings {
  siteName: string
  siteDescription: string
  logo?: string
  favicon?: string
  metaImage?: string
  keywords: string[]
  /** The word over a project's tags; absent or '' = « Tags » (ADR 092). */
  projectTagsLabel?: string
  googleAnalyticsId?: string
  maintenanceMode: boolean
  maintenanceMessage?: string
  customCss?: string
  customJs?: string
  socialMedia: {
    facebook?: string
    twitter?: string
    instagram?: string
    linkedin?: string
    github?: string
    youtube?: string
  }
  contact: {
    email: string
    phone?: string
    address?: string
    hours?: string
    whatsapp?: string
    telegram?: string
  }
  /** Legal pages (mentions légales, confidentialité, conditions): our addition (ADRs 008, 021). */
  legal?: { notice?: string; privacy?: string; terms?: string }
  updatedAt?: string
}

/** Who may download the CV once a sign-in is required (ADR 018 amendment). */
export type CvAudience = 'any' | 'verified' | 'approved'

export interface CvSettings {
  requireAuth: boolean
  addWatermark: boolean
  trackDownloads: boolean
  /** Absent in CVs saved before the setting existed: 'any'. */
  audience?: CvAudience
}

export interface Cv {
  url: string
  updatedAt?: string
  settings: CvSettings
  /** An uploaded CV in private storage (ADR 018); `url` is then CV_FILE_PATH. */
  file?: { key: string; mime: string }
}

export interface User {
  id: string
  email: string
  name: string
  role: UserRole
  status: UserStatus
  avatar?: string
  lastLogin?: string
  createdAt: string
}
