import { describe, expect, it } from 'vitest'
import { MAX_LENGTH, formDataToObject } from './common.ts'
import { fieldErrors, itBoundsLength, itChecksField } from './schema-test-support.ts'
import { PROCESS_DELETE_QUESTION, ProcessStepSchema } from './process.ts'

const valid = { title: 'Comprendre', description: 'Écouter les utilisateurs' }
const ORDER = "L'ordre doit être un entier supérieur ou égal à 1"

const errorsOf = (input: unknown) => fieldErrors(ProcessStepSchema, input)

describe('ProcessStepSchema', () => {
  it('requires title and description', () => {
    const required = { title: 'Le titre est requis', description: 'La description est requise' }
    expect(errorsOf({})).toEqual(required)
    expect(errorsOf({ title: ' ', description: '' })).toEqual(required)
  })

  itChecksField(ProcessStepSchema, valid, 'order', {
    accepts: [1, '1', 12],
    refuses: [0, '0', -1, '1.5', 'abc'],
    message: ORDER,
  })

  it('leaves an absent or blank order to the repository default', () => {
    expect(ProcessStepSchema.parse(valid)).toEqual(valid)
    expect(ProcessStepSchema.parse({ ...valid, order: '' }).order).toBeUndefined()
  })

  itBoundsLength(ProcessStepSchema, valid, [
    ['title', MAX_LENGTH.short],
    ['description', MAX_LENGTH.text],
  ])

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
