// Admin tab "Blog" (spec §3 Blog post, §5 blog form): slug suggested from the title and
// unique, tags comma-separated, author name and avatar. Issue 12 (ADR 020): Markdown editor
// with live preview, status and publish date, reading time computed unless typed,
// categories and tags picked from existing ones, revisions (diff, restore), 'Prévisualiser'.
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'
import { Eye } from 'lucide-react'
import type { Route } from './+types/blog'
import { AUTHOR_FIELDS, BLOG_DELETE_QUESTION, BlogPostSchema, slugify } from '#app/domain/blog.ts'
import { minutesFor } from '#app/domain/markdown.ts'
import {
  BLOG_STATUSES,
  STATUS_LABELS,
  effectiveStatus,
  toParisInputValue,
} from '#app/domain/publishing.ts'
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
  listAllBlogPosts,
  listAllBlogTaxonomy,
  updateBlogPost,
} from '#app/server/repositories/blog.server.ts'
import {
  loadRevisionsView,
  renameCategoryIntent,
  restoreRevisionIntent,
} from '#app/server/blog-admin.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import {
  FieldGrid,
  initialValue,
  SelectField,
  TextAreaField,
  TextField,
} from '#app/ui/admin/fields.tsx'
import {
  CategoryRenameForm,
  RevisionsPanel,
  TaxonomyField,
} from '#app/ui/admin/blog-publishing.tsx'
import {
  DRAFT_KEY_PREFIX,
  forgetSavedCopies,
  MarkdownEditor,
} from '#app/ui/admin/markdown-editor.tsx'
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
import { MediaUrlField } from '#app/ui/admin/media-url-field.tsx'
import { lazyDateTimeFormat } from '#app/domain/lazy-intl.ts'

