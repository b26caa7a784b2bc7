// The statistics' read-only share link (ADR 096): its address and the shape of its key. No I/O.

/** The shared dashboard's page; the key goes in the query string (request logs omit it). */
export const STATS_SHARE_PATH = '/statistiques/partage'
export const STATS_SHARE_PARAM = 'cle'

/** A key as made: 32 random bytes in base64url. */
export function isShareKeyShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
