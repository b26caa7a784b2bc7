// The "Projets" collection (ADR 064, ADR 079): what the server and the UI both read.
import { PROJECT_DELETE_QUESTION, ProjectFieldsSchema, ProjectSchema } from '#app/domain/project.ts'
import type { Project } from '#app/domain/types.ts'
import { PROJECTS_LIST, listParamNames } from '#app/domain/admin-list.ts'
import { declareCollection, englishVersion } from './define.ts'

export const projectsCollection = declareCollection<Project>()({
  id: 'projects',
  resourceType: 'project',
  schema: ProjectSchema,
  nameOf: (p) => p.title,
  // An unticked box and an emptied list are absent from the form: they mean false / [].
  formDefaults: { featured: false, tags: [], images: [] },
  ordered: true,
  translation: englishVersion(
    'project',
    // The period's rule (end not before start) is not a field's: pick from the plain fields.
    ProjectFieldsSchema,
    // The search and share fields too (ADR 094): the English page's own, else its defaults.
    ['title', 'description', 'content', 'seoTitle', 'seoDescription', 'ogImage'],
    ['title'],
  ),
  publicPath: (p) => `/projects/${p.id}`,
  // A save or a delete goes back to the list as it was filtered (ADR 099).
  keepParams: listParamNames(PROJECTS_LIST),
  labels: {
    add: 'Nouveau projet',
    empty: 'Aucun projet pour le moment. Ajoutez votre premier projet.',
    list: 'Liste des projets',
    create: 'Nouveau projet',
    edit: 'Modifier le projet',
    deleteQuestion: PROJECT_DELETE_QUESTION,
    missing: 'Projet introuvable',
  },
  toasts: {
    created: 'Projet ajouté avec succès',
    updated: 'Projet mis à jour avec succès',
    deleted: 'Projet supprimé avec succès',
    missing: "Ce projet n'existe plus.",
  },
  savedText: (p) => p.content,
})
