// The "Blog" collection (ADR 020, ADR 064): slug suggested from the title and unique, tags
// comma-separated, author name and avatar; Markdown editor with live preview, status and
// publish date, reading time computed unless typed, categories and tags picked from the
// existing ones, revisions (diff, restore) under the form, and 'Prévisualiser'. The English
// form has its own status, date and revisions (ADR 077); a list row says when the English
// version waits (draft or scheduled).
import { SeoFields } from '../seo-fields.tsx'
import { useState } from 'react'
import { Link } from 'react-router'
import { Eye } from 'lucide-react'
import { AUTHOR_FIELDS } from '#app/domain/blog.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { minutesFor } from '#app/domain/markdown.ts'
import {
  BLOG_STATUSES,
  STATUS_LABELS,
  effectiveStatus,
  toParisInputValue,
} from '#app/domain/publishing.ts'
import type { BlogPost } from '#app/domain/types.ts'
import { englishStatus, isTranslated, type TranslationData } from '#app/domain/translation.ts'
import { viewsLabel, type BlogData } from '#app/domain/admin-collection.ts'
import { CategoryRenameForm, RevisionsPanel, TaxonomyField } from '../blog-publishing.tsx'
import { FieldGrid, SelectField, TextAreaField, TextField, WholeNumberField } from '../fields.tsx'
import { MediaUrlField } from '../media-url-field.tsx'
import { NewsletterPublish } from '../newsletter-publish.tsx'
import { AutosaveBanner, AutosaveStatus } from '../post-autosave.tsx'
import { blogCollection } from '#app/domain/collections/blog.ts'
import { POSTS_LIST } from '#app/domain/admin-list.ts'
import { BulkActions, ListFilters, ListPagination, RowCheckbox } from '../list-controls.tsx'
import { defineCollection, type EnglishFieldsProps, type FieldsProps } from './collection.tsx'
import { ContentEditor, TitleAndSlugFields, useSlugFromTitle } from './item-fields.tsx'

/** The blog tab's loader data: the author a new post is signed with, the existing
 * categories and tags, the revisions of the post being edited, and the time of the read. */
