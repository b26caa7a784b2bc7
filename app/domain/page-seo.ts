// Per-page search and social fields of posts and projects (ADR 064's amendment): an optional
// title and description for search engines and an Open Graph image from the library. Empty
// means the page's own defaults (its title, excerpt or description, thumbnail). No I/O, and no
// Zod: public pages import this module (the form fields are in page-seo-schema.ts).

/** What search engines show whole; longer texts are refused, not cut. */
export const SEO_TITLE_MAX = 70
export const SEO_DESCRIPTION_MAX = 200

export interface PageSeoFields {
  seoTitle?: string
  seoDescription?: string
  ogImage?: string
}

/** The page's title, description and image: the owner's SEO fields, else the defaults. */
export function effectiveSeo(
  fields: PageSeoFields,
  defaults: { title: string; description: string; image: string },
): { title: string; description: string; image: string } {
  return {
    title: fields.seoTitle?.trim() || defaults.title,
    description: fields.seoDescription?.trim() || defaults.description,
    image: fields.ogImage?.trim() || defaults.image,
  }
}
