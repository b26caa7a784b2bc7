// Timeline form: dates are free text hinted YYYY-MM or 'present'.
import { z } from 'zod'
import { TIMELINE_TYPES, type TimelineType } from './types.ts'
import { MAX_LENGTH, listField, requiredText } from './common.ts'

export const TIMELINE_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cet élément ?'

export const TIMELINE_TYPE_LABELS: Record<TimelineType, string> = {
  professional: 'Professionnel',
  personal: 'Personnel',
}

/** The end date of an ongoing entry; shown as 'Présent'. */
export const TIMELINE_PRESENT = 'present'
export const TIMELINE_PRESENT_LABEL = 'Présent'
/** Dates are free text (e.g. '2019' or 'Printemps 2021'), so only bounded (ADR 004). */
export const TIMELINE_DATE_MAX = 50

export const TimelineSchema = z.object({
  title: requiredText('Le titre est requis'),
  organization: requiredText("L'organisation est requise"),
  startDate: requiredText('La date de début est requise', TIMELINE_DATE_MAX),
  endDate: requiredText('La date de fin est requise', TIMELINE_DATE_MAX),
  type: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(TIMELINE_TYPES, {
      error: (issue) => (issue.input === undefined ? 'Le type est requis' : 'Type invalide'),
    }),
  ),
  description: requiredText('La description est requise', MAX_LENGTH.text),
  tags: listField(),
})

export type TimelineFields = z.output<typeof TimelineSchema>
export type TimelineInput = Partial<Record<keyof TimelineFields, unknown>> & Record<string, unknown>

/** 'present' (any case) reads 'Présent'; other dates show as entered. */
export function formatTimelineDate(value: string): string {
  return value.trim().toLowerCase() === TIMELINE_PRESENT ? TIMELINE_PRESENT_LABEL : value
}
