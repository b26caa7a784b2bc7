// The "Médias" collection (ADR 017, ADR 064, ADR 079): what the server and the UI both read.
import { MEDIA_DELETE_QUESTION, MediaFieldsSchema, MediaSchema } from '#app/domain/media.ts'
import type { MediaItem } from '#app/domain/types.ts'
import { MEDIA_LIST, listParamNames } from '#app/domain/admin-list.ts'
import { declareCollection, englishVersion } from './define.ts'

export const mediaCollection = declareCollection<MediaItem>()({
  id: 'media',
  resourceType: 'media',
  schema: MediaSchema,
  nameOf: (m) => m.title,
  formDefaults: {
    featured: false,
    tags: '',
    description: '',
    decorative: false,
    alt: '',
    inGallery: false,
  },
  ordered: true,
  // Back to the list as the admin left it: its search and filters.
  keepParams: listParamNames(MEDIA_LIST),
  translation: englishVersion(
    'media',
    MediaFieldsSchema,
    ['title', 'description', 'alt'],
    ['title'],
  ),
  labels: {
    heading: 'Gestion des Médias',
    add: 'Nouveau Média',
    empty: 'Aucun média ne correspond à votre recherche.',
    list: 'Médias',
    create: 'Nouveau Média',
    edit: 'Modifier le Média',
    deleteQuestion: MEDIA_DELETE_QUESTION,
    missing: 'Média introuvable',
  },
  toasts: {
    created: 'Média ajouté avec succès',
    updated: 'Média mis à jour avec succès',
    deleted: 'Média supprimé avec succès',
    missing: "Ce média n'existe plus.",
  },
})
