import { buildMeta, siteSeoFromMatches, type PageSeo } from '#app/domain/seo.ts'

/** Meta tags of a public page from its content and the root loader's site settings. */
export function pageMeta(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  page: PageSeo,
) {
  return buildMeta(siteSeoFromMatches(matches), page)
}
