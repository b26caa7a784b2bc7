import { useT } from '#app/ui/i18n.tsx'

/** An item's tags as chips, the list named « Étiquettes » (in the page's language, ADR 074). */
export function TagList({ tags, className }: { tags: readonly string[]; className: string }) {
  const t = useT()
  return (
    <ul className={className} aria-label={t('card:tags')}>
      {tags.map((t) => (
        <li key={t} className="chip">
          {t}
        </li>
      ))}
    </ul>
  )
}