export function meta() {
  return [{ title: 'Blog — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const view = await loadCrudView(request, {
    get: getBlogPost,
    list: listAllBlogPosts,
    missing: 'Article introuvable',
  })
  const author = defaultBlogAuthor({ profile: await getProfile(), account: admin })
  const [taxonomy, revisions] = await Promise.all([
    listAllBlogTaxonomy(),
    view.item ? loadRevisionsView(request, view.item.id) : null,
  ])
  return {
    ...view,
    defaultAuthor: author.name,
    defaultAvatar: author.avatar ?? '',
    taxonomy,
    revisions,
    now: new Date().toISOString(),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const author = { id: admin.id, name: admin.name || admin.email }
  if (form.intent === 'restore') return restoreRevisionIntent(request, admin, form)
  if (form.intent === 'rename-category') return renameCategoryIntent(request, admin, form)
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/blog',
    resourceType: 'blog',
    nameOf: (p: BlogPost) => p.title,
    formDefaults: { tags: '' },
    get: getBlogPost,
    create: (values) => createBlogPost(values, author),
    update: (id, values) => updateBlogPost(id, values, author),
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
  if (loaderData.mode === 'list')
    return (
      <BlogList
        posts={loaderData.items}
        now={loaderData.now}
        categories={loaderData.taxonomy.categories}
        failure={actionData}
      />
    )
  return (
    <>
      <BlogForm
        // A save (or a restored revision) remounts the form with the stored text.
        key={loaderData.item ? `${loaderData.item.id}:${loaderData.item.updatedAt ?? ''}` : 'new'}
        post={loaderData.item}
        defaultAuthor={loaderData.defaultAuthor}
        defaultAvatar={loaderData.defaultAvatar}
        taxonomy={loaderData.taxonomy}
        failure={actionData}
      />
      {loaderData.item && loaderData.revisions ? (
        <RevisionsPanel postId={loaderData.item.id} view={loaderData.revisions} />
      ) : null}
    </>
  )
}

const dateFormat = lazyDateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

const STATUS_STYLES = {
  draft: 'bg-zinc-100 text-zinc-700',
  scheduled: 'bg-amber-100 text-amber-800',
  published: 'bg-emerald-100 text-emerald-800',
} as const

function StatusChip({ status }: { status: keyof typeof STATUS_STYLES }) {
  return (
    <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  )
}

function BlogList({
  posts,
  now,
  categories,
  failure,
}: {
  posts: BlogPost[]
  now: string
  categories: string[]
  failure: FormFailure | undefined
}) {
  useEffect(() => {
    forgetSavedCopies(
      'blog',
      posts.map((post) => post.content),
    )
  }, [posts])
  return (
    <section>
      <TabHeader title="Blog">
        <AddButton label="Nouvel article" />
      </TabHeader>
      <CategoryRenameForm categories={categories} failure={failure} />
      {posts.length === 0 ? (
        <EmptyState>Aucun article pour le moment. Rédigez votre premier article.</EmptyState>
      ) : (
        <ItemList label="Liste des articles">
          {posts.map((post) => (
            <ItemRow
              key={post.id}
              actions={
                <>
                  <Link
                    to={`/blog/${encodeURIComponent(post.slug)}?apercu`}
                    aria-label={`Prévisualiser ${post.title}`}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-violet-700 hover:bg-violet-50"
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    Prévisualiser
                  </Link>
                  <EditLink id={post.id} itemName={post.title} />
                  <ConfirmDelete
                    id={post.id}
                    itemName={post.title}
                    question={BLOG_DELETE_QUESTION}
                  />
                </>
              }
            >
              <p className="font-medium text-zinc-900">
                {post.title} <StatusChip status={effectiveStatus(post, new Date(now))} />
              </p>
              <p className="truncate text-sm text-zinc-600">
                /blog/{post.slug} · {post.category} ·{' '}
                {dateFormat.format(new Date(post.publishedAt))} · {post.readTime} min
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
  taxonomy,
  defaultAvatar,
  failure,
}: {
  post: BlogPost | null
  defaultAuthor: string
  taxonomy: { categories: string[]; tags: string[] }
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
  const [words, setWords] = useState(0)
  const [status, setStatus] = useState(() =>
    String(typed?.status ?? (post ? effectiveStatus(post, new Date()) : 'draft')),
  )
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
          <TaxonomyField
            name="category"
            label="Catégorie"
            required
            hint="Choisissez une catégorie existante ou saisissez-en une nouvelle"
            options={taxonomy.categories}
            defaultValue={v('category', post?.category)}
            error={errors.category}
          />
          <MediaUrlField
            kind="image"
            name="thumbnail"
            label="Miniature (URL)"
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
            hint={`Laissez vide pour le calcul automatique (${minutesFor(words)} min d’après le texte)`}
            placeholder={String(minutesFor(words))}
            defaultValue={v('readTime', post && !post.readTimeAuto ? post.readTime : '')}
            error={errors.readTime}
          />
          <TaxonomyField
            name="tags"
            label="Tags"
            hint="Séparés par des virgules ; choisissez parmi les tags existants ou créez-en"
            options={taxonomy.tags}
            multiple
            defaultValue={v('tags', post?.tags.join(', '))}
            error={errors.tags}
          />
          <SelectField
            name="status"
            label="Statut"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={BLOG_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            error={errors.status}
          />
          <TextField
            name="publishedAt"
            label="Date de publication"
            type="datetime-local"
            hint={
              status === 'draft'
                ? 'Heure de Paris ; vide = au moment de la publication'
                : status === 'scheduled'
                  ? 'Heure de Paris ; l’article paraîtra à cette date'
                  : 'Heure de Paris ; vide = maintenant'
            }
            defaultValue={v(
              'publishedAt',
              post && post.status !== 'draft' ? toParisInputValue(post.publishedAt) : '',
            )}
            error={errors.publishedAt}
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
        <MarkdownEditor
          name="content"
          label="Contenu"
          required
          hint="Markdown : **gras**, _italique_, ## titre, [lien](https://…), listes, > citation, ```code```, ![image](https://…)."
          defaultValue={v('content', post?.content)}
          savedValue={post?.content ?? ''}
          storageKey={`${DRAFT_KEY_PREFIX}blog:${post?.id ?? 'nouveau'}`}
          error={errors.content}
          onWordsChange={setWords}
        />
        <FormActions>
          {post ? (
            <Link
              to={`/blog/${encodeURIComponent(post.slug)}?apercu`}
              className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-violet-700 hover:bg-violet-50"
            >
              <Eye aria-hidden="true" className="size-4" />
              Prévisualiser
            </Link>
          ) : null}
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
