// A titled box of the site settings' pages: a `fieldset` of the one settings form, or a
// `section` of the e-mail page (each holding forms of its own).
import type { ReactNode } from 'react'

export function SettingsSection({
  as: Box,
  headingId,
  title,
  children,
}: {
  as: 'fieldset' | 'section'
  headingId: string
  title: string
  children: ReactNode
}) {
  return (
    <Box
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="mb-4 text-lg font-semibold text-zinc-900">
        {title}
      </h3>
      {children}
    </Box>
  )
}
