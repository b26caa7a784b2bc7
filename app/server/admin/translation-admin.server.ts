// The English version of a hub item (ADR 075): saved from the form beside the French one
// (intent 'translate'), validated and authorised like every admin write. The hub stays French.
import type { CollectionDefinition } from '#app/domain/admin-collection.ts'
import type { CollectionId } from '#app/domain/collections/registry.ts'
import { toFieldErrors } from '#app/domain/common.ts'
import {
  ENGLISH_NAME_FIELDS,
  englishNameErrorKey,
  hasOwnPublication,
  PUBLICATION_FIELDS,
  TRANSLATABLE_FIELDS,
  translationSchema,
  type TermEntity,
  type TranslatedEntity,
} from '#app/domain/translation.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'
import { saveEnglishNames, saveTranslation } from '../repositories/translations.server.ts'
import { formFailure, notFound, type Actor } from './admin-actions.server.ts'

/** The form's English fields are named `en.<field>` beside the French ones. */
export const EN_FIELD_PREFIX = 'en.'

/** The English fields posted, by field name (other fields are ignored). */
function englishValues(entity: TranslatedEntity, values: Record<string, unknown>) {
  const english: Record<string, unknown> = {}
  const fields: readonly string[] = hasOwnPublication(entity)
    ? [...TRANSLATABLE_FIELDS[entity], ...PUBLICATION_FIELDS]
    : TRANSLATABLE_FIELDS[entity]
  for (const field of fields) {
    const value = values[`${EN_FIELD_PREFIX}${field}`]
    if (value !== undefined) english[field] = value
  }
  return english
}

/** Field errors under the form's English field names. */
function englishErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${EN_FIELD_PREFIX}${k}`, v]))
}

/** A posted list (one value or several), as texts. */
function postedList(values: Record<string, unknown>, name: string): string[] {
  const value = values[name]
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.map((entry) => (typeof entry === 'string' ? entry : ''))
}

/** The tag and category names an item has, by kind (only those may be named from its form). */
function namesOfItem(item: object): Record<TermEntity, ReadonlySet<string>> {
  const { tags, category } = item as { tags?: unknown; category?: unknown }
  return {
    tag: new Set(Array.isArray(tags) ? tags.filter((t) => typeof t === 'string') : []),
    category: new Set(typeof category === 'string' && category ? [category] : []),
  }
}

/**
 * The English names of the item's tags and category posted with its English form (ADR 094),
 * each checked as a French tag or category is; names the item does not have are ignored.
 */
function englishNamesPosted(
  item: object,
  values: Record<string, unknown>,
): { names: Record<TermEntity, Record<string, string>>; errors: Record<string, string> } {
  const kinds = postedList(values, ENGLISH_NAME_FIELDS.kind)
  const frenchNames = postedList(values, ENGLISH_NAME_FIELDS.french)
  const englishNames = postedList(values, ENGLISH_NAME_FIELDS.english)
  const allowed = namesOfItem(item)
  const names: Record<TermEntity, Record<string, string>> = { tag: {}, category: {} }
  const errors: Record<string, string> = {}
  kinds.forEach((kind, index) => {
    if (kind !== 'tag' && kind !== 'category') return
    const french = frenchNames[index] ?? ''
    if (!allowed[kind].has(french)) return
    const parsed = translationSchema(kind).safeParse({ name: englishNames[index] ?? '' })
    if (!parsed.success) {
      errors[englishNameErrorKey(kind, french)] =
        Object.values(toFieldErrors(parsed.error))[0] ?? 'Valeur invalide'
      return
    }
    names[kind][french] = parsed.data.name ?? ''
  })
  return { names, errors }
}

/**
 * Saves the English fields posted for `entity`'s item `id` (profile, settings, a legal page),
 * then back to `back` with a French toast; a refusal keeps the typing.
 */
export async function saveDocumentTranslation(
  request: Request,
  admin: Actor,
  target: {
    entity: TranslatedEntity
    id: string
    resourceType: 'profile' | 'settings'
    name: string
    back: string
    /**
     * The French document now: what the English fields translate (ADR 094). None for a legal
     * page, whose French side is a template built from the site's facts (ADR 089).
     */
    french?: object
  },
  values: Record<string, unknown>,
) {
  const english = englishValues(target.entity, values)
  const parsed = translationSchema(target.entity).safeParse(english)
  if (!parsed.success) {
    const errors = toFieldErrors(parsed.error)
    return formFailure(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${EN_FIELD_PREFIX}${k}`, v])),
      values,
    )
  }
  await saveTranslation(target.entity, target.id, 'en', parsed.data, undefined, target.french)
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: target.resourceType,
    resourceName: target.name,
    details: 'Version anglaise enregistrée',
  })
  return redirectWithToast(target.back, {
    kind: 'success',
    message: 'Version anglaise enregistrée',
  })
}

/**
 * Saves the English version of item `id` of `collection` (all fields blank: removes it), then
 * back to the item's form with a French toast.
 */
export async function saveItemTranslation<K extends CollectionId>(
  request: Request,
  admin: Actor,
  collection: CollectionDefinition<K>,
  entity: TranslatedEntity,
  form: { id: string; values: Record<string, unknown> },
  exists: (id: string) => Promise<{ id: string } | undefined>,
) {
  const item = form.id ? await exists(form.id) : undefined
  if (!item) return notFound(collection.toasts.missing)
  const english = englishValues(entity, form.values)
  const parsed = translationSchema(entity).safeParse(english)
  const named = englishNamesPosted(item, form.values)
  if (!parsed.success || Object.keys(named.errors).length > 0) {
    return formFailure(
      {
        ...(parsed.success ? {} : englishErrors(toFieldErrors(parsed.error))),
        ...named.errors,
      },
      form.values,
    )
  }
  // A post's English revision is signed by the admin, as its French ones (ADR 077); an
  // English slug another post answers at is refused like a French one (ADR 084).
  try {
    await saveTranslation(
      entity,
      item.id,
      'en',
      parsed.data,
      { id: admin.id, name: admin.name || admin.email },
      item,
    )
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return formFailure(englishErrors(error.fieldErrors), form.values)
  }
  // Names shared by every item that has the tag or category (ADR 094).
  await saveEnglishNames('tag', named.names.tag)
  await saveEnglishNames('category', named.names.category)
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: collection.resourceType,
    resourceId: item.id,
    resourceName: collection.nameOf(item as never),
    details: 'Version anglaise enregistrée',
  })
  // Back to the item's form (the tab's own URL, not the data request's).
  return redirectWithToast(
    `/admin/${collection.id}?edit=${encodeURIComponent(item.id)}&langue=en`,
    {
      kind: 'success',
      message: 'Version anglaise enregistrée',
    },
  )
}
