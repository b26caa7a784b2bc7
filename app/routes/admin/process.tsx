// Admin tab "Processus Créatif" (spec §3, §4, §5): steps by order; move up / move down swap
// neighbours, renumber from 1 and SAVE the new order (the original's save step was broken).
import { Form } from 'react-router'
import { ArrowDown, ArrowUp } from 'lucide-react'
import type { Route } from './+types/process'
import {
  PROCESS_DELETE_QUESTION,
  PROCESS_REORDER_MESSAGE,
  ProcessStepSchema,
} from '#app/domain/process.ts'
import type { ProcessStep } from '#app/domain/types.ts'
import {
  formFailure,
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type FormFailure,
} from '#app/server/admin-actions.server.ts'
import { recordActivity } from '#app/server/activity.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { ValidationError } from '#app/server/errors.server.ts'
import {
  countProcessSteps,
  createProcessStep,
  deleteProcessStep,
  getProcessStep,
  listProcessSteps,
  reorderProcessSteps,
  updateProcessStep,
} from '#app/server/repositories/process.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { Banner, FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { buttonStyles, SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import { FieldGrid, initialValue, TextAreaField, TextField } from '#app/ui/admin/fields.tsx'
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
  return [{ title: 'Processus Créatif — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const view = await loadCrudView(request, {
    get: getProcessStep,
    list: listProcessSteps,
    missing: 'Étape introuvable',
  })
  // Spec §5: a new step's order defaults to the count + 1.
  const nextOrder =
    view.item?.order ?? (view.mode === 'create' ? (await countProcessSteps()) + 1 : 0)
  return { ...view, nextOrder }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  if (form.intent === 'reorder') {
    // spec §4: swap with the neighbour and renumber 1..n — persisted in one transaction.
    const ids = form.formData.getAll('ids').filter((id): id is string => typeof id === 'string')
    const moved = await getProcessStep(form.id)
    if (!moved || ids.length === 0) return formFailure({}, {}, PROCESS_REORDER_MESSAGE)
    try {
      await reorderProcessSteps(ids)
    } catch (error) {
      if (error instanceof ValidationError) {
        return formFailure({}, {}, Object.values(error.fieldErrors)[0] ?? PROCESS_REORDER_MESSAGE)
      }
      throw error
    }
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'process',
      resourceId: moved.id,
      resourceName: moved.title,
      details: 'Ordre des étapes modifié',
    })
    return redirectWithToast('/admin/process', {
      kind: 'success',
      message: 'Ordre des étapes enregistré',
    })
  }
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/process',
    resourceType: 'process',
    nameOf: (s: ProcessStep) => s.title,
    get: getProcessStep,
    create: createProcessStep,
    update: updateProcessStep,
    remove: deleteProcessStep,
    messages: {
      created: 'Étape ajoutée avec succès',
      updated: 'Étape mise à jour avec succès',
      deleted: 'Étape supprimée avec succès',
      missing: "Cette étape n'existe plus.",
    },
  })
  return result ?? unknownIntent(form.intent)
}

export default function ProcessTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') {
    return <ProcessList steps={loaderData.items} formError={actionData?.formError} />
  }
  return (
    <ProcessForm
      key={loaderData.item?.id ?? 'new'}
      step={loaderData.item}
      nextOrder={loaderData.nextOrder}
      failure={actionData}
    />
  )
}

/** Ids in their new order after moving `index` by `delta` (−1 up, +1 down). */
function swapped(steps: ProcessStep[], index: number, delta: -1 | 1): string[] {
  const ids = steps.map((s) => s.id)
  const other = index + delta
  const a = ids[index]
  const b = ids[other]
  if (a === undefined || b === undefined) return ids
  ids[index] = b
  ids[other] = a
  return ids
}

function MoveButton({
  steps,
  index,
  delta,
}: {
  steps: ProcessStep[]
  index: number
  delta: -1 | 1
}) {
  const step = steps[index]
  if (!step) return null
  const disabled = index + delta < 0 || index + delta >= steps.length
  const label = `${delta < 0 ? 'Monter' : 'Descendre'} ${step.title}`
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={step.id} />
      {swapped(steps, index, delta).map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <button
        type="submit"
        name="intent"
        value="reorder"
        aria-label={label}
        title={label}
        disabled={disabled}
        className={buttonStyles.ghost}
      >
        {delta < 0 ? (
          <ArrowUp className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        )}
      </button>
    </Form>
  )
}

function ProcessList({ steps, formError }: { steps: ProcessStep[]; formError?: string }) {
  return (
    <section>
      <TabHeader title="Processus Créatif">
        <AddButton label="Nouvelle étape" />
      </TabHeader>
      {formError ? (
        <div className="mb-4">
          <Banner kind="error">{formError}</Banner>
        </div>
      ) : null}
      {steps.length === 0 ? (
        <EmptyState>
          Aucune étape pour le moment. Décrivez la première étape de votre processus.
        </EmptyState>
      ) : (
        <ItemList label="Étapes du processus">
          {steps.map((step, index) => (
            <ItemRow
              key={step.id}
              actions={
                <>
                  <MoveButton steps={steps} index={index} delta={-1} />
                  <MoveButton steps={steps} index={index} delta={1} />
                  <EditLink id={step.id} itemName={step.title} />
                  <ConfirmDelete
                    id={step.id}
                    itemName={step.title}
                    question={PROCESS_DELETE_QUESTION}
                  />
                </>
              }
            >
              <div className="flex items-start gap-3">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-800">
                  {step.order}
                </span>
                <div className="min-w-0">
                  <p className="font-medium text-zinc-900">{step.title}</p>
                  <p className="line-clamp-2 text-sm text-zinc-600">{step.description}</p>
                </div>
              </div>
            </ItemRow>
          ))}
        </ItemList>
      )}
    </section>
  )
}

function ProcessForm({
  step,
  nextOrder,
  failure,
}: {
  step: ProcessStep | null
  nextOrder: number
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(ProcessStepSchema, failure?.fieldErrors)
  const typed = failure?.values
  const v = (key: keyof ProcessStep, stored: unknown) => initialValue(typed, key, stored)
  const editing = step !== null
  return (
    <FormPanel title={editing ? "Modifier l'étape" : 'Nouvelle étape'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={step.id} /> : null}
        <FieldGrid>
          <TextField
            name="title"
            label="Titre"
            required
            defaultValue={v('title', step?.title)}
            error={errors.title}
          />
          <TextField
            name="order"
            label="Ordre"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={v('order', step?.order ?? nextOrder)}
            error={errors.order}
          />
        </FieldGrid>
        <TextAreaField
          name="description"
          label="Description"
          required
          defaultValue={v('description', step?.description)}
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
