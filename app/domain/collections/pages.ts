// The "Pages" collection (ADR 090, ADR 079): what the server and the UI both read.
import { PAGE_DELETE_QUESTION, PageSchema, type Page } from '#app/domain/page.ts'
import { declareCollection, englishVersion } from './define.ts'

export const pagesCollection = declareCollection<Page>()({
  id: 'pages',
  resourceType: 'page',
  schema: PageSchema,
  nameOf: (p) => p.title,
  // Unticked boxes are absent from the form: they mean false.
  formDefaults: { showInMenu: false, showInFooter: false },
  // Its English version is public with the French page, at /en/<the same slug> (ADR 090).
  translation: englishVersion('page', PageSchema, ['title', 'content'], ['title', 'content']),
  publicPath: (p) => `/${p.slug}`,
  labels: {
    add: 'Nouvelle page',
    empty: 'Aucune page pour le moment. Créez votre première page (Services, Tarifs…).',
    list: 'Liste des pages',
    create: 'Nouvelle page',
    edit: 'Modifier la page',
    deleteQuestion: PAGE_DELETE_QUESTION,
    missing: 'Page introuvable',
  },
  toasts: {
    created: 'Page ajoutée avec succès',
    updated: 'Page mise à jour avec succès',
    deleted: 'Page supprimée avec succès',
    missing: "Cette page n'existe plus.",
    stale:
      'Cette page a été modifiée ailleurs depuis que vous l’avez ouverte (un autre onglet ou une autre personne). Vos saisies sont conservées ci-dessous : copiez-les, puis rechargez la page pour repartir de la dernière version.',
  },
  savedText: (p) => p.content,
})
