import { describe, expect, it } from 'vitest'
import { MAX_LENGTH, formDataToObject, toFieldErrors } from './common.ts'
import {
  DEFAULT_SKILL_COLOR,
  SKILL_CATEGORY_LABELS,
  SKILL_DELETE_QUESTION,
  SkillSchema,
  skillLevelPercent,
} from './skill.ts'

const valid = { name: 'Figma', category: 'design', level: '4', color: '#8b5cf6' }
const LEVEL = 'Le niveau doit être un entier entre 1 et 5'

function errorsOf(input: unknown) {
  const result = SkillSchema.safeParse(input)
  return result.success ? {} : toFieldErrors(result.error)
}

describe('SkillSchema', () => {
  it('parses a valid skill (level as an integer)', () => {
    expect(SkillSchema.parse(valid)).toEqual({ ...valid, level: 4 })
  })

  it.each([
    [0, false],
    [1, true],
    [5, true],
    [6, false],
    [2.5, false],
    ['2.5', false],
    ['abc', false],
    ['', false],
    [undefined, false],
    ['1', true],
    [' 5 ', true],
  ])('level %j accepted: %s', (level, ok) => {
    const result = SkillSchema.safeParse({ ...valid, level })
    expect(result.success).toBe(ok)
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ level: LEVEL })
  })

  it.each([
    ['#8b5cf6', true],
    ['#8B5CF6', true],
    ['8b5cf6', false],
    ['#8b5cf', false],
    ['#8b5cf60', false],
    ['#GGGGGG', false],
    ['red', false],
  ])('colour %s accepted: %s', (color, ok) => {
    const result = SkillSchema.safeParse({ ...valid, color })
    expect(result.success).toBe(ok)
    if (!result.success)
      expect(toFieldErrors(result.error)).toEqual({
        color: 'La couleur doit être au format #RRGGBB',
      })
  })

  it('defaults an absent colour to #8b5cf6 but rejects a blank one', () => {
    const { color: _color, ...noColor } = valid
    expect(SkillSchema.parse(noColor).color).toBe('#8b5cf6')
    expect(DEFAULT_SKILL_COLOR).toBe('#8b5cf6')
    expect(errorsOf({ ...valid, color: '  ' })).toMatchObject({ color: 'La couleur est requise' })
  })

  it('requires name and category; category is one of the four', () => {
    expect(errorsOf({ level: 3 })).toEqual({
      name: 'Le nom est requis',
      category: 'La catégorie est requise',
    })
    expect(errorsOf({ ...valid, name: '  ', category: '' })).toEqual({
      name: 'Le nom est requis',
      category: 'La catégorie est requise',
    })
    expect(errorsOf({ ...valid, category: 'art' })).toEqual({ category: 'Catégorie invalide' })
    for (const category of ['design', 'development', 'tools', 'soft'])
      expect(SkillSchema.safeParse({ ...valid, category }).success).toBe(true)
  })

  it('bounds the name', () => {
    expect(SkillSchema.safeParse({ ...valid, name: 'n'.repeat(MAX_LENGTH.short) }).success).toBe(
      true,
    )
    expect(errorsOf({ ...valid, name: 'n'.repeat(MAX_LENGTH.short + 1) })).toEqual({
      name: `${MAX_LENGTH.short} caractères maximum`,
    })
  })

  it('accepts FormData', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) form.append(k, v)
    expect(SkillSchema.parse(formDataToObject(form))).toEqual({ ...valid, level: 4 })
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
