// What the hub's collections share as data (ADR 064, ADR 079): the view a tab's loader
// returns, a refused save, and the loader data of the tabs with more. Each collection is
// declared once in app/domain/collections/<id>.ts; the UI adds its rows, fields and slots in
// app/ui/admin/collections/, the server its repository (ADR 065).
import type { ListQuery } from './admin-list.ts'
import type { AutosaveView } from './autosave.ts'
import type { FieldErrors } from './common.ts'
import type { CollectionDeclaration } from './collections/define.ts'
import type { CollectionId, CollectionItems } from './collections/registry.ts'
import type { StaleField } from './stale-translation.ts'
import type { EnglishNameRow, TranslationData } from './translation.ts'
import type { Page } from './page.ts'
import type { BlogPost, MediaItem, Project } from './types.ts'

/** What a failed save returns to the form: French messages per field and the typed values. */
export interface FormFailure {
  fieldErrors: FieldErrors
  values: Record<string, unknown>
  /** Form-level message (banner), when the failure is not tied to one field. */
  formError?: string
}

/**
 * The hidden field of an edit form holding the item's `updatedAt` when the form was opened: a
 * save whose item changed since is refused, nothing changed (ADR 087).
 */
export const VERSION_FIELD = 'version'
/** An item's version: when it was last saved (a never-edited item: when it was created). */
export function versionOf(item: { updatedAt?: string | null; createdAt?: string }): string {
  return item.updatedAt ?? item.createdAt ?? ''
}
export const STALE_SAVE_MESSAGE =
  'Cet élément a été modifié ailleurs depuis que vous l’avez ouvert. Vos saisies sont conservées ci-dessous : copiez-les, puis rechargez la page pour repartir de la dernière version.'

/** A tab's view, from its URL: the list, a new item's form, or an item's form. */
export type CrudView<T> =
  | { mode: 'list'; item: null; items: T[] }
  | { mode: 'create'; item: null; items: T[] }
  | { mode: 'edit'; item: T; items: T[] }

/**
 * What a collection tab's loader returns at least: the view, a new item's order, the items'
 * English versions when the collection has them (ADR 075), and the page views of posts and
 * projects (ADR 072).
 */
export type CollectionData<T> = CrudView<T> & {
  nextOrder: number
  translations?: Record<string, TranslationData>
  /** All-time page views of each item's public page, by id (posts and projects, ADR 072). */
  views?: Record<string, number>
  /** The items whose English version has a field to review (ADR 094). */
  staleIds?: string[]
  /** The edited item's English fields to review, with the French difference (ADR 094). */
  stale?: StaleField[]
  /** The English names of the edited item's tags and category (ADR 094). */
  englishNames?: EnglishNameRow[]
}

/** How a list row says an item's views. */
export function viewsLabel(views: number | undefined): string {
  const n = views ?? 0
  return `${n.toLocaleString('fr-FR')} vue${n > 1 ? 's' : ''}`
}

/** A collection's declaration (app/domain/collections/), by tab id. */
export type CollectionDefinition<K extends CollectionId> = CollectionDeclaration<
  K,
  CollectionItems[K]
>

/** One line of a diff between two revisions of a post or a page. */
export interface DiffPart {
  kind: 'added' | 'removed' | 'same'
  text: string
}

/** A post's or a page's revisions, and the two compared (?de=…&a=…) when both exist (ADRs 020, 101). */
export interface RevisionsView {
  revisions: { id: string; title: string; authorName: string; createdAt: string }[]
  diff: { from: string; to: string; parts: DiffPart[] } | null
}

/** The blog tab's loader data. */
export type BlogData = CollectionData<BlogPost> & {
  defaultAuthor: string
  defaultAvatar: string
  taxonomy: { categories: string[]; tags: string[] }
  revisions: RevisionsView | null
  /** The admin's autosave of the post being edited, in the form's language (ADR 092). */
  autosave: AutosaveView | null
  now: string
  /** The list's search, filters, sort and page (ADR 091); absent in the form views. */
  listing?: AdminListing
}

/** The pages tab's loader data: the revisions of the page being edited (ADR 101). */
export type PagesData = CollectionData<Page> & { revisions: RevisionsView | null }

/**
 * One page of an admin list (ADR 091, ADR 099): the query the URL asked for (its page the one
 * shown), the count of matching rows, and the values of the filters read from the data.
 */
export interface AdminListing {
  query: ListQuery
  total: number
  pageCount: number
  /** A data-driven filter's values by its parameter (the tags in use). */
  choices?: Record<string, string[]>
}

/** The projects tab's loader data: the owner's word over a project's tags (ADR 092). */
export type ProjectsData = CollectionData<Project> & { tagsLabel: string; listing?: AdminListing }

/** The media tab's loader data: its page, and where each item of it is used. */
export type MediaData = CollectionData<MediaItem> & {
  listing?: AdminListing
  usages: Record<string, readonly string[]>
}
