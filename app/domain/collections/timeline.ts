// The "Parcours" collection (ADR 064, ADR 079): what the server and the UI both read.
import { TIMELINE_DELETE_QUESTION, TimelineSchema } from '#app/domain/timeline.ts'
import type { TimelineItem } from '#app/domain/types.ts'
import { declareCollection, englishVersion } from './define.ts'

export const timelineCollection = declareCollection<TimelineItem>()({
  id: 'timeline',
  resourceType: 'timeline',
  schema: TimelineSchema,
  nameOf: (t) => t.title,
  formDefaults: { tags: '' },
  translation: englishVersion(
    'timeline',
    TimelineSchema,
    ['title', 'organization', 'description'],
    ['title'],
  ),
  labels: {
    add: 'Nouvel élément',
    empty: 'Aucun élément de parcours pour le moment. Ajoutez votre première expérience.',
    list: 'Éléments du parcours',
    create: 'Nouvel élément du parcours',
    edit: "Modifier l'élément",
    deleteQuestion: TIMELINE_DELETE_QUESTION,
    missing: 'Élément introuvable',
  },
  toasts: {
    created: 'Élément du parcours ajouté avec succès',
    updated: 'Élément du parcours mis à jour avec succès',
    deleted: 'Élément du parcours supprimé avec succès',
    missing: "Cet élément n'existe plus.",
  },
})
