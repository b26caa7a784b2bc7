// The "Parcours" collection (ADR 064): every field required, dates as free text hinted
// YYYY-MM or 'present', tags comma-separated.
import { formatTimelineDate, TIMELINE_TYPE_LABELS } from '#app/domain/timeline.ts'
import { TIMELINE_TYPES, type TimelineItem } from '#app/domain/types.ts'
import { FieldGrid, SelectField, TextAreaField, TextField, optionsWithNone } from '../fields.tsx'
import type { CollectionData } from '#app/domain/admin-collection.ts'
import { timelineCollection } from '#app/domain/collections/timeline.ts'
import { defineCollection, type FieldsProps } from './collection.tsx'

export const timeline = defineCollection(timelineCollection, {
  Row: TimelineRow,
  Fields: TimelineFields,
})

const TYPE_OPTIONS = optionsWithNone('Choisir un type', TIMELINE_TYPES, TIMELINE_TYPE_LABELS)

function TimelineRow({ item }: { item: TimelineItem }) {
  return (
    <>
      <p className="font-medium text-zinc-900">{item.title}</p>
      <p className="text-sm text-zinc-600">
        {item.organization} · {formatTimelineDate(item.startDate)} –{' '}
        {formatTimelineDate(item.endDate)} · {TIMELINE_TYPE_LABELS[item.type]}
      </p>
    </>
  )
}

function TimelineFields({ item, field }: FieldsProps<TimelineItem, CollectionData<TimelineItem>>) {
  return (
    <>
      <FieldGrid>
        <TextField {...field('title', item?.title)} label="Titre" required />
        <TextField {...field('organization', item?.organization)} label="Organisation" required />
        <TextField
          {...field('startDate', item?.startDate)}
          label="Date de début"
          required
          placeholder="AAAA-MM"
          hint="Format conseillé : AAAA-MM (ex. 2023-09)"
        />
        <TextField
          {...field('endDate', item?.endDate)}
          label="Date de fin"
          required
          placeholder="AAAA-MM ou present"
          hint="AAAA-MM, ou « present » pour une activité en cours"
        />
        <SelectField
          {...field('type', item?.type ?? 'professional')}
          label="Type"
          required
          options={TYPE_OPTIONS}
        />
        <TextField
          {...field('tags', item?.tags.join(', '))}
          label="Tags"
          hint="Séparés par des virgules"
        />
      </FieldGrid>
      <TextAreaField {...field('description', item?.description)} label="Description" required />
    </>
  )
}
