// Post statuses and publish dates (issue 12, ADR 020). A post is public when it is not a
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

/**
 * A publish date from a form or an API: "2026-03-12T09:30" (Paris time, what a
 * datetime-local input sends) or an ISO-8601 instant with a zone. → UTC ISO, or undefined.
 */
export function parsePublishDate(value: string): string | undefined {
  const text = value.trim()
  const local = LOCAL_DATE_TIME.exec(text)
  if (local) {
    const [, y, mo, d, h, mi, s] = local
    const guess = Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s ?? 0),
    )
    if (Number.isNaN(guess)) return undefined
    // Date.UTC rolls over (month 13, 30 February, 25:00): only a date that exists is one.
    const check = new Date(guess)
    if (
      check.getUTCMonth() !== Number(mo) - 1 ||
      check.getUTCDate() !== Number(d) ||
      check.getUTCHours() !== Number(h) ||
      check.getUTCMinutes() !== Number(mi) ||
      check.getUTCSeconds() !== Number(s ?? 0)
    )
      return undefined
    let time = guess - parisOffsetMinutes(guess) * 60_000
    // Across a daylight-saving change the offset at the result may differ: use that one.
    time = guess - parisOffsetMinutes(time) * 60_000
    return new Date(time).toISOString()
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return undefined
  const time = Date.parse(text)
  if (Number.isNaN(time)) return undefined
  // The same roll-over check on the written date (its offset aside).
  const [date, clock] = text.split('T') as [string, string]
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi] = clock.slice(0, 5).split(':').map(Number) as [number, number]
  const written = new Date(Date.UTC(y, mo - 1, d, h, mi))
  if (written.getUTCMonth() !== mo - 1 || written.getUTCDate() !== d || written.getUTCHours() !== h)
    return undefined
  return new Date(time).toISOString()
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
