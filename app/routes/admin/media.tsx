// Admin tab "Gestion des Médias" (spec §2 media tab, §3 Media item, §5 media): grid with
// search, category and tag filters (in the URL), form 'Nouveau Média' / 'Modifier le Média'.
import { useEffect, useRef } from 'react'
import { Form, useRevalidator, useSubmit } from 'react-router'
import { Search } from 'lucide-react'
import type { Route } from './+types/media'
import {
  MEDIA_CATEGORY_LABELS,
  MEDIA_DELETE_QUESTION,
  MediaSchema,
  mediaCountText,
} from '#app/domain/media.ts'
import { MEDIA_CATEGORIES, type MediaCategory, type MediaItem } from '#app/domain/types.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type FormFailure,
  listUrlOf,
} from '#app/server/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { formatBytes } from '#app/domain/media-file.ts'
import { libraryStorage } from '#app/server/media/uploads.server.ts'
import { findMediaUsages } from '#app/server/media/usage.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { MediaUploader } from '#app/ui/admin/media-uploader.tsx'
import {
  countMedia,
  createMediaItem,
  deleteMediaItem,
  getMediaItem,
  listMedia,
  listMediaTags,
  removeUnusedFiles,
  storedKeysOf,
  updateMediaItem,
} from '#app/server/repositories/media.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { buttonStyles, SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import {
  CheckboxField,
  FieldGrid,
  initialValue,
  SelectField,
  TextAreaField,
  TextField,
} from '#app/ui/admin/fields.tsx'
import {
  AddButton,
  CancelLink,
  EditLink,
  EmptyState,
  FormActions,
  FormPanel,
  TabHeader,
} from '#app/ui/admin/list.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'
import { MediaUrlField } from '#app/ui/admin/media-url-field.tsx'

export function meta() {
  return [{ title: 'Médias — Administration du Portfolio' }]
}

function isCategory(value: string | null): value is MediaCategory {
  return value !== null && (MEDIA_CATEGORIES as readonly string[]).includes(value)
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const q = url.searchParams.get('q')?.trim() ?? ''
  const categoryParam = url.searchParams.get('category')
  const category = isCategory(categoryParam) ? categoryParam : undefined
  const tag = url.searchParams.get('tag')?.trim() || undefined
  const view = await loadCrudView(request, {
    get: getMediaItem,
    list: () => listMedia({ q, category, tag }),
    missing: 'Média introuvable',
  })
  return {
    ...view,
    // Spec §5: a new item's order defaults to the count + 1.
    nextOrder: view.item?.order ?? (view.mode === 'create' ? (await countMedia()) + 1 : 0),
    tags: view.mode === 'list' ? await listMediaTags() : [],
    filters: { q, category: category ?? '', tag: tag ?? '' },
    // Issue 10 point 7: where each item is used, for the delete dialog.
    usages: Object.fromEntries(
      await Promise.all(view.items.map(async (m) => [m.id, await findMediaUsages(m.url)] as const)),
    ),
  }
}

/** Posted by the delete dialog once the owner has seen where the item is used. */
const USED_CONFIRMED = 'usedConfirmed'

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  // Back to the list as the admin left it: its search and filters.
  const back = listUrlOf(request, '/admin/media', ['q', 'category', 'tag'])
  let storedKeys: string[] = []
  if (form.intent === 'delete' && form.id) {
    const item = await getMediaItem(form.id)
    const usages = item ? await findMediaUsages(item.url) : []
    // The server decides: a used item is only deleted once the owner has been told where.
    if (usages.length > 0 && form.values[USED_CONFIRMED] !== 'true') {
      return redirectWithToast(back, {
        kind: 'error',
        message: `Ce média est utilisé (${usages.join(', ')}) : confirmez sa suppression.`,
      })
    }
    storedKeys = await storedKeysOf(form.id)
    delete form.values[USED_CONFIRMED]
  }
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: back,
    resourceType: 'media',
    nameOf: (m: MediaItem) => m.title,
    formDefaults: { featured: false, tags: '', description: '', decorative: false, alt: '' },
    get: getMediaItem,
    create: createMediaItem,
    update: updateMediaItem,
    remove: deleteMediaItem,
    messages: {
      created: 'Média ajouté avec succès',
      updated: 'Média mis à jour avec succès',
      deleted: 'Média supprimé avec succès',
      missing: "Ce média n'existe plus.",
    },
  })
  // Deleted: its files go too, unless another item holds the same content.
  if (storedKeys.length > 0 && !(await getMediaItem(form.id))) {
    await removeUnusedFiles(libraryStorage(), storedKeys)
  }
  return result ?? unknownIntent(form.intent)
}

