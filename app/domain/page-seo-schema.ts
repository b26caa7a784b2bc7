// The per-page search and social fields as form fields (ADR 064's amendment), apart from
// page-seo.ts so that the public pages reading them do not load Zod.
import { optionalText, optionalUrl } from './common.ts'
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from './page-seo.ts'

const blankToEmpty = (value: string | undefined) => value ?? ''

/** Spread into a collection's object schema. */
export const SEO_FIELDS = {
  seoTitle: optionalText(SEO_TITLE_MAX).transform(blankToEmpty),
  seoDescription: optionalText(SEO_DESCRIPTION_MAX).transform(blankToEmpty),
  ogImage: optionalUrl().transform(blankToEmpty),
}
