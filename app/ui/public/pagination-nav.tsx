import { ChevronLeft, ChevronRight } from 'lucide-react'
import { pageQuery, type PageInfo } from '#app/domain/pagination.ts'
import { useT } from '#app/ui/i18n.tsx'
import { Link } from '#app/ui/link.tsx'

/**
 * « Page précédente », « Page N sur M », « Page suivante » under a paginated list (ADR 091);
 * the links keep the list's search and filters. Nothing when the list fits on one page.
 */
export function PaginationNav({
  path,
  info,
  params,
}: {
  /** The list's French path ("/blog"); the link writes it in the page's language. */
  path: string
  info: PageInfo
  params: Readonly<Record<string, string | null | undefined>>
}) {
  const t = useT()
  if (info.pageCount <= 1) return null
  const link = 'btn btn-ghost inline-flex items-center gap-1'
  return (
    <nav
      aria-label={t('pagination:label')}
      className="mt-10 flex items-center justify-between gap-4"
    >
      {info.page > 1 ? (
        <Link to={`${path}${pageQuery(params, info.page - 1)}`} rel="prev" className={link}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('pagination:previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-fg-2">
        {t('pagination:status', { page: info.page, count: info.pageCount })}
      </p>
      {info.page < info.pageCount ? (
        <Link to={`${path}${pageQuery(params, info.page + 1)}`} rel="next" className={link}>
          {t('pagination:next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
