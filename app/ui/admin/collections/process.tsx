// The "Processus Créatif" collection (ADR 064): steps by order; move up / move down swap
// neighbours, renumber from 1 and save the new order at once (the 'reorder' intent).
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Form } from 'react-router'
import type { ProcessStep } from '#app/domain/types.ts'
import { Banner } from '../banner.tsx'
import { buttonStyles } from '../buttons.tsx'
import { FieldGrid, OrderField, TextAreaField, TextField } from '../fields.tsx'
import type { CollectionData } from '#app/domain/admin-collection.ts'
import { processCollection } from '#app/domain/collections/process.ts'
import { defineCollection, type FieldsProps } from './collection.tsx'

export const process = defineCollection(processCollection, {
  // A refused reorder answers on the list.
  BeforeList: ({ failure }) =>
    failure?.formError ? (
      <div className="mb-4">
        <Banner kind="error">{failure.formError}</Banner>
      </div>
    ) : null,
  rowActions: (_step, index, steps) => (
    <>
      <MoveButton steps={steps} index={index} delta={-1} />
      <MoveButton steps={steps} index={index} delta={1} />
    </>
  ),
  Row: StepRow,
  Fields: StepFields,
})

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

function StepRow({ item: step }: { item: ProcessStep }) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-800">
        {step.order}
      </span>
      <div className="min-w-0">
        <p className="font-medium text-zinc-900">{step.title}</p>
        <p className="line-clamp-2 text-sm text-zinc-600">{step.description}</p>
      </div>
    </div>
  )
}

function StepFields({ item, data, field }: FieldsProps<ProcessStep, CollectionData<ProcessStep>>) {
  return (
    <>
      <FieldGrid>
        <TextField {...field('title', item?.title)} label="Titre" required />
        <OrderField {...field('order', item?.order ?? data.nextOrder)} min={1} />
      </FieldGrid>
      <TextAreaField {...field('description', item?.description)} label="Description" required />
    </>
  )
}
