// The English version of a hub item, beside its French form (ADR 075), and the list's marker
// of an item without one. The hub stays French; the English texts are the owner's.
import type { ReactNode } from 'react'
import { DiffParts } from './diff-parts.tsx'
import { Form, Link } from 'react-router'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import { listFieldName } from '#app/domain/common.ts'
import type { DiffPart, StaleField } from '#app/domain/stale-translation.ts'
import {
  ENGLISH_NAME_FIELDS,
  englishNameErrorKey,
  isTranslated,
  MULTILINE_FIELDS,
  TRANSLATABLE_FIELDS,
  TRANSLATION_FIELD_LABELS,
  type EnglishNameRow,
  type TranslatedEntity,
  type TranslationData,
} from '#app/domain/translation.ts'
import { SubmitButton } from './buttons.tsx'
import { TextAreaField, TextField } from './fields.tsx'
import { draftKey, MarkdownEditor } from './markdown-editor.tsx'
import { SeoFields } from './seo-fields.tsx'

/** The search and share fields, shown through the French form's own box (ADR 094). */
const SEO_FIELDS: readonly string[] = ['seoTitle', 'seoDescription', 'ogImage']

/** Where an English item lives, as the search result preview shows it. */
function englishPath(entity: TranslatedEntity, id: string, data: TranslationData | undefined) {
  const slug = typeof data?.slug === 'string' && data.slug ? data.slug : id
  if (entity === 'post') return `/en/blog/${slug}`
  if (entity === 'project') return `/en/projects/${id}`
  return '/en/'
}

/** The words of a stale translation's notice (ADR 094). */
export const STALE_TRANSLATION = 'Traduction à revoir'

/** Shown on a list row whose English version has a field to review (ADR 094). */
export function StaleTranslation({ stale }: { stale: boolean }) {
  if (!stale) return null
  return (
    <span
      data-testid="stale-translation"
      className="mt-1 ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900"
    >
      {STALE_TRANSLATION}
    </span>
  )
}

/** Old French → new French, word by word: removed words struck, added ones marked. */
function FrenchDifference({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <p lang="fr" className="mt-1 max-h-48 overflow-auto text-xs whitespace-pre-wrap text-zinc-700">
      <DiffParts parts={parts} />
    </p>
  )
}

/** Under a stale English field: the notice and what changed in French since it was translated. */
function StaleNotice({ stale }: { stale: StaleField }) {
  return (
    <div
      role="note"
      className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900"
    >
      <span className="font-semibold">{STALE_TRANSLATION}</span> : le texte français a changé depuis
      cette traduction.
      <FrenchDifference parts={stale.parts} />
    </div>
  )
}

/**
 * The English names of the item's tags and category (ADR 094): one name per French name,
 * shared by every item that has it; blank keeps the French name on the English site.
 */
function EnglishNames({
  rows,
  typed,
  errors,
}: {
  rows: readonly EnglishNameRow[]
  typed: Record<string, unknown> | undefined
  errors: Record<string, string> | undefined
}) {
  if (rows.length === 0) return null
  const typedNames = typed?.[ENGLISH_NAME_FIELDS.english]
  const typedList = Array.isArray(typedNames) ? typedNames : undefined
  return (
    <fieldset className="flex flex-col gap-3 rounded border border-zinc-200 p-4">
      <legend className="px-1 text-sm font-medium text-zinc-900">
        Étiquettes et catégorie en anglais
      </legend>
      <p className="text-xs text-zinc-600">
        Un nom anglais vaut pour tous les éléments qui portent ce nom ; vide, le nom français reste
        affiché sur le site anglais.
      </p>
      {rows.map((row, index) => (
        <div key={`${row.kind}:${row.french}`}>
          <input type="hidden" name={listFieldName(ENGLISH_NAME_FIELDS.kind)} value={row.kind} />
          <input
            type="hidden"
            name={listFieldName(ENGLISH_NAME_FIELDS.french)}
            value={row.french}
          />
          <TextField
            name={listFieldName(ENGLISH_NAME_FIELDS.english)}
            id={`en-name-${row.kind}-${index}`}
            label={`${row.kind === 'tag' ? 'Étiquette' : 'Catégorie'} « ${row.french} » (anglais)`}
            defaultValue={
              typeof typedList?.[index] === 'string' ? (typedList[index] as string) : row.english
            }
            error={errors?.[englishNameErrorKey(row.kind, row.french)]}
            lang="en"
          />
        </div>
      ))}
    </fieldset>
  )
}

/** Shown on a list row whose item has no English version. */
export function MissingTranslation({
  entity,
  data,
}: {
  entity: TranslatedEntity
  data: TranslationData | undefined
}) {
  if (isTranslated(entity, data)) return null
  return (
    <span
      data-testid="missing-translation"
      className="mt-1 inline-block rounded bg-sky-100 px-2 py-0.5 text-xs text-sky-900"
    >
      Traduction anglaise manquante
    </span>
  )
}

/** The URL parameter that opens an item's English form (`?edit=<id>&langue=en`). */
export const ENGLISH_PARAM = 'langue'

/** Under a French form: whether the item exists in English, and the way to its English form. */
export function TranslationLink({
  entity,
  data,
  href,
  note,
}: {
  entity: TranslatedEntity
  data: TranslationData | undefined
  href: string
  /** What replaces "publiée" for an item published on its own in English (a post, ADR 077). */
  note?: string
}) {
  return (
    <p className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-700">
      <span>
        {!isTranslated(entity, data)
          ? 'Version anglaise : manquante, cet élément n’apparaît pas sur le site anglais (/en/).'
          : (note ?? 'Version anglaise : publiée sur le site anglais (/en/).')}
      </span>
      <Link to={href} className="font-medium text-violet-700 underline">
        Modifier la version anglaise
      </Link>
    </p>
  )
}

