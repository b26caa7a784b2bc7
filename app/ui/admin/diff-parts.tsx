import type { DiffPart } from '#app/domain/stale-translation.ts'

/** A word-by-word difference as text: removed words struck, added ones marked. */
export function DiffParts({ parts }: { parts: readonly DiffPart[] }) {
  return parts.map((part, index) =>
    part.kind === 'added' ? (
      <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
        {part.text}
      </ins>
    ) : part.kind === 'removed' ? (
      <del key={index} className="bg-red-100 text-red-900">
        {part.text}
      </del>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  )
}
