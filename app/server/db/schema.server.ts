import type { ColumnType } from 'kysely'
// Row shapes of every table. Lists and nested objects are JSON text, parsed in the
// repositories; booleans are 0/1; timestamps ISO-8601 text.
import type { Generated } from 'kysely'
import type {
  ActivityLog,
  BlogPost,
  MediaFile,
  MediaItem,
  Message,
  ProcessStep,
  Project,
  Skill,
  TimelineItem,
} from '#app/domain/types.ts'
import type { Page } from '#app/domain/page.ts'
import type { AuthTables } from './auth-schema.server.ts'
import type { SecurityTables } from './security-schema.server.ts'

type JsonText = string
type Bool = number

/** A column of a closed set of words (a category, a status) is plain text in the table. */
type Column<V> = V extends string ? string : V

/**
 * A domain item as its table stores it (ADR 079): the fields are the domain type's, so each row
 * type is written once. `Json` fields are JSON text, `Bools` 0/1, an optional field is a
 * nullable column unless listed in `NotNull` ('' = unset).
 */
type StoredAs<
  T,
  Json extends keyof T = never,
  Bools extends keyof T = never,
  NotNull extends keyof T = never,
> = {
  [K in keyof T]-?:
    | (K extends Json ? JsonText : K extends Bools ? Bool : Column<Exclude<T[K], undefined>>)
    | (undefined extends T[K] ? (K extends NotNull ? never : null) : never)
}

/** Search and social fields (migration 014): '' = the page's defaults. */
type SeoColumns = 'seoTitle' | 'seoDescription' | 'ogImage'

export type ProjectsTable = StoredAs<
  Project,
  'tags' | 'images',
  'featured',
  SeoColumns | 'endDate'
> & {
  /** Rendered Markdown of `content`, stored at save time (ADR 020); null = not yet rendered. */
  contentHtml?: string | null
}

export type SkillsTable = StoredAs<Skill>

export type TimelineTable = StoredAs<TimelineItem, 'tags'>

export type BlogPostsTable = Omit<
  StoredAs<BlogPost, 'tags' | 'author', 'readTimeAuto', SeoColumns>,
  'publishedAt'
> & {
  /** ADR 020: public when not a draft and publishedAt ≤ now. */
  publishedAt: string | null
  contentHtml: string | null
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
  /** 'save' (a saved version) or 'autosave' (typing not saved yet, one per author, ADR 092). */
  kind: Generated<string>
}

/** A page's history (migration 035, ADR 101): a post revision's columns, owned by a page. */
export type PageRevisionsTable = Omit<BlogRevisionsTable, 'postId' | 'excerpt'> & {
  pageId: string
  excerpt: Generated<string>
}

export type CreativeProcessTable = StoredAs<ProcessStep>

/** The owner's pages (migration 024, ADR 090). */
export type PagesTable = StoredAs<Page, never, 'showInMenu' | 'showInFooter', SeoColumns> & {
  /** Rendered Markdown of `content`, stored at save time (ADR 020). */
  contentHtml: string | null
}

/** An uploaded file's columns are '' / 0 / null for a URL-only item (migration 004, ADR 017). */
export type MediaTable = StoredAs<
  Omit<MediaItem, 'file'>,
  'tags',
  'featured' | 'decorative' | 'inGallery'
> &
  MediaFile & {
    variants: JsonText
    /** SHA-256 of the uploaded bytes: 64 hex digits, or the key's 32 before 027; '' for a URL (ADR 093). */
    contentHash: string
  }

export type MessagesTable = Omit<StoredAs<Message, 'reply'>, 'locale'> & {
  /** The language of the page the message was sent from (ADR 075); 'fr' before 016. */
  locale: ColumnType<string, string | undefined, string>
}

export type ActivityLogsTable = StoredAs<ActivityLog, 'userInfo'>

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
  /**
   * What tells apart the events of a visitor in one second, the table being keyed by (t, v, id)
   * in time order (migration 041, ADR 122): numbered 0, 1… by the writer, no order of its own.
   */
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
  analytics_vitals: AnalyticsVitalsTable
  analytics_visit: AnalyticsVisitTable
  analytics_visit_page: { visit: number; page: number; views: number }
  analytics_filter_rollup: AnalyticsFilterRollupTable
  analytics_filter_month: AnalyticsFilterMonthTable
}

