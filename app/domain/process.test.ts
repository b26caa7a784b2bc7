import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { MAX_LENGTH } from './common.ts'
import { fieldErrors, itBoundsLength, itChecksField, parseForm } from './schema-test-support.ts'
import { PROCESS_DELETE_QUESTION, ProcessStepSchema } from './process.ts'

const valid = validForm('process')
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
    const fields = { title: ' Prototyper ', description: 'Vite', order: '2' }
    expect(parseForm(ProcessStepSchema, fields)).toEqual({
      title: 'Prototyper',
      description: 'Vite',
      order: 2,
    })
    expect(PROCESS_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cette étape ?')
  })
})
