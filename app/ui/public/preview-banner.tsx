import { Eye } from 'lucide-react'

/** The notice over a previewed draft that visitors cannot see (nothing when not a preview). */
export function PreviewBanner({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-20 z-40 mx-auto flex w-fit max-w-[90vw] items-center gap-2 rounded-full border border-line bg-raised px-5 py-2 text-sm font-medium text-fg shadow-lg"
    >
      <Eye aria-hidden="true" className="size-4" />
      {text}
    </p>
  )
}
