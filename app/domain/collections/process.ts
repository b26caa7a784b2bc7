// The "Processus Créatif" collection (ADR 064, ADR 079): what the server and the UI both read.
import { PROCESS_DELETE_QUESTION, ProcessStepSchema } from '#app/domain/process.ts'
import type { ProcessStep } from '#app/domain/types.ts'
import { declareCollection, englishVersion } from './define.ts'

export const processCollection = declareCollection<ProcessStep>()({
  id: 'process',
  resourceType: 'process',
  schema: ProcessStepSchema,
  nameOf: (s) => s.title,
  ordered: true,
  translation: englishVersion('process', ProcessStepSchema, ['title', 'description'], ['title']),
  labels: {
    add: 'Nouvelle étape',
    empty: 'Aucune étape pour le moment. Décrivez la première étape de votre processus.',
    list: 'Étapes du processus',
    create: 'Nouvelle étape',
    edit: "Modifier l'étape",
    deleteQuestion: PROCESS_DELETE_QUESTION,
    missing: 'Étape introuvable',
  },
  toasts: {
    created: 'Étape ajoutée avec succès',
    updated: 'Étape mise à jour avec succès',
    deleted: 'Étape supprimée avec succès',
    missing: "Cette étape n'existe plus.",
  },
})