export const blog = defineCollection<'blog', BlogData>(blogCollection, {
  BeforeList: ({ data, failure }) => (
    <>
      <CategoryRenameForm categories={data.taxonomy.categories} failure={failure} />
      {data.listing ? (
        <>
          <ListFilters spec={POSTS_LIST} query={data.listing.query} />
          <BulkActions spec={POSTS_LIST} total={data.listing.total} failure={failure} />
        </>
      ) : null}
    </>
  ),
  AfterList: ({ data }) => <ListPagination spec={POSTS_LIST} listing={data.listing} />,
  rowActions: (post) => (
    <Link
      to={previewUrl(post)}
      aria-label={`Prévisualiser ${post.title}`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-violet-700 hover:bg-violet-50"
    >
      <Eye aria-hidden="true" className="size-4" />
      Prévisualiser
    </Link>
  ),
  Row: PostRow,
  Fields: PostFields,
  formActions: (post) =>
    post ? (
      <>
        {/* Near the save button: when the typing was last kept (ADR 092). */}
        <AutosaveStatus postId={post.id} locale="fr" />
        <Link
          to={previewUrl(post)}
          className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-violet-700 hover:bg-violet-50"
        >
          <Eye aria-hidden="true" className="size-4" />
          Prévisualiser
        </Link>
      </>
    ) : null,
  AfterForm: ({ item, data }) =>
    data.revisions ? <RevisionsPanel postId={item.id} view={data.revisions} /> : null,
  english: {
    Fields: EnglishPublishingFields,
    note: (post, data) => englishNote(data.translations?.[post.id], new Date(data.now)),
    After: ({ item, data }) => (
      <>
        {/* The English version as visitors will see it, whatever its status (ADR 087). */}
        {isTranslated('post', data.translations?.[item.id]) ? (
          <p className="mt-4">
            <Link
              to={englishPreviewUrl(item, data.translations?.[item.id])}
              className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-violet-700 hover:bg-violet-50"
            >
              <Eye aria-hidden="true" className="size-4" />
              Prévisualiser
            </Link>
          </p>
        ) : null}
        {data.revisions ? (
          <RevisionsPanel postId={item.id} view={data.revisions} locale="en" />
        ) : null}
      </>
    ),
  },
})

/** Where a post's English version shows, when it is not published (yet). */
function englishNote(english: TranslationData | undefined, now: Date) {
  const status = englishStatus(english, now)
  if (status === 'draft')
    return {
      link: 'Version anglaise : brouillon, elle n’apparaît pas sur le site anglais (/en/).',
      panel: 'Brouillon : cet article n’apparaît pas sur le site anglais (/en/).',
    }
  if (status === 'scheduled') {
    const at = formatDateTime(english!.publishedAt!)
    return {
      link: `Version anglaise : programmée, elle paraîtra sur le site anglais (/en/) le ${at}.`,
      panel: `Programmé : cet article paraîtra sur le site anglais (/en/) le ${at}.`,
    }
  }
  return undefined
}

const previewUrl = (post: BlogPost) => `/blog/${encodeURIComponent(post.slug)}?apercu`
const englishPreviewUrl = (post: BlogPost, english: TranslationData | undefined) =>
  `/en/blog/${encodeURIComponent(english?.slug || post.slug)}?apercu`

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

/** What an empty publication date means for the chosen status. */
function dateHint(status: string): string {
  return status === 'draft'
    ? 'Heure de Paris ; vide = au moment de la publication'
    : status === 'scheduled'
      ? 'Heure de Paris ; l’article paraîtra à cette date'
      : 'Heure de Paris ; vide = maintenant'
}

/** A post's status (French or English version), controlled: the date field follows it. */
function StatusField(props: {
  name: string
  label: string
  value: string
  onChange: (status: string) => void
  error: string | undefined
}) {
  return (
    <SelectField
      name={props.name}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      options={BLOG_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
      error={props.error}
    />
  )
}

function PostRow({ item: post, data }: { item: BlogPost; data: BlogData }) {
  const english = data.translations?.[post.id]
  // An English version that waits (draft or scheduled) says so; a missing one has its marker.
  const englishWaits = isTranslated('post', english)
    ? englishStatus(english, new Date(data.now))
    : 'published'
  return (
    <>
      <p className="font-medium text-zinc-900">
        <RowCheckbox id={post.id} name={post.title} />
        {post.title} <StatusChip status={effectiveStatus(post, new Date(data.now))} />
        {englishWaits !== 'published' ? (
          <span
            data-testid="english-status"
            className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[englishWaits]}`}
          >
            Anglais : {STATUS_LABELS[englishWaits].toLowerCase()}
          </span>
        ) : null}
      </p>
      <p className="truncate text-sm text-zinc-600">
        /blog/{post.slug} · {post.category} · {formatDateTime(post.publishedAt)} · {post.readTime}{' '}
        min{data.views ? ` · ${viewsLabel(data.views[post.id])}` : ''}
      </p>
    </>
  )
}

function PostFields({ item: post, data, field, typed, errors }: FieldsProps<BlogPost, BlogData>) {
  const { taxonomy } = data
  const inputs = useSlugFromTitle({ item: post, field, typed, errors })
  const [words, setWords] = useState(0)
  const [status, setStatus] = useState(() =>
    String(typed?.status ?? (post ? effectiveStatus(post, new Date()) : 'draft')),
  )
  return (
    <>
      {/* Typing kept by an autosave newer than this version (ADR 092). */}
      {post ? <AutosaveBanner postId={post.id} locale="fr" autosave={data.autosave} /> : null}
      <FieldGrid>
        <TitleAndSlugFields
          inputs={inputs}
          slugHint="Adresse de l'article : lettres minuscules, chiffres et tirets (proposé depuis le titre)"
        />
        <TaxonomyField
          {...field('category', post?.category)}
          label="Catégorie"
          hint="Facultative. Choisissez une catégorie existante ou saisissez-en une nouvelle"
          options={taxonomy.categories}
        />
        {/* Optional (ADR 087): without it the site's share image stands in. */}
        <MediaUrlField
          {...field('thumbnail', post?.thumbnail)}
          kind="image"
          label="Miniature (URL)"
          hint="Facultative : sans miniature, l’image de partage du site est utilisée"
        />
        <WholeNumberField
          {...field('readTime', post && !post.readTimeAuto ? post.readTime : '')}
          label="Temps de lecture (minutes)"
          min={1}
          hint={`Laissez vide pour le calcul automatique (${minutesFor(words)} min d’après le texte)`}
          placeholder={String(minutesFor(words))}
        />
        <TaxonomyField
          {...field('tags', post?.tags.join(', '))}
          label="Tags"
          hint="Séparés par des virgules ; choisissez parmi les tags existants ou créez-en"
          options={taxonomy.tags}
          multiple
        />
        <StatusField
          name="status"
          label="Statut"
          value={status}
          onChange={setStatus}
          error={errors.status}
        />
        <TextField
          {...field(
            'publishedAt',
            post && post.status !== 'draft' ? toParisInputValue(post.publishedAt) : '',
          )}
          label="Date de publication"
          type="datetime-local"
          hint={dateHint(status)}
        />
        <NewsletterPublish postId={post?.id} locale="fr" />
        {/* Named like their error paths: the error shows here and focus moves here. */}
        <TextField
          {...field(AUTHOR_FIELDS.name, post ? post.author.name : data.defaultAuthor)}
          label="Nom de l'auteur"
        />
        <TextField
          {...field(AUTHOR_FIELDS.avatar, post ? post.author.avatar : data.defaultAvatar)}
          label="Avatar de l'auteur (URL)"
          type="url"
        />
      </FieldGrid>
      <TextAreaField
        {...field('excerpt', post?.excerpt)}
        label="Extrait"
        hint="Facultatif : vide, le premier paragraphe du texte en tient lieu"
        rows={3}
      />
      <ContentEditor field={field} scope="blog" item={post} required onWordsChange={setWords} />
      <SeoFields
        field={field}
        stored={post}
        defaults={{ title: 'title', description: 'excerpt', image: 'thumbnail' }}
        path={`/blog/${inputs.slug}`}
      />
    </>
  )
}

/** The English version's status and publish date, in its own form (ADR 077). */
function EnglishPublishingFields({
  item: post,
  data,
  typed,
  errors,
}: EnglishFieldsProps<BlogPost, BlogData>) {
  const english = data.translations?.[post.id]
  // A new English version starts as a draft, as a new post does; one stored before it had a
  // status of its own is published (it already shows on the English site).
  const stored = isTranslated('post', english)
    ? englishStatus(english, new Date(data.now))
    : 'draft'
  const [status, setStatus] = useState(() => String(typed?.['en.status'] ?? stored))
  const storedDate =
    english?.publishedAt && stored !== 'draft' ? toParisInputValue(english.publishedAt) : ''
  const typedDate = typed?.['en.publishedAt']
  return (
    <FieldGrid>
      {/* The English form's autosave (ADR 092): its banner and status. */}
      <AutosaveBanner postId={post.id} locale="en" autosave={data.autosave} />
      <StatusField
        name="en.status"
        label="Statut (anglais)"
        value={status}
        onChange={setStatus}
        error={errors['en.status']}
      />
      <TextField
        name="en.publishedAt"
        label="Date de publication (anglais)"
        type="datetime-local"
        defaultValue={typeof typedDate === 'string' ? typedDate : storedDate}
        error={errors['en.publishedAt']}
        hint={dateHint(status)}
      />
      <NewsletterPublish postId={post.id} locale="en" />
      <AutosaveStatus postId={post.id} locale="en" />
    </FieldGrid>
  )
}
