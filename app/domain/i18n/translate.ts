// Message lookup over the typed catalogues (ADR 074): rosetta (≈300 bytes) resolves a key in
// a language and fills its "{{name}}" parameters. The language is passed on every call, never
// kept in the shared instance, so concurrent server renders cannot mix languages.
//
// Only the French catalogue is in the browser's JavaScript: the English one is registered by
// the server at start (app/domain/i18n/english.ts) and, in the browser, from the root
// loader's data of an English page, so French visitors never download it.
import rosetta from 'rosetta'
import { fr, type MessageKey, type Messages } from './messages.fr.ts'
import type { Locale } from './locale.ts'

const catalogues = rosetta<Messages>({ fr })

/** Makes a language's catalogue available (once; later calls with the same language are no-ops). */
export function registerCatalogue(locale: Exclude<Locale, 'fr'>, messages: Messages): void {
  if (!catalogues.table(locale)) catalogues.set(locale, messages)
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** The text of `key` in `locale`, its parameters filled. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  const lang = locale === 'fr' || catalogues.table(locale) ? locale : 'fr'
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
