// Message lookup over the typed catalogues (ADR 074): rosetta (≈300 bytes) resolves a key in
// a language and fills its "{{name}}" parameters. The language is passed on every call, never
// kept in the shared instance, so concurrent server renders cannot mix languages.
//
// No catalogue is in the browser's shared JavaScript: each is a chunk of its own
// (app/domain/i18n/french.ts, english.ts) that registers itself; the server registers both at
// start, the browser only the page's language before hydrating (ADRs 089, 105).
import rosetta from 'rosetta'
import type { Messages, MessageKey } from './messages.fr.ts'
import type { Locale } from './locale.ts'

const catalogues = rosetta<Messages>()

/** Makes a language's catalogue available (once; later calls with the same language are no-ops). */
export function registerCatalogue(locale: Locale, messages: Messages): void {
  if (!catalogues.table(locale)) catalogues.set(locale, messages)
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** The text of `key` in `locale`, its parameters filled. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  // A page's own language is always registered. Only a client-side navigation from an English
  // page to a page outside the public site (the hub, the account) finds French missing: the
  // root's few words then stay in English until the next full load (ADR 105).
  const lang = catalogues.table(locale) ? locale : locale === 'fr' ? 'en' : 'fr'
  return catalogues.t(key, params, lang)
}

const translators: Record<Locale, Translate> = {
  fr: (key, params) => translate('fr', key, params),
  en: (key, params) => translate('en', key, params),
}

/** A `t(key, params)` bound to one language. */
export function translator(locale: Locale): Translate {
  return translators[locale]
}
