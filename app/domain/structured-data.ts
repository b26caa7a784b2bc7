// JSON-LD structured data (ADR 020): schema.org Person (home, CV),
// BlogPosting (post), CreativeWork (project), BreadcrumbList. Built in loaders from the
// content and PUBLIC_URL; serialised so that stored text can never close the <script>.
import { absoluteUrl } from './seo.ts'
import { EN_PREFIX, type Locale } from './i18n/locale.ts'

/** The content's language (ADR 074). */
const LANGUAGE_TAGS: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' }

export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string }

const CONTEXT = 'https://schema.org' as const

const JSON_LD_UNSAFE = /[<>&\u2028\u2029]/g
const JSON_LD_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** JSON safe inside <script type="application/ld+json">: no "<", ">", "&" or line separators as such. */
export function serializeJsonLd(data: unknown): string {
  // One pass over the JSON instead of five (ADR 040).
  return JSON.stringify(data).replace(JSON_LD_UNSAFE, (c) => JSON_LD_ESCAPES[c]!)
}

export interface PersonInput {
  name: string
  jobTitle?: string
  description?: string
  image?: string
  /** Public profile links (GitHub, LinkedIn, site…). */
  sameAs?: (string | undefined)[]
}

export function personLd(origin: string, person: PersonInput): JsonLd {
  const sameAs = (person.sameAs ?? []).filter((u): u is string => !!u && /^https?:\/\//i.test(u))
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: person.name,
    url: `${origin}/`,
    ...(person.jobTitle ? { jobTitle: person.jobTitle } : {}),
    ...(person.description ? { description: person.description } : {}),
    ...(person.image ? { image: absoluteUrl(origin, person.image) } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
}

export function blogPostingLd(
  origin: string,
  post: {
    slug: string
    title: string
    excerpt: string
    thumbnail: string
    category: string
    tags: string[]
    publishedAt: string
    updatedAt?: string
    author: { name: string }
  },
  siteName: string,
  locale: Locale = 'fr',
): JsonLd {
  const url = `${origin}${locale === 'en' ? EN_PREFIX : ''}/blog/${encodeURIComponent(post.slug)}`
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title.slice(0, 110),
    description: post.excerpt,
    image: [absoluteUrl(origin, post.thumbnail)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt ?? post.publishedAt,
    author: { '@type': 'Person', name: post.author.name || siteName, url: `${origin}/` },
    publisher: { '@type': 'Organization', name: siteName, url: `${origin}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    articleSection: post.category,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    inLanguage: LANGUAGE_TAGS[locale],
  }
}

export function creativeWorkLd(
  origin: string,
  project: {
    id: string
    title: string
    description: string
    thumbnail: string
    tags: string[]
    createdAt: string
    updatedAt?: string
    url?: string
  },
  creatorName: string,
  locale: Locale = 'fr',
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'CreativeWork',
    name: project.title,
    description: project.description,
    image: absoluteUrl(origin, project.thumbnail),
    url: `${origin}${locale === 'en' ? EN_PREFIX : ''}/projects/${encodeURIComponent(project.id)}`,
    dateCreated: project.createdAt,
    dateModified: project.updatedAt ?? project.createdAt,
    creator: { '@type': 'Person', name: creatorName },
    ...(project.tags.length > 0 ? { keywords: project.tags.join(', ') } : {}),
    ...(project.url ? { sameAs: project.url } : {}),
    inLanguage: LANGUAGE_TAGS[locale],
  }
}

/** Trail from the home page: [["Accueil", "/"], ["Blog", "/blog"], [title, path]]. */
export function breadcrumbLd(
  origin: string,
  trail: readonly (readonly [string, string])[],
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(origin, path),
    })),
  }
}
