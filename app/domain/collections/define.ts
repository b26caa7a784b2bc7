// How a hub collection is declared (ADR 064, ADR 079): everything the server and the UI both
// read about it, in one object per collection (app/domain/collections/<id>.ts), in the habit
// of Payload's collection configs. No I/O and no React: the UI adds its rows, fields and slots
// (app/ui/admin/collections/<id>.tsx), the server binds the id to a repository
// (app/server/admin/admin-collections.server.ts).
import '#app/domain/zod-config.ts'
import { z } from 'zod'
import { ADMIN_TABS, type AdminTabId } from '#app/domain/admin-tabs.ts'
import type { ResourceType } from '#app/domain/activity.ts'

/** Every French text of a collection tab. */
export interface CollectionLabels {
  /** The tab's heading; the tab's menu label (ADMIN_TABS) unless declared. */
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

/** The toasts after a create, update or delete, and the refusal of a vanished item. */
export interface CollectionToasts {
  created: string
  updated: string
  deleted: string
  missing: string
  /** A save refused because the item changed elsewhere since its form was opened (ADR 087). */
  stale?: string
}

/**
 * What the owner translates of an item (ADR 075): the key of its English versions, the fields
 * that have one, the ones that must be filled for the item to exist in English, and the
 * schema that checks what the hub sends, derived from the French schema (ADR 079).
 */
/** The keys the translations table stores the collections' English versions under. */
export type CollectionEntity =
  'project' | 'post' | 'skill' | 'timeline' | 'process' | 'media' | 'page'

export interface EnglishVersion<E extends string = string, F extends string = string> {
  entity: E
  fields: readonly F[]
  required: readonly F[]
  /** Strict (unknown fields refused); each field optional, blank = absent. */
  schema: z.ZodObject
}

/** One collection, as both sides read it. */
export interface CollectionDeclaration<K extends AdminTabId, T> {
  /** The tab id: its URL (/admin/<id>), its repository (server side), its drafts' scope. */
  id: K
  resourceType: ResourceType
  /** The same Zod schema the repository validates with (client-side check, no drift). */
  schema: z.ZodType
  nameOf: (item: T) => string
  /** Values for fields a browser omits (unticked boxes, emptied lists). */
  formDefaults?: Record<string, unknown>
  /** A new item's order defaults to the count + 1. */
  ordered?: boolean
  /** List parameters (filters) an action's redirect keeps. */
  keepParams?: readonly string[]
  labels: CollectionLabels
  toasts: CollectionToasts
  /** Its English version (ADR 075), when the owner may translate it. */
  translation?: EnglishVersion<CollectionEntity>
  /** The item's public page, whose views the list shows (ADR 072). */
  publicPath?: (item: T) => string
  /** The Markdown body of an item: a browser copy equal to a saved one is no unsaved work. */
  savedText?: (item: T) => string
}

/** The item type a declaration holds. */
export type ItemOf<D> = D extends CollectionDeclaration<AdminTabId, infer T> ? T : never

type Declared<K extends AdminTabId, T> = Omit<CollectionDeclaration<K, T>, 'labels'> & {
  labels: Omit<CollectionLabels, 'heading'> & { heading?: string }
}

/**
 * Declares the collection of items `T` (`declareCollection<Project>()({...})`, so the id is
 * inferred); its heading defaults to the tab's menu label.
 */
export function declareCollection<T>() {
  return <K extends AdminTabId, E extends EnglishVersion | undefined = undefined>(
    declared: Declared<K, T> & { translation?: E },
  ): Omit<CollectionDeclaration<K, T>, 'translation'> & { translation: E } => {
    const tab = ADMIN_TABS.find((t) => t.id === declared.id)
    const heading = declared.labels.heading ?? tab?.label ?? declared.id
    return {
      ...declared,
      translation: declared.translation as E,
      labels: { ...declared.labels, heading },
    }
  }
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * The English version of `fields` of the French `schema`: the same rules and French messages
 * (`schema.pick`), each field optional (blank = not translated). `rules` replaces a field's
 * rule where English needs a step first (a post's slug is made from what was typed).
 */
export function englishVersion<
  E extends string,
  S extends z.ZodObject,
  F extends keyof S['shape'] & string,
>(
  entity: E,
  schema: S,
  fields: readonly F[],
  required: readonly F[],
  rules: Partial<Record<F, z.ZodType>> = {},
): EnglishVersion<E, F> {
  const picked = schema.pick(Object.fromEntries(fields.map((field) => [field, true])) as never)
  const shape: Record<string, z.ZodType> = {}
  for (const [field, rule] of Object.entries(picked.shape as Record<string, z.ZodType>)) {
    const own = rules[field as F] ?? rule
    shape[field] = z.preprocess((value) => (isBlank(value) ? undefined : value), own.optional())
  }
  return { entity, fields, required, schema: z.strictObject(shape) }
}
