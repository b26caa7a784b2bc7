// The "Blog" collection (ADR 020, ADR 064, ADR 079): what the server and the UI both read.
import '#app/domain/zod-config.ts'
import { z } from 'zod'
import {
  BLOG_DELETE_QUESTION,
  BlogPostFieldsSchema,
  BlogPostSchema,
  slugify,
} from '#app/domain/blog.ts'
import type { BlogPost } from '#app/domain/types.ts'
import { ADMIN_LIST_PARAMS } from '#app/domain/admin-list.ts'
import { declareCollection, englishVersion } from './define.ts'

/** An English slug is made from what was typed, then checked as a French one. */
const englishSlug = z.preprocess(
  (value) => (typeof value === 'string' ? slugify(value) || undefined : value),
  BlogPostFieldsSchema.shape.slug.optional(),
)

export const blogCollection = declareCollection<BlogPost>()({
  id: 'blog',
  resourceType: 'blog',
  schema: BlogPostSchema,
  nameOf: (p) => p.title,
  formDefaults: { tags: '' },
  // A post's English version also has its own status and date (ADR 077, translation.ts).
  translation: englishVersion(
    'post',
    BlogPostFieldsSchema,
    // The search and share fields too (ADR 094): the English page's own, else its defaults.
    ['slug', 'title', 'excerpt', 'content', 'category', 'seoTitle', 'seoDescription', 'ogImage'],
    ['title', 'content'],
    { slug: englishSlug },
  ),
  publicPath: (p) => `/blog/${p.slug}`,
  // A save or a delete goes back to the list as it was filtered (ADR 091).
  keepParams: ADMIN_LIST_PARAMS,
  labels: {
    add: 'Nouvel article',
    empty: 'Aucun article pour le moment. Rédigez votre premier article.',
    list: 'Liste des articles',
    create: 'Nouvel article',
    edit: "Modifier l'article",
    deleteQuestion: BLOG_DELETE_QUESTION,
    missing: 'Article introuvable',
  },
  toasts: {
    created: 'Article ajouté avec succès',
    updated: 'Article mis à jour avec succès',
    deleted: 'Article supprimé avec succès',
    missing: "Cet article n'existe plus.",
    stale:
      'Cet article a été modifié ailleurs depuis que vous l’avez ouvert (un autre onglet ou une autre personne). Vos saisies sont conservées ci-dessous : copiez-les, puis rechargez la page pour repartir de la dernière version.',
  },
  savedText: (p) => p.content,
})
