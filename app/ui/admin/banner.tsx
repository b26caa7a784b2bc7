// Success / error banners for admin screens (role status / alert so they are announced).
import { useId, useState, type ReactNode } from 'react'

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

/** A link to hand over (e.g. an invitation): selectable text and a copy button. */
export function CopyableLink({ href }: { href: string }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Lien à transmettre
      </label>
      <input
        id={id}
        readOnly
        value={href}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 rounded border border-green-300 bg-white px-2 py-1 font-mono text-xs text-zinc-900"
      />
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(href).then(() => setCopied(true))
        }}
        className="rounded border border-green-400 bg-white px-2 py-1 text-xs font-semibold text-green-900 hover:bg-green-100"
      >
        {copied ? 'Copié' : 'Copier le lien'}
      </button>
    </span>
  )
}
