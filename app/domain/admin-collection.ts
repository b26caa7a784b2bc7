// What the hub's collections are, as data both sides share (ADR 064): the item each tab holds,
// the view its loader returns, a refused save, and the part of a collection's declaration the
// server reads (labels, schema, toasts). The React parts of a declaration (rows, fields,
// slots) extend it in app/ui/admin/collections/; the server never sees them (ADR 065).
import type { z } from 'zod'
import type { FieldErrors } from './common.ts'
import type { TranslatedEntity, TranslationData } from './translation.ts'
import type {
  BlogPost,
  MediaItem,
  Project,
  ProcessStep,
  ResourceType,
  Skill,
  TimelineItem,
} from './types.ts'

/** What a failed save returns to the form: French messages per field and the typed values. */
export interface FormFailure {
  fieldErrors: FieldErrors
  values: Record<string, unknown>
  /** Form-level message (banner), when the failure is not tied to one field. */
  formError?: string
}

/** A tab's view, from its URL: the list, a new item's form, or an item's form. */
export type CrudView<T> =
  | { mode: 'list'; item: null; items: T[] }
  | { mode: 'create'; item: null; items: T[] }
  | { mode: 'edit'; item: T; items: T[] }

/** The collections, by tab id, and the item each one holds. */
export interface CollectionItems {
  projects: Project
  skills: Skill
  timeline: TimelineItem
  process: ProcessStep
  blog: BlogPost
  media: MediaItem
}
export type CollectionId = keyof CollectionItems

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
}

/** How a list row says an item's views. */
export function viewsLabel(views: number | undefined): string {
  const n = views ?? 0
  return `${n.toLocaleString('fr-FR')} vue${n > 1 ? 's' : ''}`
}

/** What the server reads of a collection's declaration. */
export interface CollectionDefinition<K extends CollectionId> {
  /** The tab id: its URL (/admin/<id>), its repository (server side), its drafts' scope. */
  id: K
  resourceType: ResourceType
  /** The same Zod schema the repository validates with (client-side check, no drift). */
  schema: z.ZodType
  nameOf: (item: CollectionItems[K]) => string
  /** Values for fields a browser omits (unticked boxes, emptied lists). */
  formDefaults?: Record<string, unknown>
  /** A new item's order defaults to the count + 1. */
  ordered?: boolean
  /** List parameters (filters) an action's redirect keeps. */
  keepParams?: readonly string[]
  labels: {
    heading: string
    add: string
    empty: string
    list: string
    create: string
    edit: string
    /** The exact French delete question. */
    deleteQuestion: string
    /** The 404 text of an unknown `?edit=` id. */
    missing: string
  }
  toasts: { created: string; updated: string; deleted: string; missing: string }
  /** What the owner translates of an item (ADR 075): its English form beside the French one. */
  translation?: TranslatedEntity
  /** The Markdown body of an item: a browser copy equal to a saved one is no unsaved work. */
  savedText?: (item: CollectionItems[K]) => string
}

/** One line of a diff between two revisions of a post. */
export interface DiffPart {
  kind: 'added' | 'removed' | 'same'
  text: string
}

/** A post's revisions, and the two compared (?de=…&a=…) when both exist (ADR 020). */
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
  now: string
}

/** The media list's filters, as the URL carries them. */
export interface MediaFilterValues {
  q: string
  category: string
  tag: string
}

/** The media tab's loader data: the filters, the tags to filter by, where each item is used. */
export type MediaData = CollectionData<MediaItem> & {
  tags: string[]
  filters: MediaFilterValues
  usages: Record<string, readonly string[]>
}