/**
 * A day's counts of the visits holding one broad value of a visit-level dimension (migration
 * 039, ADR 112): fdim/fvalue the filter, day its day number, dim/value the panel row.
 */
export interface AnalyticsFilterRollupTable {
  fdim: number
  fvalue: number
  day: number
  dim: number
  value: number
  visitors: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

/**
 * A whole month's counts of the visits holding one value of a visit-level dimension or one goal
 * (migration 042, ADR 128): fdim/fvalue the filter, month the day number of its first day,
 * dim/value the panel row. The rows under (0, 0, month) list the values built for the month.
 */
export interface AnalyticsFilterMonthTable {
  fdim: number
  fvalue: number
  month: number
  dim: number
  value: number
  visitors: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

/**
 * One visit (migration 037, ADR 103): id = its day × 2^24 + its rank in the day; the visit's
 * dimensions, entry and exit pages, page views and duration. Written by the rollup.
 */
export interface AnalyticsVisitTable {
  id: number
  /** The visit's rank among its visitor's visits of the day (ADR 109). */
  nth: number
  t: number
  dur: number
  pages: number
  entry: number
  exit: number
  ref: number
  src: number
  med: number
  camp: number
  country: number
  device: number
  browser: number
  os: number
  channel: number
}

/** One measured page load's Core Web Vitals (migration 030, ADR 096). */
export interface AnalyticsVitalsTable {
  id: Generated<number>
  t: number
  path: number
  device: number | null
  lcp: number | null
  inp: number | null
  /** Thousandths of the CLS score. */
  cls: number | null
  ttfb: number | null
}

/** The owner's translation of one item in one language (ADR 075). */
export interface TranslationsTable {
  entity: string
  entityId: string
  locale: string
  data: JsonText
  updatedAt: string
  /** The French texts the English fields were translated from (migration 028, ADR 094). */
  sources: JsonText | null
}

/** A newsletter subscriber and the proof of their consent (migration 023, ADR 085). */
export interface NewsletterSubscribersTable {
  id: string
  email: string
  locale: string
  status: string
  source: string
  consentAt: string
  consentPage: string | null
  consentText: string | null
  consentIp: string | null
  confirmTokenHash: string | null
  confirmExpiresAt: string | null
  confirmSentAt: string | null
  unsubscribeSalt: string
  unsubscribeTokenHash: string
  confirmedAt: string | null
  unsubscribedAt: string | null
  rejectedReason: string | null
  createdAt: string
  updatedAt: string
}

/** One (post, language) that went out to subscribers (ADR 085). */
export interface NewsletterIssuesTable {
  postId: string
  locale: string
  total: number
  createdAt: string
}

/** One e-mail of an issue to one subscriber (ADR 085). */
export interface NewsletterSendsTable {
  id: string
  postId: string
  locale: string
  subscriberId: string
  status: string
  attempts: number
  leaseUntil: string | null
  lastError: string | null
  sentAt: string | null
  createdAt: string
}

/** The owner's « Envoyer aux abonnés » for one post and language (migration 031, ADR 097). */
export interface NewsletterPlansTable {
  postId: string
  locale: string
  /** 1: send when public; 0: never. */
  send: number
  updatedAt: string
}

export interface ContentTables {
  projects: ProjectsTable
  skills: SkillsTable
  timeline: TimelineTable
  blog_posts: BlogPostsTable
  blog_revisions: BlogRevisionsTable
  pages: PagesTable
  page_revisions: PageRevisionsTable
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
  newsletter_subscribers: NewsletterSubscribersTable
  newsletter_issues: NewsletterIssuesTable
  newsletter_sends: NewsletterSendsTable
  newsletter_plans: NewsletterPlansTable
}

export interface Database extends ContentTables, AuthTables, SecurityTables, AnalyticsTables {}
