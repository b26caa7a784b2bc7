// The « English version » link a French page offers (ADR 074), fetched only when the
// browser prefers English and the visitor did not dismiss it (ADR 105).
import { useTwinPath } from '#app/ui/chrome/language-switcher.tsx'

/** The link (following it dismisses the offer too) and its close button. */
export function EnglishSuggestionLink({
  onFollow,
  onClose,
}: {
  onFollow: () => void
  onClose: () => void
}) {
  const to = useTwinPath('en')
  return (
    <p
      lang="en"
      data-testid="english-suggestion"
      className="pointer-events-auto absolute top-4 left-1/2 hidden h-12 -translate-x-1/2 items-center gap-1 rounded-full border border-line bg-surface/90 pr-1 pl-4 text-sm text-fg shadow-lg backdrop-blur md:top-6 lg:flex"
    >
      <a href={to} hrefLang="en" className="link font-semibold" onClick={onFollow}>
        English version
      </a>
      <button
        type="button"
        onClick={onClose}
        aria-label="Dismiss the English version suggestion"
        className="flex size-10 items-center justify-center rounded-full text-lg text-fg-2 hover:text-fg"
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  )
}
