// Success / error banners for admin screens (role status / alert so they are announced).
import type { ReactNode } from 'react'

export type BannerKind = 'success' | 'error'

/** A coloured message strip; `success` is polite, `error` interrupts. */
export function Banner({ kind, children }: { kind: BannerKind; children: ReactNode }) {
  const style =
    kind === 'success'
      ? 'border-green-300 bg-green-50 text-green-800'
      : 'border-red-300 bg-red-50 text-red-800'
  return (
    <div
      role={kind === 'success' ? 'status' : 'alert'}
      className={`rounded-md border px-4 py-3 text-sm ${style}`}
    >
      {children}
    </div>
  )
}

/** Top-of-form summary: the form-level message, or a hint that fields need fixing. */
export function FormErrorSummary({
  errors,
  formError,
}: {
  errors: Record<string, string>
  formError?: string
}) {
  if (!formError && Object.keys(errors).length === 0) return null
  return (
    <div className="mb-4">
      <Banner kind="error">
        {formError ?? 'Le formulaire contient des erreurs. Corrigez les champs indiqués.'}
      </Banner>
    </div>
  )
}
