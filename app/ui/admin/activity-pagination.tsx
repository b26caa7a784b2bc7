// Server-side pagination links (page number in the URL, other search params kept), shared by
// the messages, users and activity tabs.
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from './buttons.tsx'

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
