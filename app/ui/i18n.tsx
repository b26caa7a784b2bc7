// The page's language for the public interface (ADR 074): read from the path by the root
// layout and handed down, so every component speaks the same language as the URL.
import { createContext, useContext } from 'react'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { translator, type Translate } from '#app/domain/i18n/translate.ts'

export const LocaleContext = createContext<Locale>('fr')

/** The current page's language. */
export function useLocale(): Locale {
  return useContext(LocaleContext)
}

/** `t(key, params)` in the current page's language. */
export function useT(): Translate {
  return translator(useContext(LocaleContext))
}