/** The English fields of one item, saved on their own (intent 'translate'). */
export function TranslationPanel({
  entity,
  id,
  data,
  failure,
  title = 'Version anglaise',
  reference,
  back,
  note,
  children,
  stale = [],
  names = [],
}: {
  /** The English fields whose French text changed since they were translated (ADR 094). */
  stale?: readonly StaleField[]
  /** The item's tags and category with their English names (ADR 094). */
  names?: readonly EnglishNameRow[]
  /** What replaces "publié aussi" for an item published on its own in English (ADR 077). */
  note?: string
  /** More English fields after the texts (a post's status and date). */
  children?: ReactNode
  /** The French texts, shown beside each English field. */
  reference?: Record<string, unknown>
  /** Back to the French form. */
  back?: string
  entity: TranslatedEntity
  id: string
  data: TranslationData | undefined
  failure: FormFailure | undefined
  /** The panel's heading, when a page has several (the legal pages). */
  title?: string
}) {
  const headingId = `translation-title-${entity}-${id}`
  // After a refused English save, what the admin typed; otherwise the stored English text.
  const typed = failure?.values
  const fromEnglishForm = typed && Object.keys(typed).some((k) => k.startsWith('en.'))
  const withSeo = SEO_FIELDS.every((field) =>
    (TRANSLATABLE_FIELDS[entity] as readonly string[]).includes(field),
  )
  return (
    <section
      aria-labelledby={headingId}
      lang="fr"
      className="mt-6 rounded-lg border border-zinc-200 bg-white p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-zinc-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        {!isTranslated(entity, data)
          ? 'Sans version anglaise, cet élément n’apparaît pas sur le site anglais (/en/).'
          : (note ?? 'Cet élément est publié aussi sur le site anglais (/en/).')}
      </p>
      {stale.length > 0 ? (
        <p
          data-testid="stale-translation"
          className="mb-4 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900"
        >
          {STALE_TRANSLATION} : le texte français a changé depuis la dernière traduction.
          Enregistrer la version anglaise la marque à jour.
        </p>
      ) : null}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="entity" value={entity} />
        {TRANSLATABLE_FIELDS[entity].map((field) => {
          if (withSeo && SEO_FIELDS.includes(field)) return null
          const name = `en.${field}`
          const stored = data?.[field] ?? ''
          const value = fromEnglishForm && typeof typed[name] === 'string' ? typed[name] : stored
          const props = {
            name,
            label: `${TRANSLATION_FIELD_LABELS[field] ?? field} (anglais)`,
            defaultValue: value,
            error: fromEnglishForm ? failure?.fieldErrors[name] : undefined,
            lang: 'en',
          }
          const french = reference?.[field]
          const staleField = stale.find((entry) => entry.field === field)
          return (
            <div key={field} className="flex flex-col gap-1">
              {(field as string) === 'content' ? (
                // The French form's Markdown editor: toolbar and preview (ADR 094).
                <MarkdownEditor
                  name={name}
                  label={props.label}
                  defaultValue={value}
                  savedValue={stored}
                  storageKey={`${draftKey(entity, id)}:en`}
                  error={props.error}
                />
              ) : MULTILINE_FIELDS.has(field) ? (
                <TextAreaField rows={field === 'content' || field === 'text' ? 10 : 4} {...props} />
              ) : (
                <TextField {...props} />
              )}
              {typeof french === 'string' && french ? (
                <p lang="fr" className="line-clamp-3 text-xs whitespace-pre-wrap text-zinc-500">
                  <span className="font-medium">En français : </span>
                  {french}
                </p>
              ) : null}
              {staleField ? <StaleNotice stale={staleField} /> : null}
            </div>
          )
        })}
        {withSeo ? (
          <div>
            <SeoFields
              prefix="en."
              labelSuffix=" (anglais)"
              field={(name, stored) => ({
                name,
                defaultValue:
                  fromEnglishForm && typeof typed[name] === 'string'
                    ? typed[name]
                    : typeof stored === 'string'
                      ? stored
                      : '',
                error: fromEnglishForm ? failure?.fieldErrors[name] : undefined,
              })}
              stored={{
                seoTitle: String(data?.seoTitle ?? ''),
                seoDescription: String(data?.seoDescription ?? ''),
                ogImage: String(data?.ogImage ?? ''),
              }}
              defaults={{
                title: 'en.title',
                description: entity === 'post' ? 'en.excerpt' : 'en.description',
                image: '',
              }}
              path={englishPath(entity, id, data)}
            />
            {stale
              .filter((entry) => SEO_FIELDS.includes(entry.field))
              .map((entry) => (
                <StaleNotice key={entry.field} stale={entry} />
              ))}
          </div>
        ) : null}
        <EnglishNames
          rows={names}
          typed={fromEnglishForm ? typed : undefined}
          errors={fromEnglishForm ? failure?.fieldErrors : undefined}
        />
        {children}
        <div>
          <SubmitButton intent="translate" pendingLabel="Enregistrement…">
            Enregistrer la version anglaise
          </SubmitButton>
          {back ? (
            <Link to={back} className="ml-4 text-sm text-violet-700 underline">
              Retour à la version française
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  )
}
