// Post statuses and publish dates (ADR 020). A post is public when it is not a
// draft and its publish date has come: computed at query time, so a scheduled post appears
// at its time without a restart. Publish dates are typed in Paris time (datetime-local) and
// stored as UTC ISO-8601.
import { lazyDateTimeFormat } from './lazy-intl.ts'

export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const
export type BlogStatusValue = (typeof BLOG_STATUSES)[number]

export const STATUS_LABELS: Record<BlogStatusValue, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmé',
  published: 'Publié',
}

export const STATUS_MESSAGE = 'Le statut doit être Brouillon, Programmé ou Publié'
export const PUBLISH_DATE_MESSAGE = 'La date de publication est invalide'
export const SCHEDULE_IN_PAST_MESSAGE =
  'Un article programmé doit avoir une date de publication future'

export const PREVIEW_BANNER = 'Aperçu : cet article n’est pas visible par les visiteurs'
export const PREVIEW_BANNER_PUBLISHED = 'Aperçu de l’article tel qu’il est publié'

const TIME_ZONE = 'Europe/Paris'
const parts = lazyDateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** Minutes Paris is ahead of UTC at this instant (60 or 120). */
function parisOffsetMinutes(time: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(time)).map((x) => [x.type, x.value]))
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  )
  return Math.round((asUtc - Math.floor(time / 1000) * 1000) / 60_000)
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The written date and time ("2026-03-12T09:30[:00]", what follows ignored) read as if UTC, in
 * ms; undefined when it does not exist. Date.UTC would roll it over (month 13, 30 February,
 * 25:00) into another date.
 */
function writtenTime(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text)
  if (!match) return undefined
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[]
  const time = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)
  const check = new Date(time)
  const exists =
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo! - 1 &&
    check.getUTCDate() === d &&
    check.getUTCHours() === h &&
    check.getUTCMinutes() === mi &&
    check.getUTCSeconds() === s
  return exists ? time : undefined
}

/**
 * A publish date from a form or an API: "2026-03-12T09:30" (Paris time, what a
 * datetime-local input sends) or an ISO-8601 instant with a zone. → UTC ISO, or undefined.
 */
export function parsePublishDate(value: string): string | undefined {
  const text = value.trim()
  if (LOCAL_DATE_TIME.test(text)) {
    const guess = writtenTime(text)
    if (guess === undefined) return undefined
    let time = guess - parisOffsetMinutes(guess) * 60_000
    // Across a daylight-saving change the offset at the result may differ: use that one.
    time = guess - parisOffsetMinutes(time) * 60_000
    return new Date(time).toISOString()
  }
  if (!ZONED_DATE_TIME.test(text) || writtenTime(text) === undefined) return undefined
  const time = Date.parse(text)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/** UTC ISO → "YYYY-MM-DDTHH:mm" in Paris time, the value of a datetime-local input. */
export function toParisInputValue(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return ''
  return new Date(time + parisOffsetMinutes(time) * 60_000).toISOString().slice(0, 16)
}

/** What visitors see: a post is public when not a draft and its date has come. */
export function isPublic(post: { status: string; publishedAt: string }, now: Date): boolean {
  return post.status !== 'draft' && post.publishedAt <= now.toISOString()
}

/** The status shown in the admin: a scheduled post whose time has come is published. */
export function effectiveStatus(
  post: { status: string; publishedAt: string },
  now: Date,
): BlogStatusValue {
  if (post.status === 'draft') return 'draft'
  return post.publishedAt <= now.toISOString() ? 'published' : 'scheduled'
}
