import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { MAX_LENGTH } from './common.ts'
import { fieldErrors, itBoundsLength, itChecksField, parseForm } from './schema-test-support.ts'
import {
  DEFAULT_SKILL_COLOR,
  SKILL_CATEGORY_LABELS,
  SKILL_DELETE_QUESTION,
  SkillSchema,
  skillLevelPercent,
} from './skill.ts'

const valid = validForm('skill', { color: '#8b5cf6' })
const LEVEL = 'Le niveau doit être un entier entre 1 et 5'

const errorsOf = (input: unknown) => fieldErrors(SkillSchema, input)

describe('SkillSchema', () => {
  it('parses a valid skill (level as an integer)', () => {
    expect(SkillSchema.parse(valid)).toEqual({ ...valid, level: 4 })
  })

  itChecksField(SkillSchema, valid, 'level', {
    accepts: [1, 5, '1', ' 5 '],
    refuses: [0, 6, 2.5, '2.5', 'abc', '', undefined],
    message: LEVEL,
  })

  itChecksField(SkillSchema, valid, 'color', {
    accepts: ['#8b5cf6', '#8B5CF6'],
    refuses: ['8b5cf6', '#8b5cf', '#8b5cf60', '#GGGGGG', 'red'],
    message: 'La couleur doit être au format #RRGGBB',
  })

  it('defaults an absent colour to #8b5cf6 but rejects a blank one', () => {
    const { color: _color, ...noColor } = valid
    expect(SkillSchema.parse(noColor).color).toBe('#8b5cf6')
    expect(DEFAULT_SKILL_COLOR).toBe('#8b5cf6')
    expect(errorsOf({ ...valid, color: '  ' })).toMatchObject({ color: 'La couleur est requise' })
  })

  it('requires name and category; category is one of the four', () => {
    const required = { name: 'Le nom est requis', category: 'La catégorie est requise' }
    expect(errorsOf({ level: 3 })).toEqual(required)
    expect(errorsOf({ ...valid, name: '  ', category: '' })).toEqual(required)
    expect(errorsOf({ ...valid, category: 'art' })).toEqual({ category: 'Catégorie invalide' })
    for (const category of ['design', 'development', 'tools', 'soft'])
      expect(SkillSchema.safeParse({ ...valid, category }).success).toBe(true)
  })

  itBoundsLength(SkillSchema, valid, [['name', MAX_LENGTH.short]])

  it('accepts FormData', () => {
    expect(parseForm(SkillSchema, valid)).toEqual({ ...valid, level: 4 })
  })

  it('exports French labels, the delete question and the bar width', () => {
    expect(SKILL_CATEGORY_LABELS).toEqual({
      design: 'Design',
      development: 'Développement',
      tools: 'Outils',
      soft: 'Soft skills',
    })
    expect(SKILL_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cette compétence ?')
    expect(skillLevelPercent(3)).toBe(60)
    expect(skillLevelPercent(5)).toBe(100)
  })
})
