import { buildMeta, siteSeoFromMatches, type PageSeo } from '#app/domain/seo.ts'
import { localeOfMatches } from '#app/domain/i18n/locale.ts'

/** Meta tags of a public page from its content and the root loader's site settings. */
export function pageMeta(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  page: PageSeo,
) {
  return buildMeta(siteSeoFromMatches(matches), page, localeOfMatches(matches))
}
