import { buildMeta, siteSeoFromMatches, type PageSeo } from '#app/domain/seo.ts'
import { localeOfMatches } from '#app/domain/i18n/locale.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'
import { translate } from '#app/domain/i18n/translate.ts'

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[]

/** Meta tags of a public page from its content and the root loader's site settings. */
export function pageMeta(matches: Matches, page: PageSeo) {
  return buildMeta(siteSeoFromMatches(matches), page, localeOfMatches(matches))
}

/** Meta tags of a section page whose title and description are catalogue messages (ADR 075). */
export function sectionMeta(
  matches: Matches,
  path: string,
  keys: { title: MessageKey; description: MessageKey },
) {
  const locale = localeOfMatches(matches)
  return pageMeta(matches, {
    title: translate(locale, keys.title),
    description: translate(locale, keys.description),
    path,
  })
}
