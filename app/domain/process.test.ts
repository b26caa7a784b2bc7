import { describe, expect, it } from 'vitest'
import { MAX_LENGTH, formDataToObject, toFieldErrors } from './common.ts'
import { PROCESS_DELETE_QUESTION, ProcessStepSchema } from './process.ts'

const valid = { title: 'Comprendre', description: 'Écouter les utilisateurs' }
const ORDER = "L'ordre doit être un entier supérieur ou égal à 1"

function errorsOf(input: unknown) {
  const result = ProcessStepSchema.safeParse(input)
  return result.success ? {} : toFieldErrors(result.error)
}

describe('ProcessStepSchema', () => {
  it('requires title and description', () => {
    expect(errorsOf({})).toEqual({
      title: 'Le titre est requis',
      description: 'La description est requise',
    })
    expect(errorsOf({ title: ' ', description: '' })).toEqual({
      title: 'Le titre est requis',
      description: 'La description est requise',
    })
  })

  it.each([
    [0, false],
    ['0', false],
    [-1, false],
    [1, true],
    ['1', true],
    [12, true],
    ['1.5', false],
    ['abc', false],
  ])('order %j accepted: %s', (order, ok) => {
    const result = ProcessStepSchema.safeParse({ ...valid, order })
    expect(result.success).toBe(ok)
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ order: ORDER })
  })

  it('leaves an absent or blank order to the repository default', () => {
    expect(ProcessStepSchema.parse(valid)).toEqual(valid)
    expect(ProcessStepSchema.parse({ ...valid, order: '' }).order).toBeUndefined()
  })

  it.each([
    ['title', MAX_LENGTH.short],
    ['description', MAX_LENGTH.text],
  ])('bounds %s at %i characters', (field, max) => {
    expect(ProcessStepSchema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true)
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: `${max} caractères maximum`,
    })
  })

  it('accepts FormData and exports the delete question', () => {
    const form = new FormData()
    form.append('title', ' Prototyper ')
    form.append('description', 'Vite')
    form.append('order', '2')
    expect(ProcessStepSchema.parse(formDataToObject(form))).toEqual({
      title: 'Prototyper',
      description: 'Vite',
      order: 2,
    })
    expect(PROCESS_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cette étape ?')
  })
})
