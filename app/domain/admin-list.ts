// The admin lists' search, filters, sort, page and bulk actions (ADR 091, ADR 099): each list
// declares its shape once (`ListSpec`: its filters, sorts, page size and bulk actions); the
// URL is read and written from that shape (back and forward restore a list), and the bulk
// form is parsed by a schema made from it, used by the action.
import './zod-config.ts'
import { z } from 'zod'
import { MEDIA_CATEGORY_LABELS } from './media.ts'
import { MESSAGES_PAGE_SIZE } from './message.ts'
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES } from './newsletter.ts'
import { STATUS_LABELS } from './publishing.ts'
import { MEDIA_CATEGORIES } from './types.ts'

export const BULK_ACTION_LABELS = {
  publish: 'Publier',
  unpublish: 'Dépublier',
  feature: 'Mettre en vedette',
  unfeature: 'Retirer de la vedette',
  read: 'Marquer comme lu',
  archive: 'Archiver',
  tag: 'Ajouter une étiquette',
  delete: 'Supprimer',
}
export type BulkAction = keyof typeof BULK_ACTION_LABELS

interface Choice {
  value: string
  label: string
}

/** One select of a list's filters. */
export interface ListFilterSpec {
  /** Its URL parameter. */
  param: string
  label: string
  /** The first option, no filter (« Tous les statuts »). */
  all: string
  /** The values it accepts; absent: values read from the data (the tags in use). */
  options?: readonly Choice[]
}

/** An admin list's shape: what its URL may say and what its bulk form may ask. */
export interface ListSpec {
  filters: readonly ListFilterSpec[]
  /** The sorts offered; the first is the default. */
  sorts: readonly Choice[]
  pageSize: number
  bulk: readonly BulkAction[]
  /** URL parameters that belong to the list but not to its filter form (kept as they are). */
  extraParams?: readonly string[]
}

/** The list as the URL asks for it; anything unknown falls back to the default. */
export interface ListQuery {
  q: string
  /** Each filter's value by its parameter; '' = no filter. */
  filters: Record<string, string>
  sort: string
  page: number
}

/** A filter's value from the data (a tag): a bound on its length, nothing else. */
const MAX_FREE_VALUE = 100

/** `?q=…&<filters>&tri=…&page=N` of an admin list. */
export function readListQuery(spec: ListSpec, params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'))
  const filters: Record<string, string> = {}
  for (const filter of spec.filters) {
    const value = (params.get(filter.param) ?? '').trim()
    filters[filter.param] = filter.options
      ? filter.options.some((o) => o.value === value)
        ? value
        : ''
      : value.slice(0, MAX_FREE_VALUE)
  }
  const sort = params.get('tri') ?? ''
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    filters,
    sort: spec.sorts.some((s) => s.value === sort) ? sort : (spec.sorts[0]?.value ?? ''),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  }
}

/** The URL parameters of a list query (defaults left out), for links and redirects. */
export function listParams(
  spec: ListSpec,
  query: ListQuery,
  page = query.page,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value)
  if (query.q) params.set('q', query.q)
  for (const filter of spec.filters) {
    const value = query.filters[filter.param]
    if (value) params.set(filter.param, value)
  }
  if (query.sort !== spec.sorts[0]?.value) params.set('tri', query.sort)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The list parameters kept after a save or a bulk action. */
export function listParamNames(spec: ListSpec): string[] {
  return [...(spec.extraParams ?? []), 'q', ...spec.filters.map((f) => f.param), 'tri', 'page']
}

/** A free tag, exact match (projects and media). */
const TAG_FILTER: ListFilterSpec = { param: 'tag', label: 'Tag', all: 'Tous les tags' }

/** By the date an item was added, newest or oldest first (projects and media). */
const ADDED_SORTS = [
  { value: 'recent', label: 'Ajoutés récemment' },
  { value: 'oldest', label: 'Ajoutés en premier' },
] as const

const LANGUAGE_FILTER: ListFilterSpec = {
  param: 'version',
  label: 'Langue',
  all: 'Toutes les langues',
  options: [
    { value: 'en', label: 'Avec version anglaise' },
    { value: 'fr', label: 'Français seulement' },
  ],
}

/** Posts (ADR 091): the effective status, the English version, four sorts, pages of 50. */
export const POSTS_LIST: ListSpec = {
  filters: [
    {
      param: 'statut',
      label: 'Statut',
      all: 'Tous les statuts',
      options: (['draft', 'scheduled', 'published'] as const).map((s) => ({
        value: s,
        label: STATUS_LABELS[s],
      })),
    },
    LANGUAGE_FILTER,
  ],
  sorts: [
    { value: 'recent', label: 'Plus récents' },
    { value: 'oldest', label: 'Plus anciens' },
    { value: 'title', label: 'Titre (A → Z)' },
    { value: 'published', label: 'Date de publication' },
  ],
  pageSize: 50,
  bulk: ['publish', 'unpublish', 'delete', 'tag'],
}

