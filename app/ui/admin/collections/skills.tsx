// The "Compétences" collection (ADR 064): name, category, level 1–5 and a colour #RRGGBB
// (default #8b5cf6) with a picker.
import { DEFAULT_SKILL_COLOR, SKILL_CATEGORY_LABELS, skillLevelPercent } from '#app/domain/skill.ts'
import { SKILL_CATEGORIES, type Skill } from '#app/domain/types.ts'
import {
  ColorField,
  FieldGrid,
  SelectField,
  TextField,
  WholeNumberField,
  optionsWithNone,
} from '../fields.tsx'
import type { CollectionData } from '#app/domain/admin-collection.ts'
import { skillsCollection } from '#app/domain/collections/skills.ts'
import { defineCollection, type FieldsProps } from './collection.tsx'

export const skills = defineCollection(skillsCollection, {
  Row: SkillRow,
  Fields: SkillFields,
})

const CATEGORY_OPTIONS = optionsWithNone(
  'Choisir une catégorie',
  SKILL_CATEGORIES,
  SKILL_CATEGORY_LABELS,
)

function SkillRow({ item: skill }: { item: Skill }) {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="h-4 w-4 shrink-0 rounded-full"
        style={{ backgroundColor: skill.color }}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-900">{skill.name}</p>
        <p className="text-sm text-zinc-600">
          {SKILL_CATEGORY_LABELS[skill.category]} · Niveau {skill.level}/5
        </p>
        <div className="mt-1 h-1.5 w-40 rounded bg-zinc-200" aria-hidden="true">
          <div
            className="h-1.5 rounded"
            style={{ width: `${skillLevelPercent(skill.level)}%`, backgroundColor: skill.color }}
          />
        </div>
      </div>
    </div>
  )
}

function SkillFields({ item, field }: FieldsProps<Skill, CollectionData<Skill>>) {
  return (
    <FieldGrid>
      <TextField {...field('name', item?.name)} label="Nom" required />
      <SelectField
        {...field('category', item?.category)}
        label="Catégorie"
        required
        options={CATEGORY_OPTIONS}
      />
      <WholeNumberField
        {...field('level', item?.level ?? 3)}
        label="Niveau (1 à 5)"
        min={1}
        max={5}
        required
      />
      <ColorField
        {...field('color', item?.color ?? DEFAULT_SKILL_COLOR)}
        label="Couleur"
        required
        hint="Format #RRGGBB"
      />
    </FieldGrid>
  )
}
