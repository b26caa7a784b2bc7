/** An item's tags as chips, the list named « Étiquettes » on every public page that shows them. */
export function TagList({ tags, className }: { tags: readonly string[]; className: string }) {
  return (
    <ul className={className} aria-label="Étiquettes">
      {tags.map((t) => (
        <li key={t} className="chip">
          {t}
        </li>
      ))}
    </ul>
  )
}
