// Server-side pagination links (page number in the URL, other search params kept) and the
// French date formats of the admin lists. Shared by the messages and activity tabs.
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from './buttons.tsx'
import { lazyDateTimeFormat } from '#app/domain/lazy-intl.ts'

// Fixed time zone: the server and the browser render the same text (no hydration mismatch).
const DATE_TIME = lazyDateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

/** spec §9: French long format with hours and minutes, e.g. "3 mars 2026 à 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

export function Pagination({
  page,
  pageSize,
  total,
  label,
}: {
  page: number
  pageSize: number
  total: number
  /** Names the navigation landmark, e.g. "Pagination des messages". */
  label: string
}) {
  const [searchParams] = useSearchParams()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const href = (p: number) => {
    const params = new URLSearchParams(searchParams)
    params.delete('id')
    params.delete('delete')
    if (p <= 1) params.delete('page')
    else params.set('page', String(p))
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonStyles.secondary} rel="prev">
          Précédent
        </Link>
      ) : (
        <span />
      )}
      <span className="text-zinc-600">
        Page {page} sur {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={buttonStyles.secondary} rel="next">
          Suivant
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
