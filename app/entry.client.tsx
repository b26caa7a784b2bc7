import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { localeOfPath } from '#app/domain/i18n/locale.ts'

/**
 * A page loads its language's catalogue, a hashed chunk of its own that pages in the other
 * language never fetch, before hydrating: nothing of the page renders without its texts, and no
 * page carries the catalogue in its HTML (ADRs 074, 089, 105). Language changes are whole
 * documents (the switcher is a plain link), so the page's first language is the only one it
 * needs.
 */
async function hydrate() {
  await (localeOfPath(location.pathname) === 'en'
    ? import('#app/domain/i18n/english.ts')
    : import('#app/domain/i18n/french.ts'))
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
