import type { ColumnType } from 'kysely'
// Row shapes of every table. Lists and nested objects are JSON text, parsed in the
// repositories; booleans are 0/1; timestamps ISO-8601 text.
import type { Generated } from 'kysely'
import type { AuthTables } from './auth-schema.server.ts'
import type { SecurityTables } from './security-schema.server.ts'

type JsonText = string
type Bool = number

export interface ProjectsTable {
  id: string
  title: string
  description: string
  thumbnail: string
  tags: JsonText
  images: JsonText
  content: string
  featured: Bool
  order: number
  url: string | null
  createdAt: string
  updatedAt: string | null
  /** Rendered Markdown of `content`, stored at save time (ADR 020); null = not yet rendered. */
  contentHtml?: string | null
  // Search and social fields (migration 014); '' = the page's defaults.
  seoTitle: string
  seoDescription: string
  ogImage: string
}

export interface SkillsTable {
  id: string
  name: string
  category: string
  level: number
  color: string
}

export interface TimelineTable {
  id: string
  title: string
  organization: string
  startDate: string
  endDate: string
  description: string
  tags: JsonText
  type: string
}

export interface BlogPostsTable {
  id: string
  slug: string
  title: string
  excerpt: string
  content: string
  thumbnail: string
  category: string
  tags: JsonText
  readTime: number
  author: JsonText
  createdAt: string
  updatedAt: string | null
  /** ADR 020: 'draft' | 'scheduled' | 'published'; public when not a draft and publishedAt ≤ now. */
  status: string
  publishedAt: string | null
  contentHtml: string | null
  readTimeAuto: Bool
  // Search and social fields (migration 014); '' = the page's defaults.
  seoTitle: string
  seoDescription: string
  ogImage: string
}

export interface BlogRevisionsTable {
  id: string
  postId: string
  title: string
  excerpt: string
  content: string
  authorId: string
  authorName: string
  createdAt: string
  /** 'fr' (the post itself) or 'en' (its English version, ADR 077). */
  locale: Generated<string>
}

export interface CreativeProcessTable {
  id: string
  title: string
  description: string
  order: number
}

export interface MediaTable {
  id: string
  url: string
  title: string
  description: string
  category: string
  tags: JsonText
  featured: Bool
  order: number
  createdAt: string
  updatedAt: string | null
  // Uploaded files (migration 004, ADR 017); '' / 0 / null for URL-only items.
  storageKey: string
  mime: string
  size: number
  width: number | null
  height: number | null
  placeholder: string
  alt: string
  decorative: Bool
  variants: JsonText
  // Shown in the public gallery (migration 013); alt text or 'décorative' is also needed.
  inGallery: Bool
}

export interface MessagesTable {
  id: string
  name: string
  email: string
  message: string
  status: string
  createdAt: string
  reply: JsonText | null
  /** The language of the page the message was sent from (ADR 075); 'fr' before 016. */
  locale: ColumnType<string, string | undefined, string>
}

export interface ActivityLogsTable {
  id: string
  userId: string
  userName: string
  action: string
  resourceType: string
  resourceId: string | null
  resourceName: string | null
  timestamp: string
  details: string
  userInfo: JsonText
}

/** Single documents (profile, settings, cv) are rows keyed 'main' with a JSON body. */
export interface DocumentTable {
  id: string
  data: JsonText
  updatedAt: string | null
}

/** An e-mail waiting, sent or failed (ADR 019). */
export interface OutboxTable {
  id: string
  messageId: string
  kind: string
  toAddress: string
  toName: string | null
  replyTo: string | null
  subject: string
  html: string
  text: string
  status: string
  attempts: number
  nextAttemptAt: string
  leaseUntil: string | null
  lastError: string | null
  sentAt: string | null
  expiresAt: string | null
  relatedMessageId: string | null
  createdAt: string
}

/** An imported item and what it became (migration 012, ADR 066). */
export interface ImportSourceTable {
  sourceKey: string
  kind: string
  targetId: string
  oldPath: string | null
  targetUrl: string | null
  createdAt: string
}

/** Statistics (migration 015, ADRs 072, 073): strings stored once. */
export interface AnalyticsDictTable {
  id: Generated<number>
  kind: number
  value: string
}

/** One page view or goal: integers only (Unix seconds, a 48-bit visitor hash, ids, enums). */
export interface AnalyticsEventTable {
  id: Generated<number>
  t: number
  v: number
  kind: number
  path: number
  ref: number | null
  src: number | null
  med: number | null
  camp: number | null
  country: number | null
  device: number | null
  browser: number | null
  os: number | null
}

/** Anonymous counts per hour (gran 0) or day (gran 1), per dimension value. */
export interface AnalyticsRollupTable {
  gran: number
  dim: number
  start: number
  value: number
  visitors: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

export interface AnalyticsTables {
  analytics_dict: AnalyticsDictTable
  analytics_event: AnalyticsEventTable
  analytics_rollup: AnalyticsRollupTable
  analytics_salt: { day: number; salt: string }
  analytics_state: { key: string; value: string }
}

/** The owner's translation of one item in one language (ADR 075). */
export interface TranslationsTable {
  entity: string
  entityId: string
  locale: string
  data: JsonText
  updatedAt: string
}

export interface ContentTables {
  projects: ProjectsTable
  skills: SkillsTable
  timeline: TimelineTable
  blog_posts: BlogPostsTable
  blog_revisions: BlogRevisionsTable
  creative_process: CreativeProcessTable
  media: MediaTable
  messages: MessagesTable
  activity_logs: ActivityLogsTable
  profile: DocumentTable
  settings: DocumentTable
  cv: DocumentTable
  outbox: OutboxTable
  import_source: ImportSourceTable
  translations: TranslationsTable
}

export interface Database extends ContentTables, AuthTables, SecurityTables, AnalyticsTables {}
