// Creative process step form: order at least 1, default count + 1.
import { z } from 'zod'
import { MAX_LENGTH, intField, requiredText } from './common.ts'

export const PROCESS_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cette étape ?'

export const PROCESS_ORDER_MESSAGE = "L'ordre doit être un entier supérieur ou égal à 1"

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

export const ProcessStepSchema = z.object({
  title: requiredText('Le titre est requis'),
  description: requiredText('La description est requise', MAX_LENGTH.text),
  // Absent or blank stays undefined: the repository defaults it to count + 1.
  order: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    intField({ message: PROCESS_ORDER_MESSAGE, min: 1 }).optional(),
  ),
})

export type ProcessStepFields = z.output<typeof ProcessStepSchema>
export type ProcessStepInput = Partial<Record<keyof ProcessStepFields, unknown>> &
  Record<string, unknown>

export const PROCESS_REORDER_MESSAGE =
  'La liste des étapes ne correspond pas aux étapes existantes. Rechargez la page et réessayez.'
