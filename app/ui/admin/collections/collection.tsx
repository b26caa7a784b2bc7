// An admin collection declared once (ADR 064, ADR 079): its labels, schema and toasts in
// app/domain/collections/<tab>.ts, its list row and form fields in collections/<tab>.tsx, and
// the list view and form view written once here, with slots for what only one collection has
// (blog revisions and publishing, media usage and filters, process-step reordering). The
// server half (which repository stores each collection) is
// app/server/admin/admin-collections.server.ts.
import { useEffect, type ComponentType, type ReactNode } from 'react'
import { Form, useSearchParams } from 'react-router'
import {
  VERSION_FIELD,
  versionOf,
  type CollectionData,
  type CollectionDefinition,
  type FormFailure,
} from '#app/domain/admin-collection.ts'
import type { CollectionId, CollectionItems } from '#app/domain/collections/registry.ts'
import { FormErrorSummary } from '../banner.tsx'
import { SubmitButton } from '../buttons.tsx'
import { ConfirmDelete } from '../confirm-delete.tsx'
import { initialValue, RequiredNote } from '../fields.tsx'
import { asList, listError } from '../list-input.tsx'
import {
  AddButton,
  CancelLink,
  EditLink,
  EmptyState,
  FormActions,
  FormPanel,
  ItemList,
  ItemRow,
} from '../list.tsx'
import { forgetSavedCopies } from '../markdown-editor.tsx'
import { TabHeader } from '../tabs.tsx'
import { useSchemaForm } from '../use-schema-form.ts'
import { UnsavedChangesGuard } from '../unsaved-changes.tsx'
import {
  ENGLISH_PARAM,
  MissingTranslation,
  StaleTranslation,
  TranslationLink,
  TranslationPanel,
} from '../translation-panel.tsx'

/** What a form's fields receive: the item (null: a new one), the loader data, and binders. */
export interface FieldsProps<T, D> {
  item: T | null
  data: D
  /** Name, initial text (what the admin typed before a refusal, else `stored`) and error. */
  field: (name: string, stored?: unknown) => { name: string; defaultValue: string; error?: string }
  /** A checkbox: an unticked box posts nothing, so after a refusal "absent" means unticked. */
  checked: (
    name: string,
    stored: boolean | undefined,
  ) => { name: string; defaultChecked: boolean; error?: string }
  /** A list of strings (ListInput): typed items after a refusal, else the stored ones. */
  list: (
    name: string,
    stored: readonly string[] | undefined,
  ) => { name: string; initial: readonly string[]; error?: string }
  /** What the admin typed before the last refusal (undefined before any). */
  typed: Record<string, unknown> | undefined
  errors: Record<string, string>
}

/** One collection: everything the hub shows and says about it (the server reads its definition). */
export interface Collection<K extends CollectionId, D> extends CollectionDefinition<K> {
  /** A list row's content (the default list). */
  Row?: ComponentType<{ item: CollectionItems[K]; data: D }>
  /** The collection's own list (the media grid) instead of rows; use `RowActions` in it. */
  List?: ComponentType<{ items: CollectionItems[K][]; data: D }>
  /** Row actions before edit and delete (move up/down, preview). */
  rowActions?: (item: CollectionItems[K], index: number, items: CollectionItems[K][]) => ReactNode
  /** Between the heading and the list (filters, uploader, a tab-level banner). */
  BeforeList?: ComponentType<{ data: D; failure: FormFailure | undefined }>
  /** Under the list (its pages, ADR 091). */
  AfterList?: ComponentType<{ data: D }>
  Fields: ComponentType<FieldsProps<CollectionItems[K], D>>
  /** Form buttons before 'Annuler' (preview). */
  formActions?: (item: CollectionItems[K] | null) => ReactNode
  /** Under the form of an item (its revisions). */
  AfterForm?: ComponentType<{ item: CollectionItems[K]; data: D }>
  /**
   * An item's English form, beyond its texts (ADR 077): more English fields in the form (a
   * post's status and date), a sentence on where it is shown, and what follows the form.
   */
  english?: {
    Fields?: ComponentType<EnglishFieldsProps<CollectionItems[K], D>>
    /** Replaces the "published in English" sentences (under the French form, in the English one). */
    note?: (item: CollectionItems[K], data: D) => { link: string; panel: string } | undefined
    After?: ComponentType<{ item: CollectionItems[K]; data: D }>
  }
}

