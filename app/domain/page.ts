// The owner's own pages (ADR 090): « Services », « Tarifs », « Now »… written in Markdown and
// served at /<slug> and /en/<slug>. A slug never takes an address of the app: the first
// segments its routes use are refused (checked against app/routes.ts by page.test.ts). No I/O.
import { z } from 'zod'
import { SEO_FIELDS } from './page-seo-schema.ts'
import { MAX_LENGTH, boolField, intField, optionalText, requiredText } from './common.ts'
import { SLUG_FORMAT_MESSAGE } from './blog.ts'

export const PAGE_STATUSES = ['draft', 'published'] as const
export type PageStatus = (typeof PAGE_STATUSES)[number]

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Brouillon',
  published: 'Publié',
}

/** A page as the application sees it. */
export interface Page {
  id: string
  slug: string
  title: string
  /** Markdown (ADR 020's pipeline renders it). */
  content: string
  status: PageStatus
  showInMenu: boolean
  showInFooter: boolean
  /** Its place among the pages of the menu and the footer (smallest first). */
  menuOrder: number
  seoTitle?: string
  seoDescription?: string
  ogImage?: string
  createdAt: string
  updatedAt?: string
}

export const PAGE_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cette page ?'
export const PAGE_SLUG_RESERVED_MESSAGE =
  'Cette adresse est déjà utilisée par le site : choisissez un autre slug.'
export const PAGE_SLUG_TAKEN_MESSAGE = 'Ce slug est déjà utilisé par une autre page'
export const PAGE_STATUS_MESSAGE = 'Le statut doit être Brouillon ou Publié'
export const PAGE_ORDER_MESSAGE = "L'ordre doit être un nombre entier positif ou nul"
export const PAGE_PREVIEW_BANNER = 'Aperçu : cette page n’est pas visible par les visiteurs'

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * First path segments a page may not take: every one the app's routes use (app/routes.ts,
 * checked by page.test.ts), the English prefix, the built files and the public folder's, and
 * the names a site keeps for itself.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // The public site and its English prefix.
  'en',
  'projects',
  'timeline',
  'blog',
  'gallery',
  'cv',
  'contact',
  'mentions-legales',
  'confidentialite',
  'conditions',
  'legal-notice',
  'privacy',
  'terms',
  // Resources, accounts, the hub.
  'api',
  'admin',
  'healthz',
  'media',
  'abonnement',
  'desabonnement',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'logout',
  'setup',
  'auth',
  'compte',
  'statistiques',
  // The former site's addresses (LEGACY_REDIRECTS).
  'portfolio',
  'about',
  'resume',
  'contact-us',
  'gallery-old',
  // Built files and the public folder.
  'assets',
  'images',
  'videos',
  'demo',
  'fonts',
  'favicon',
  // Files a site serves at its root, and names kept for later.
  'robots',
  'sitemap',
  'rss',
  'feed',
  'search',
  'recherche',
  'static',
  'well-known',
])

/** True when `/slug` would shadow (or be shadowed by) an address of the app. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase())
}

export const PageSchema = z.object({
  title: requiredText('Le titre est requis'),
  slug: requiredText('Le slug est requis')
    .regex(SLUG_PATTERN, { error: SLUG_FORMAT_MESSAGE })
    .refine((slug) => !isReservedSlug(slug), { error: PAGE_SLUG_RESERVED_MESSAGE }),
  // A page may be short, or empty while the owner writes it (an imported one can be).
  content: optionalText(MAX_LENGTH.long).transform((value) => value ?? ''),
  status: z.enum(PAGE_STATUSES, { error: PAGE_STATUS_MESSAGE }).default('draft'),
  showInMenu: boolField,
  showInFooter: boolField,
  menuOrder: intField({ message: PAGE_ORDER_MESSAGE, min: 0, default: 0 }),
  ...SEO_FIELDS,
})

export type PageFields = z.output<typeof PageSchema>
