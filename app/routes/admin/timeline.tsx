// Admin tab "Parcours" (spec §3 Timeline item, §5 timeline form): every field required,
// dates free text hinted YYYY-MM or 'present', tags comma-separated.
import { Form } from 'react-router'
import type { Route } from './+types/timeline'
import {
  formatTimelineDate,
  TIMELINE_DELETE_QUESTION,
  TIMELINE_TYPE_LABELS,
  TimelineSchema,
} from '#app/domain/timeline.ts'
import { TIMELINE_TYPES, type TimelineItem } from '#app/domain/types.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type FormFailure,
} from '#app/server/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  createTimelineItem,
  deleteTimelineItem,
  getTimelineItem,
  listTimeline,
  updateTimelineItem,
} from '#app/server/repositories/timeline.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import {
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
  ItemList,
  ItemRow,
  TabHeader,
} from '#app/ui/admin/list.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'

export function meta() {
  return [{ title: 'Parcours — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadCrudView(request, {
    get: getTimelineItem,
    list: listTimeline,
    missing: 'Élément introuvable',
  })
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/timeline',
    resourceType: 'timeline',
    nameOf: (t: TimelineItem) => t.title,
    formDefaults: { tags: '' },
    get: getTimelineItem,
    create: createTimelineItem,
    update: updateTimelineItem,
    remove: deleteTimelineItem,
    messages: {
      created: 'Élément du parcours ajouté avec succès',
      updated: 'Élément du parcours mis à jour avec succès',
      deleted: 'Élément du parcours supprimé avec succès',
      missing: "Cet élément n'existe plus.",
    },
  })
  return result ?? unknownIntent(form.intent)
}

export default function TimelineTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') return <TimelineList items={loaderData.items} />
  return (
    <TimelineForm key={loaderData.item?.id ?? 'new'} item={loaderData.item} failure={actionData} />
  )
}

const TYPE_OPTIONS = [
  { value: '', label: 'Choisir un type' },
  ...TIMELINE_TYPES.map((t) => ({ value: t, label: TIMELINE_TYPE_LABELS[t] })),
]

function TimelineList({ items }: { items: TimelineItem[] }) {
  return (
    <section>
      <TabHeader title="Parcours">
        <AddButton label="Nouvel élément" />
      </TabHeader>
      {items.length === 0 ? (
        <EmptyState>
          Aucun élément de parcours pour le moment. Ajoutez votre première expérience.
        </EmptyState>
      ) : (
        <ItemList label="Éléments du parcours">
          {items.map((item) => (
            <ItemRow
              key={item.id}
              actions={
                <>
                  <EditLink id={item.id} itemName={item.title} />
                  <ConfirmDelete
                    id={item.id}
                    itemName={item.title}
                    question={TIMELINE_DELETE_QUESTION}
                  />
                </>
              }
            >
              <p className="font-medium text-zinc-900">{item.title}</p>
              <p className="text-sm text-zinc-600">
                {item.organization} · {formatTimelineDate(item.startDate)} –{' '}
                {formatTimelineDate(item.endDate)} · {TIMELINE_TYPE_LABELS[item.type]}
              </p>
            </ItemRow>
          ))}
        </ItemList>
      )}
    </section>
  )
}

function TimelineForm({
  item,
  failure,
}: {
  item: TimelineItem | null
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(TimelineSchema, failure?.fieldErrors)
  const typed = failure?.values
  const v = (key: keyof TimelineItem, stored: unknown) => initialValue(typed, key, stored)
  const editing = item !== null
  return (
    <FormPanel title={editing ? "Modifier l'élément" : 'Nouvel élément du parcours'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={item.id} /> : null}
        <FieldGrid>
          <TextField
            name="title"
            label="Titre"
            required
            defaultValue={v('title', item?.title)}
            error={errors.title}
          />
          <TextField
            name="organization"
            label="Organisation"
            required
            defaultValue={v('organization', item?.organization)}
            error={errors.organization}
          />
          <TextField
            name="startDate"
            label="Date de début"
            required
            placeholder="AAAA-MM"
            hint="Format conseillé : AAAA-MM (ex. 2023-09)"
            defaultValue={v('startDate', item?.startDate)}
            error={errors.startDate}
          />
          <TextField
            name="endDate"
            label="Date de fin"
            required
            placeholder="AAAA-MM ou present"
            hint="AAAA-MM, ou « present » pour une activité en cours"
            defaultValue={v('endDate', item?.endDate)}
            error={errors.endDate}
          />
          <SelectField
            name="type"
            label="Type"
            required
            options={TYPE_OPTIONS}
            defaultValue={v('type', item?.type ?? 'professional')}
            error={errors.type}
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
          required
          defaultValue={v('description', item?.description)}
          error={errors.description}
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