export default function MediaTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') {
    return (
      <MediaGrid
        items={loaderData.items}
        tags={loaderData.tags}
        filters={loaderData.filters}
        usages={loaderData.usages}
      />
    )
  }
  return (
    <MediaForm
      key={loaderData.item?.id ?? 'new'}
      item={loaderData.item}
      nextOrder={loaderData.nextOrder}
      failure={actionData}
    />
  )
}

/** Pause after the last keystroke before the search runs (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 300

const selectClass =
  'rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm'

function MediaFilters({
  tags,
  filters,
}: {
  tags: string[]
  filters: { q: string; category: string; tag: string }
}) {
  const submit = useSubmit()
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  const cancelPending = () => clearTimeout(pending.current)
  // A search still waiting when the tab is left must not navigate back to it.
  useEffect(() => () => clearTimeout(pending.current), [])
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrer les médias"
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={cancelPending}
      onChange={(event) => {
        const form = event.currentTarget
        const run = () => void submit(form, { replace: true, preventScrollReset: true })
        cancelPending()
        // Typing waits for a pause; the selects apply at once.
        if (event.target instanceof HTMLInputElement && event.target.type === 'search')
          pending.current = setTimeout(run, SEARCH_DEBOUNCE_MS)
        else run()
      }}
    >
      <div className="relative min-w-48 flex-1">
        <label htmlFor="media-q" className="sr-only">
          Rechercher
        </label>
        <Search
          className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400"
          aria-hidden="true"
        />
        <input
          id="media-q"
          type="search"
          name="q"
          placeholder="Rechercher..."
          defaultValue={filters.q}
          className={`${selectClass} w-full pl-9`}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="media-category" className="text-xs text-zinc-600">
          Catégorie
        </label>
        <select
          id="media-category"
          name="category"
          defaultValue={filters.category}
          className={selectClass}
        >
          <option value="">Toutes les catégories</option>
          {MEDIA_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {MEDIA_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="media-tag" className="text-xs text-zinc-600">
          Tag
        </label>
        <select id="media-tag" name="tag" defaultValue={filters.tag} className={selectClass}>
          <option value="">Tous les tags</option>
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonStyles.secondary}>
        Filtrer
      </button>
    </Form>
  )
}

function MediaGrid({
  items,
  tags,
  filters,
  usages,
}: {
  items: MediaItem[]
  tags: string[]
  filters: { q: string; category: string; tag: string }
  usages: Record<string, readonly string[]>
}) {
  const revalidator = useRevalidator()
  return (
    <section>
      <TabHeader title="Gestion des Médias">
        <AddButton label="Nouveau Média" />
      </TabHeader>
      <MediaUploader onUploaded={() => void revalidator.revalidate()} />
      <MediaFilters tags={tags} filters={filters} />
      {/* Announces the result count after each search or filter (polite: never interrupts). */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {mediaCountText(items.length)}
      </p>
      {items.length === 0 ? (
        <EmptyState>Aucun média ne correspond à votre recherche.</EmptyState>
      ) : (
        <ul aria-label="Médias" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="overflow-hidden rounded-lg border border-zinc-200 bg-white"
            >
              <article aria-label={item.title}>
                <div className="relative aspect-video bg-zinc-100">
                  {item.category === 'document' ? (
                    <a
                      href={item.url}
                      className="flex h-full items-center justify-center text-sm font-medium text-zinc-700 underline"
                    >
                      Ouvrir le PDF
                    </a>
                  ) : item.category === 'video' ? (
                    <video
                      src={item.url}
                      controls
                      preload="metadata"
                      className="h-full w-full object-cover"
                    >
                      Votre navigateur ne supporte pas la lecture de vidéos.
                    </video>
                  ) : (
                    <img
                      src={item.url}
                      alt={item.decorative ? '' : item.alt}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  )}
                  {item.featured ? (
                    <span className="absolute top-2 left-2 rounded bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      En vedette
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-col gap-1 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-medium text-zinc-900">{item.title}</h3>
                    <div className="flex shrink-0 items-center gap-1">
                      <EditLink id={item.id} itemName={item.title} />
                      <ConfirmDelete
                        id={item.id}
                        itemName={item.title}
                        question={MEDIA_DELETE_QUESTION}
                        hiddenFields={
                          usages[item.id]?.length ? { [USED_CONFIRMED]: 'true' } : undefined
                        }
                        warning={<UsageWarning places={usages[item.id] ?? []} />}
                      />
                    </div>
                  </div>
                  <p className="text-xs text-zinc-600 uppercase">
                    {MEDIA_CATEGORY_LABELS[item.category]}
                    {item.file ? ` · ${formatBytes(item.file.size)}` : ''}
                    {item.file?.width ? ` · ${item.file.width} × ${item.file.height} px` : ''}
                  </p>
                  {item.category === 'image' && !item.alt && !item.decorative ? (
                    <p className="text-xs font-medium text-amber-800">Texte alternatif manquant</p>
                  ) : null}
                  {item.description ? (
                    <p className="text-sm text-zinc-600">{item.description}</p>
                  ) : null}
                  {item.tags.length > 0 ? (
                    <ul aria-label="Tags" className="mt-1 flex flex-wrap gap-1">
                      {item.tags.map((t) => (
                        <li
                          key={t}
                          className="rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700"
                        >
                          {t}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function UsageWarning({ places }: { places: readonly string[] }) {
  if (places.length === 0) return null
  return (
    <div role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Ce média est utilisé ici :</p>
      <ul className="mt-1 list-disc pl-5">
        {places.map((place) => (
          <li key={place}>{place}</li>
        ))}
      </ul>
      <p className="mt-1">Ces pages afficheront une image manquante s’il est supprimé.</p>
    </div>
  )
}

const CATEGORY_OPTIONS = [
  { value: '', label: 'Choisir une catégorie' },
  ...MEDIA_CATEGORIES.map((c) => ({ value: c, label: MEDIA_CATEGORY_LABELS[c] })),
]

function MediaForm({
  item,
  nextOrder,
  failure,
}: {
  item: MediaItem | null
  nextOrder: number
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(MediaSchema, failure?.fieldErrors)
  const typed = failure?.values
  const v = (key: keyof MediaItem, stored: unknown) => initialValue(typed, key, stored)
  const editing = item !== null
  return (
    <FormPanel title={editing ? 'Modifier le Média' : 'Nouveau Média'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={item.id} /> : null}
        <FieldGrid>
          <MediaUrlField
            name="url"
            label="URL"
            required
            defaultValue={v('url', item?.url)}
            error={errors.url}
          />
          <TextField
            name="title"
            label="Titre"
            required
            defaultValue={v('title', item?.title)}
            error={errors.title}
          />
          <SelectField
            name="category"
            label="Catégorie"
            required
            options={CATEGORY_OPTIONS}
            defaultValue={v('category', item?.category ?? 'image')}
            error={errors.category}
          />
          <TextField
            name="order"
            label="Ordre"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={v('order', item?.order ?? nextOrder)}
            error={errors.order}
          />
          <TextField
            name="tags"
            label="Tags"
            hint="Séparés par des virgules"
            defaultValue={v('tags', item?.tags.join(', '))}
            error={errors.tags}
          />
        </FieldGrid>
        <TextAreaField
          name="description"
          label="Description"
          rows={3}
          defaultValue={v('description', item?.description)}
          error={errors.description}
        />
        <TextAreaField
          name="alt"
          label="Texte alternatif"
          hint="Décrit l’image pour les personnes qui ne la voient pas (requis pour une image)."
          rows={2}
          defaultValue={v('alt', item?.alt)}
          error={errors.alt}
        />
        <CheckboxField
          name="decorative"
          label="Image décorative"
          defaultChecked={typed ? typed.decorative !== undefined : (item?.decorative ?? false)}
          error={errors.decorative}
        />
        <CheckboxField
          name="featured"
          label="Mettre en vedette"
          defaultChecked={typed ? typed.featured !== undefined : (item?.featured ?? false)}
          error={errors.featured}
        />
        <FormActions>
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
