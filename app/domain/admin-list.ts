// The admin lists' search, filters, sort, page and bulk actions (ADR 091): read from the URL
// (back and forward restore a list), and one schema for the bulk form, used by the action.
import './zod-config.ts'
import { z } from 'zod'

/** Rows on one page of an admin list. */
export const ADMIN_PAGE_SIZE = 50

export const ADMIN_STATUSES = ['draft', 'scheduled', 'published'] as const
export const ADMIN_LANGUAGES = ['en', 'fr'] as const
export const ADMIN_SORTS = ['recent', 'oldest', 'title', 'published'] as const

export type AdminStatus = (typeof ADMIN_STATUSES)[number]
/** 'en': has an English version; 'fr': French only. */
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number]
export type AdminSort = (typeof ADMIN_SORTS)[number]

export const ADMIN_SORT_LABELS: Record<AdminSort, string> = {
  recent: 'Plus récents',
  oldest: 'Plus anciens',
  title: 'Titre (A → Z)',
  published: 'Date de publication',
}

export const ADMIN_LANGUAGE_LABELS: Record<AdminLanguage, string> = {
  en: 'Avec version anglaise',
  fr: 'Français seulement',
}

/** The list as the URL asks for it; anything unknown falls back to the default. */
export interface AdminListQuery {
  q: string
  status: AdminStatus | ''
  language: AdminLanguage | ''
  sort: AdminSort
  page: number
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.includes(value as T) ? (value as T) : ''
}

/** `?q=…&statut=…&langue-filtre=…&tri=…&page=N` of an admin list. */
export function readAdminListQuery(params: URLSearchParams): AdminListQuery {
  const page = Number(params.get('page'))
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    status: oneOf(ADMIN_STATUSES, params.get('statut')),
    language: oneOf(ADMIN_LANGUAGES, params.get('version')),
    sort: oneOf(ADMIN_SORTS, params.get('tri')) || 'recent',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  }
}

/** The URL parameters of a list query (defaults left out), for links and redirects. */
export function adminListParams(query: AdminListQuery, page = query.page): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.status) params.set('statut', query.status)
  if (query.language) params.set('version', query.language)
  if (query.sort !== 'recent') params.set('tri', query.sort)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The list parameters kept after a save or a bulk action. */
export const ADMIN_LIST_PARAMS = ['q', 'statut', 'version', 'tri', 'page'] as const

export const BULK_ACTIONS = ['publish', 'unpublish', 'delete', 'tag'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  publish: 'Publier',
  unpublish: 'Dépublier',
  delete: 'Supprimer',
  tag: 'Ajouter une étiquette',
}

export const BULK_NONE_SELECTED = 'Sélectionnez au moins un élément'
export const BULK_TAG_REQUIRED = "Saisissez l'étiquette à ajouter"

/** The bulk form: the action, the ticked rows (one page at most) and, to tag, the tag. */
export const BulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: 'Choisissez une action' }),
    ids: z
      .array(z.string().min(1).max(100))
      .min(1, BULK_NONE_SELECTED)
      .max(ADMIN_PAGE_SIZE, `Au plus ${ADMIN_PAGE_SIZE} éléments à la fois`),
    tag: z
      .string()
      .trim()
      .max(50, "L'étiquette est trop longue (50 caractères au plus)")
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'tag' && !value.tag)
      ctx.addIssue({ code: 'custom', path: ['tag'], message: BULK_TAG_REQUIRED })
  })

export type BulkActionInput = z.infer<typeof BulkActionSchema>

/** « Supprimer N éléments ? » */
export function bulkDeleteQuestion(count: number): string {
  return count > 1 ? `Supprimer ${count} éléments ?` : 'Supprimer 1 élément ?'
}

/** The French toast after a bulk action on `count` items. */
export function bulkDoneMessage(action: BulkAction, count: number): string {
  const s = count > 1 ? 's' : ''
  switch (action) {
    case 'publish':
      return `${count} élément${s} publié${s}`
    case 'unpublish':
      return `${count} élément${s} dépublié${s}`
    case 'delete':
      return `${count} élément${s} supprimé${s}`
    case 'tag':
      return `Étiquette ajoutée à ${count} élément${s}`
  }
}