/** What an English form's own fields receive: the item, the loader data, and a refused save. */
export interface EnglishFieldsProps<T, D> {
  item: T
  data: D
  /** What the admin typed in the English form before a refusal (undefined otherwise). */
  typed: Record<string, unknown> | undefined
  errors: Record<string, string>
}

/** What the UI adds to a collection's declaration: its rows, fields and slots. */
export type CollectionView<K extends CollectionId, D> = Omit<
  Collection<K, D>,
  keyof CollectionDefinition<K>
>

/**
 * A collection as the hub shows it: its declaration (app/domain/collections/, ADR 079) and
 * its React parts; `D` is its loader's data when it has more than `CollectionData`.
 */
export function defineCollection<
  K extends CollectionId,
  D extends CollectionData<CollectionItems[K]> = CollectionData<CollectionItems[K]>,
>(declared: CollectionDefinition<K>, view: CollectionView<K, D>): Collection<K, D> {
  return { ...declared, ...view }
}

type Item = { id: string; updatedAt?: string; createdAt?: string }

/**
 * The tab: its list, or the form of a new (`?new`) or existing (`?edit=<id>`) item; every
 * form in it asks before its unsaved changes are left (ADR 087).
 */
export function CollectionTab<
  K extends CollectionId,
  D extends CollectionData<CollectionItems[K]>,
>(props: { collection: Collection<K, D>; loaderData: D; actionData: FormFailure | undefined }) {
  return (
    <UnsavedChangesGuard>
      <CollectionScreen {...props} />
    </UnsavedChangesGuard>
  )
}

function CollectionScreen<K extends CollectionId, D extends CollectionData<CollectionItems[K]>>({
  collection,
  loaderData,
  actionData,
}: {
  collection: Collection<K, D>
  loaderData: D
  actionData: FormFailure | undefined
}) {
  const [searchParams] = useSearchParams()
  if (loaderData.mode === 'list') {
    return <CollectionList collection={collection} data={loaderData} failure={actionData} />
  }
  const item: (CollectionItems[K] & Item) | null = loaderData.item
  const { AfterForm, translation, english } = collection
  // `?edit=<id>&langue=en`: the item's English form, the French texts beside each field.
  if (item && translation && searchParams.get(ENGLISH_PARAM) === 'en') {
    const typed = actionData?.values
    const fromEnglishForm = !!typed && Object.keys(typed).some((k) => k.startsWith('en.'))
    const EnglishFields = english?.Fields
    const EnglishAfter = english?.After
    return (
      <>
        <TranslationPanel
          key={`${item.id}:en:${JSON.stringify(loaderData.translations?.[item.id] ?? {})}`}
          entity={translation.entity}
          id={item.id}
          data={loaderData.translations?.[item.id]}
          failure={actionData}
          reference={item as unknown as Record<string, unknown>}
          title={`Version anglaise — ${collection.nameOf(item)}`}
          back={`?edit=${encodeURIComponent(item.id)}`}
          note={english?.note?.(item, loaderData)?.panel}
          stale={loaderData.stale}
          names={loaderData.englishNames}
        >
          {EnglishFields ? (
            <EnglishFields
              item={item}
              data={loaderData}
              typed={fromEnglishForm ? typed : undefined}
              errors={fromEnglishForm ? (actionData?.fieldErrors ?? {}) : {}}
            />
          ) : null}
        </TranslationPanel>
        {EnglishAfter ? <EnglishAfter item={item} data={loaderData} /> : null}
      </>
    )
  }
  return (
    <>
      <CollectionForm
        // A save (or a restored revision) remounts the form with the stored values.
        key={item ? `${item.id}:${item.updatedAt ?? ''}` : 'new'}
        collection={collection}
        data={loaderData}
        failure={actionData}
      />
      {item && translation ? (
        <TranslationLink
          entity={translation.entity}
          data={loaderData.translations?.[item.id]}
          href={`?edit=${encodeURIComponent(item.id)}&${ENGLISH_PARAM}=en`}
          note={english?.note?.(item, loaderData)?.link}
        />
      ) : null}
      {item && AfterForm ? <AfterForm item={item} data={loaderData} /> : null}
    </>
  )
}

