// The English version of a hub item, beside its French form (ADR 075), and the list's marker
// of an item without one. The hub stays French; the English texts are the owner's.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import {
  isTranslated,
  MULTILINE_FIELDS,
  TRANSLATABLE_FIELDS,
  TRANSLATION_FIELD_LABELS,
  type TranslatedEntity,
  type TranslationData,
} from '#app/domain/translation.ts'
import { SubmitButton } from './buttons.tsx'
import { TextAreaField, TextField } from './fields.tsx'

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
}: {
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
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="entity" value={entity} />
        {TRANSLATABLE_FIELDS[entity].map((field) => {
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
          return (
            <div key={field} className="flex flex-col gap-1">
              {MULTILINE_FIELDS.has(field) ? (
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
            </div>
          )
        })}
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
