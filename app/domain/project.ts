// Project form: one schema for the browser and the server.
import { z } from 'zod'
import { SEO_FIELDS } from './page-seo-schema.ts'
import {
  MAX_LENGTH,
  boolField,
  intField,
  listField,
  optionalUrl,
  requiredText,
  requiredUrl,
  tooLong,
  urlListField,
} from './common.ts'

export const PROJECT_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer ce projet ?'

export const PROJECT_ORDER_MESSAGE = "L'ordre doit être un nombre entier"

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** Order: absent or blank stays undefined so the repository can default it (count + 1). */
const orderField = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  intField({ message: PROJECT_ORDER_MESSAGE }).optional(),
)

export const PROJECT_MONTH_MESSAGE = 'Indiquez un mois et une année (AAAA-MM)'
export const PROJECT_END_BEFORE_START = 'La fin ne peut pas précéder le début'
export const PROJECT_END_WITHOUT_START = 'Indiquez le début avant la fin'
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** 'YYYY-MM' (a month input's value), blank = none. */
const monthField = z.preprocess(
  (value) => (isBlank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: PROJECT_MONTH_MESSAGE })
    .regex(MONTH_PATTERN, { error: PROJECT_MONTH_MESSAGE })
    .optional(),
)

/** The fields without the rules across them (the English version picks from it). */
export const ProjectFieldsSchema = z.object({
  title: requiredText('Le titre est requis'),
  description: requiredText('La description est requise', MAX_LENGTH.text),
  thumbnail: requiredUrl('La miniature est requise'),
  url: optionalUrl(),
  // Multi-line body: lines become paragraphs on the detail page. Not trimmed
  // line by line, only at the ends.
  content: z.preprocess(
    (value) => (isBlank(value) ? '' : value),
    z
      .string({ error: 'Le contenu doit être un texte' })
      .trim()
      .max(MAX_LENGTH.long, { error: tooLong(MAX_LENGTH.long) }),
  ),
  featured: boolField,
  order: orderField,
  tags: listField(),
  images: urlListField(),
  // The project's period (ADR 092): blank start = the month it was created in; no end = still
  // going.
  startDate: monthField,
  endDate: monthField,
  ...SEO_FIELDS,
})

export const ProjectSchema = ProjectFieldsSchema.superRefine((project, ctx) => {
  if (!project.endDate) return
  if (!project.startDate)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: PROJECT_END_WITHOUT_START })
  else if (project.endDate < project.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: PROJECT_END_BEFORE_START })
})

/** Parsed project fields (no id or timestamps); `order` undefined means "use the default". */
export type ProjectFields = z.output<typeof ProjectSchema>

/** What create/update accept: typed values or FormData strings (`formDataToObject`). */
export type ProjectInput = Partial<Record<keyof ProjectFields, unknown>> & Record<string, unknown>
