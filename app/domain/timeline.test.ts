import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { MAX_LENGTH } from './common.ts'
import { fieldErrors, itBoundsLength, itRequires, parseForm } from './schema-test-support.ts'
import {
  TIMELINE_DATE_MAX,
  TIMELINE_DELETE_QUESTION,
  TIMELINE_TYPE_LABELS,
  TimelineSchema,
  formatTimelineDate,
} from './timeline.ts'

const valid = validForm('timeline')

const errorsOf = (input: unknown) => fieldErrors(TimelineSchema, input)

describe('TimelineSchema', () => {
  it('parses a valid entry; tags default to []', () => {
    expect(TimelineSchema.parse(valid)).toEqual({ ...valid, tags: [] })
  })

  itRequires(
    'requires every field but tags',
    TimelineSchema,
    {
      title: 'Le titre est requis',
      organization: "L'organisation est requise",
      startDate: 'La date de début est requise',
      endDate: 'La date de fin est requise',
      type: 'Le type est requis',
      description: 'La description est requise',
    },
    Object.fromEntries(Object.keys(valid).map((key) => [key, '  '])),
  )

  it('does not check the date format, only its length', () => {
    for (const date of ['2024-03', 'present', 'Printemps 2020', '2020'])
      expect(TimelineSchema.safeParse({ ...valid, startDate: date, endDate: date }).success).toBe(
        true,
      )
    const atBound = 'd'.repeat(TIMELINE_DATE_MAX)
    expect(
      TimelineSchema.safeParse({ ...valid, startDate: atBound, endDate: atBound }).success,
    ).toBe(true)
    expect(errorsOf({ ...valid, startDate: atBound + 'd', endDate: atBound + 'd' })).toEqual({
      startDate: `${TIMELINE_DATE_MAX} caractères maximum`,
      endDate: `${TIMELINE_DATE_MAX} caractères maximum`,
    })
  })

  it('accepts only the two types', () => {
    expect(TimelineSchema.parse({ ...valid, type: 'personal' }).type).toBe('personal')
    expect(errorsOf({ ...valid, type: 'school' })).toEqual({ type: 'Type invalide' })
  })

  it('splits comma-separated tags, trimmed, empties dropped', () => {
    expect(TimelineSchema.parse({ ...valid, tags: ' a, ,b ,' }).tags).toEqual(['a', 'b'])
    expect(TimelineSchema.parse({ ...valid, tags: ['x', ' ', ' y'] }).tags).toEqual(['x', 'y'])
  })

  itBoundsLength(TimelineSchema, valid, [
    ['title', MAX_LENGTH.short],
    ['organization', MAX_LENGTH.short],
    ['description', MAX_LENGTH.text],
  ])

  it('accepts FormData', () => {
    expect(parseForm(TimelineSchema, { ...valid, tags: 'Agile, Lean' })).toEqual({
      ...valid,
      tags: ['Agile', 'Lean'],
    })
  })

  it('exports the French labels, the delete question and the present label', () => {
    expect(TIMELINE_TYPE_LABELS).toEqual({ professional: 'Professionnel', personal: 'Personnel' })
    expect(TIMELINE_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cet élément ?')
    expect(formatTimelineDate('present')).toBe('Présent')
    expect(formatTimelineDate('2021-09')).toBe('2021-09')
  })
})