/** Edit and delete of one item, after the collection's own actions (`children`). */
export function RowActions<K extends CollectionId, D>({
  collection,
  item,
  children,
  deleteHidden,
  deleteWarning,
}: {
  collection: Collection<K, D>
  item: CollectionItems[K]
  children?: ReactNode
  /** Fields posted with the delete (e.g. that the owner saw where the item is used). */
  deleteHidden?: Record<string, string>
  deleteWarning?: ReactNode
}) {
  const name = collection.nameOf(item)
  return (
    <>
      {children}
      <EditLink id={item.id} itemName={name} />
      <ConfirmDelete
        id={item.id}
        itemName={name}
        question={collection.labels.deleteQuestion}
        hiddenFields={deleteHidden}
        warning={deleteWarning}
      />
    </>
  )
}

/** What the list view and the form view receive. */
interface ViewProps<K extends CollectionId, D> {
  collection: Collection<K, D>
  data: D
  failure: FormFailure | undefined
}

function CollectionList<K extends CollectionId, D extends CollectionData<CollectionItems[K]>>({
  collection,
  data,
  failure,
}: ViewProps<K, D>) {
  const { labels, savedText, Row, List, BeforeList, AfterList } = collection
  const items = data.items
  useEffect(() => {
    if (savedText) forgetSavedCopies(collection.id, items.map(savedText))
  }, [collection.id, items, savedText])
  return (
    <section>
      <TabHeader title={labels.heading}>
        <AddButton label={labels.add} />
      </TabHeader>
      {BeforeList ? <BeforeList data={data} failure={failure} /> : null}
      {items.length === 0 ? (
        <EmptyState>{labels.empty}</EmptyState>
      ) : List ? (
        <List items={items} data={data} />
      ) : (
        <ItemList label={labels.list}>
          {items.map((item, index) => (
            <ItemRow
              key={item.id}
              actions={
                <RowActions collection={collection} item={item}>
                  {collection.rowActions?.(item, index, items)}
                </RowActions>
              }
            >
              {Row ? <Row item={item} data={data} /> : null}
              {collection.translation ? (
                <>
                  <MissingTranslation
                    entity={collection.translation.entity}
                    data={data.translations?.[item.id]}
                  />
                  <StaleTranslation stale={!!data.staleIds?.includes(item.id)} />
                </>
              ) : null}
            </ItemRow>
          ))}
        </ItemList>
      )}
      {AfterList ? <AfterList data={data} /> : null}
    </section>
  )
}

function CollectionForm<K extends CollectionId, D extends CollectionData<CollectionItems[K]>>({
  collection,
  data,
  failure,
}: ViewProps<K, D>) {
  const { errors, onSubmit } = useSchemaForm(collection.schema, failure?.fieldErrors)
  const { labels, Fields } = collection
  const item: (CollectionItems[K] & Item) | null = data.item
  // After a refused save the form shows what the admin typed, otherwise the stored item.
  const typed = failure?.values
  const binders: Omit<FieldsProps<CollectionItems[K], D>, 'item' | 'data'> = {
    typed,
    errors,
    field: (name, stored) => ({
      name,
      defaultValue: initialValue(typed, name, stored),
      error: errors[name],
    }),
    checked: (name, stored) => ({
      name,
      defaultChecked: typed ? typed[name] !== undefined : (stored ?? false),
      error: errors[name],
    }),
    list: (name, stored) => ({
      name,
      initial: typed ? asList(typed[name]) : (stored ?? []),
      error: listError(errors, name),
    }),
  }
  return (
    <FormPanel title={item ? labels.edit : labels.create}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <RequiredNote />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        {/* The version this form was opened on: a save over a newer one is refused (ADR 087). */}
        {item && versionOf(item) ? (
          <input type="hidden" name={VERSION_FIELD} value={versionOf(item)} />
        ) : null}
        <Fields item={item} data={data} {...binders} />
        <FormActions>
          {collection.formActions?.(item)}
          <CancelLink />
          <SubmitButton intent={item ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {item ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
