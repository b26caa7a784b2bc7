import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { localeOfPath } from '#app/domain/i18n/locale.ts'

/**
 * An English page loads the English catalogue, a hashed chunk of its own that French pages
 * never fetch, before hydrating: nothing of the page renders without its texts, and no page
 * carries the catalogue in its HTML (ADRs 074, 089). Language changes are whole documents (the
 * switcher is a plain link), so the page's first language is the only one it needs.
 */
async function hydrate() {
  if (localeOfPath(location.pathname) === 'en') await import('#app/domain/i18n/english.ts')
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

void hydrate()
