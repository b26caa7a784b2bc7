// Admin tab "Blog" (spec §3 Blog post, §5 blog form): slug suggested from the title and
// unique, readTime ≥ 1 (default 5), tags comma-separated, author name and avatar.
import { useState } from 'react'
import { Form } from 'react-router'
import type { Route } from './+types/blog'
import {
  AUTHOR_FIELDS,
  BLOG_DELETE_QUESTION,
  BlogPostSchema,
  DEFAULT_READ_TIME,
  slugify,
} from '#app/domain/blog.ts'
import type { BlogPost } from '#app/domain/types.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type FormFailure,
} from '#app/server/admin-actions.server.ts'
import { defaultBlogAuthor } from '#app/domain/author.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  listBlogPosts,
  updateBlogPost,
} from '#app/server/repositories/blog.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import { FieldGrid, initialValue, TextAreaField, TextField } from '#app/ui/admin/fields.tsx'
import {
  AddButton,
  CancelLink,
  EditLink,
  EmptyState,
  FormActions,
  FormPanel,
  ItemList,
  ItemRow,
  TabHeader,
} from '#app/ui/admin/list.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'

export function meta() {
  return [{ title: 'Blog — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const view = await loadCrudView(request, {
    get: getBlogPost,
    list: listBlogPosts,
    missing: 'Article introuvable',
  })
  const author = defaultBlogAuthor({ profile: await getProfile(), account: admin })
  return { ...view, defaultAuthor: author.name, defaultAvatar: author.avatar ?? '' }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/blog',
    resourceType: 'blog',
    nameOf: (p: BlogPost) => p.title,
    formDefaults: { tags: '' },
    get: getBlogPost,
    create: createBlogPost,
    update: updateBlogPost,
    remove: deleteBlogPost,
    messages: {
      created: 'Article ajouté avec succès',
      updated: 'Article mis à jour avec succès',
      deleted: 'Article supprimé avec succès',
      missing: "Cet article n'existe plus.",
    },
  })
  return result ?? unknownIntent(form.intent)
}

export default function BlogTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') return <BlogList posts={loaderData.items} />
  return (
    <BlogForm
      key={loaderData.item?.id ?? 'new'}
      post={loaderData.item}
      defaultAuthor={loaderData.defaultAuthor}
      defaultAvatar={loaderData.defaultAvatar}
      failure={actionData}
    />
  )
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' })

function BlogList({ posts }: { posts: BlogPost[] }) {
  return (
    <section>
      <TabHeader title="Blog">
        <AddButton label="Nouvel article" />
      </TabHeader>
      {posts.length === 0 ? (
        <EmptyState>Aucun article pour le moment. Rédigez votre premier article.</EmptyState>
      ) : (
        <ItemList label="Liste des articles">
          {posts.map((post) => (
            <ItemRow
              key={post.id}
              actions={
                <>
                  <EditLink id={post.id} itemName={post.title} />
                  <ConfirmDelete
                    id={post.id}
                    itemName={post.title}
                    question={BLOG_DELETE_QUESTION}
                  />
                </>
              }
            >
              <p className="font-medium text-zinc-900">{post.title}</p>
              <p className="truncate text-sm text-zinc-600">
                /blog/{post.slug} · {post.category} · {dateFormat.format(new Date(post.createdAt))}{' '}
                · {post.readTime} min
              </p>
            </ItemRow>
          ))}
        </ItemList>
      )}
    </section>
  )
}

function BlogForm({
  post,
  defaultAuthor,
  defaultAvatar,
  failure,
}: {
  post: BlogPost | null
  defaultAuthor: string
  defaultAvatar: string
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(BlogPostSchema, failure?.fieldErrors)
  const typed = failure?.values
  const v = (key: string, stored: unknown) => initialValue(typed, key, stored)
  const editing = post !== null
  // The slug follows the title until the admin edits it (or when editing a post).
  const [title, setTitle] = useState(() => v('title', post?.title))
  const [slug, setSlug] = useState(() => v('slug', post?.slug))
  const [slugTouched, setSlugTouched] = useState(editing || typed !== undefined)
  const shownSlug = slugTouched ? slug : slugify(title)
  return (
    <FormPanel title={editing ? "Modifier l'article" : 'Nouvel article'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={post.id} /> : null}
        <FieldGrid>
          <TextField
            name="title"
            label="Titre"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title}
          />
          <TextField
            name="slug"
            label="Slug"
            required
            hint="Adresse de l'article : lettres minuscules, chiffres et tirets (proposé depuis le titre)"
            value={shownSlug}
            onChange={(event) => {
              setSlugTouched(true)
              setSlug(event.target.value)
            }}
            error={errors.slug}
          />
          <TextField
            name="category"
            label="Catégorie"
            required
            defaultValue={v('category', post?.category)}
            error={errors.category}
          />
          <TextField
            name="thumbnail"
            label="Miniature (URL)"
            type="url"
            required
            defaultValue={v('thumbnail', post?.thumbnail)}
            error={errors.thumbnail}
          />
          <TextField
            name="readTime"
            label="Temps de lecture (minutes)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={v('readTime', post?.readTime ?? DEFAULT_READ_TIME)}
            error={errors.readTime}
          />
          <TextField
            name="tags"
            label="Tags"
            hint="Séparés par des virgules"
            defaultValue={v('tags', post?.tags.join(', '))}
            error={errors.tags}
          />
          {/* Named like their error paths: the error shows here and focus moves here. */}
          <TextField
            name={AUTHOR_FIELDS.name}
            label="Nom de l'auteur"
            defaultValue={v(AUTHOR_FIELDS.name, post ? post.author.name : defaultAuthor)}
            error={errors[AUTHOR_FIELDS.name]}
          />
          <TextField
            name={AUTHOR_FIELDS.avatar}
            label="Avatar de l'auteur (URL)"
            type="url"
            defaultValue={v(AUTHOR_FIELDS.avatar, post ? post.author.avatar : defaultAvatar)}
            error={errors[AUTHOR_FIELDS.avatar]}
          />
        </FieldGrid>
        <TextAreaField
          name="excerpt"
          label="Extrait"
          required
          rows={3}
          defaultValue={v('excerpt', post?.excerpt)}
          error={errors.excerpt}
        />
        <TextAreaField
          name="content"
          label="Contenu"
          required
          rows={12}
          hint="Chaque ligne devient un paragraphe."
          defaultValue={v('content', post?.content)}
          error={errors.content}
        />
        <FormActions>
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
