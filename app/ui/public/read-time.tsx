// A post's reading time, on its card and on its page.
import { Clock as LucideClock } from 'lucide-react'
import { fastIcon } from '#app/ui/icons.tsx'

// Built once (ADR 040).
const Clock = /* @__PURE__ */ fastIcon(LucideClock)

/** « N min de lecture », a clock before it. */
export function ReadTime({ minutes, className }: { minutes: number; className: string }) {
  return (
    <span className={className}>
      <Clock aria-hidden="true" className="size-4" />
      {minutes} min de lecture
    </span>
  )
}