/** Rows on one page of the posts' admin list. */
export const ADMIN_PAGE_SIZE = POSTS_LIST.pageSize

/**
 * Projects (ADR 099): they have no publication status, so « En vedette » stands for it (the
 * home page shows the featured ones); the English version; a tag; pages of 24.
 */
export const PROJECTS_LIST: ListSpec = {
  filters: [
    {
      param: 'vedette',
      label: 'Mise en avant',
      all: 'Tous les projets',
      options: [
        { value: 'oui', label: 'En vedette' },
        { value: 'non', label: 'Hors vedette' },
      ],
    },
    LANGUAGE_FILTER,
    TAG_FILTER,
  ],
  sorts: [
    { value: 'date', label: 'Date du projet' },
    { value: 'title', label: 'Titre (A → Z)' },
    ...ADDED_SORTS,
  ],
  pageSize: 24,
  bulk: ['feature', 'unfeature', 'tag', 'delete'],
}

/** Media (ADR 099): the type and a tag, the library's order first; pages of 24. */
export const MEDIA_LIST: ListSpec = {
  filters: [
    {
      param: 'category',
      label: 'Catégorie',
      all: 'Toutes les catégories',
      options: MEDIA_CATEGORIES.map((c) => ({ value: c, label: MEDIA_CATEGORY_LABELS[c] })),
    },
    TAG_FILTER,
  ],
  sorts: [
    { value: 'order', label: 'Ordre de la galerie' },
    ...ADDED_SORTS,
    { value: 'title', label: 'Titre (A → Z)' },
  ],
  pageSize: 24,
  bulk: ['tag', 'delete'],
}

/**
 * Messages (ADR 099): the status stays the tab's own filter buttons (`status`, beside the
 * form); a search and two sorts; the status transitions as bulk actions (read only from
 * « new », archive from any status).
 */
export const MESSAGES_LIST: ListSpec = {
  filters: [],
  sorts: [
    { value: 'recent', label: 'Plus récents' },
    { value: 'oldest', label: 'Plus anciens' },
  ],
  pageSize: MESSAGES_PAGE_SIZE,
  bulk: ['read', 'archive', 'delete'],
  extraParams: ['status'],
}

/**
 * The newsletter's subscribers (ADR 097, ADR 099): a status and a language; one order (the
 * newest first) and no bulk action; the tab shows its 500 newest matches.
 */
export const SUBSCRIBERS_LIST: ListSpec = {
  filters: [
    {
      param: 'statut',
      label: 'Statut',
      all: 'Tous',
      options: SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: SUBSCRIBER_STATUS_LABELS[s] })),
    },
    {
      param: 'langue',
      label: 'Langue',
      all: 'Toutes',
      options: [
        { value: 'fr', label: 'Français' },
        { value: 'en', label: 'Anglais' },
      ],
    },
  ],
  sorts: [{ value: 'recent', label: 'Plus récents' }],
  pageSize: 500,
  bulk: [],
}

/** The posts list as the URL asks for it (ADR 091). */
export function readAdminListQuery(params: URLSearchParams): ListQuery {
  return readListQuery(POSTS_LIST, params)
}

/** The posts list parameters kept after a save or a bulk action. */
export const ADMIN_LIST_PARAMS = listParamNames(POSTS_LIST)

export const BULK_NONE_SELECTED = 'Sélectionnez au moins un élément'
export const BULK_TAG_REQUIRED = "Saisissez l'étiquette à ajouter"

/** A list's bulk form: one of its actions, the ticked rows (one page at most), the tag to add. */
export function bulkActionSchema(spec: ListSpec) {
  const actions = spec.bulk as [BulkAction, ...BulkAction[]]
  return z
    .object({
      action: z.enum(actions, { error: 'Choisissez une action' }),
      ids: z
        .array(z.string().min(1).max(100))
        .min(1, BULK_NONE_SELECTED)
        .max(spec.pageSize, `Au plus ${spec.pageSize} éléments à la fois`),
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
}

/** « Supprimer N éléments ? » */
export function bulkDeleteQuestion(count: number): string {
  return count > 1 ? `Supprimer ${count} éléments ?` : 'Supprimer 1 élément ?'
}

/** The French toast after a bulk action on `count` items. */
export function bulkDoneMessage(action: BulkAction, count: number): string {
  const s = count > 1 ? 's' : ''
  const items = `${count} élément${s}`
  switch (action) {
    case 'publish':
      return `${items} publié${s}`
    case 'unpublish':
      return `${items} dépublié${s}`
    case 'feature':
      return `${items} mis en vedette`
    case 'unfeature':
      return `${items} retiré${s} de la vedette`
    case 'read':
      return `${items} marqué${s} comme lu${s}`
    case 'archive':
      return `${items} archivé${s}`
    case 'delete':
      return `${items} supprimé${s}`
    case 'tag':
      return `Étiquette ajoutée à ${items}`
  }
}
