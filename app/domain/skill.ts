// Skill form: level 1 to 5, colour #RRGGBB.
import { z } from 'zod'
import { SKILL_CATEGORIES, type SkillCategory } from './types.ts'
import { intField, requiredText } from './common.ts'

export const SKILL_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cette compétence ?'

export const SKILL_CATEGORY_LABELS: Record<SkillCategory, string> = {
  design: 'Design',
  development: 'Développement',
  tools: 'Outils',
  soft: 'Soft skills',
}

export const SKILL_LEVEL_MIN = 1
export const SKILL_LEVEL_MAX = 5
export const DEFAULT_SKILL_COLOR = '#8b5cf6'
export const SKILL_LEVEL_MESSAGE = 'Le niveau doit être un entier entre 1 et 5'
export const SKILL_COLOR_MESSAGE = 'La couleur doit être au format #RRGGBB'
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

export const SkillSchema = z.object({
  name: requiredText('Le nom est requis'),
  category: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(SKILL_CATEGORIES, {
      error: (issue) =>
        issue.input === undefined ? 'La catégorie est requise' : 'Catégorie invalide',
    }),
  ),
  level: intField({
    message: SKILL_LEVEL_MESSAGE,
    min: SKILL_LEVEL_MIN,
    max: SKILL_LEVEL_MAX,
  }),
  // Absent → the default colour; sent but blank → required (the picker always sends one).
  color: z.preprocess(
    (value) => (value === undefined || value === null ? DEFAULT_SKILL_COLOR : value),
    requiredText('La couleur est requise').regex(HEX_COLOR, { error: SKILL_COLOR_MESSAGE }),
  ),
})

export type SkillFields = z.output<typeof SkillSchema>
export type SkillInput = Partial<Record<keyof SkillFields, unknown>> & Record<string, unknown>

/** Width of the level bar: level × 20 %. */
export function skillLevelPercent(level: number): number {
  return Math.min(SKILL_LEVEL_MAX, Math.max(0, level)) * 20
}
