// The "Compétences" collection (ADR 064, ADR 079): what the server and the UI both read.
import { SKILL_DELETE_QUESTION, SkillSchema } from '#app/domain/skill.ts'
import type { Skill } from '#app/domain/types.ts'
import { declareCollection, englishVersion } from './define.ts'

export const skillsCollection = declareCollection<Skill>()({
  id: 'skills',
  resourceType: 'skill',
  schema: SkillSchema,
  nameOf: (s) => s.name,
  translation: englishVersion('skill', SkillSchema, ['name'], ['name']),
  labels: {
    add: 'Nouvelle compétence',
    empty: 'Aucune compétence pour le moment. Ajoutez votre première compétence.',
    list: 'Liste des compétences',
    create: 'Nouvelle compétence',
    edit: 'Modifier la compétence',
    deleteQuestion: SKILL_DELETE_QUESTION,
    missing: 'Compétence introuvable',
  },
  toasts: {
    created: 'Compétence ajoutée avec succès',
    updated: 'Compétence mise à jour avec succès',
    deleted: 'Compétence supprimée avec succès',
    missing: "Cette compétence n'existe plus.",
  },
})
