import { useEffect, useRef } from 'react'
import { NewsletterForm } from '#app/ui/public/newsletter-form.tsx'
import { Form, data, useSubmit } from 'react-router'
import { Search } from 'lucide-react'
import type { Route } from './+types/blog'
import {
  listBlogCategories,
  listBlogPosts,
  listBlogTags,
  listPostSummaryPage,
} from '#app/server/repositories/blog.server.ts'
import { localizeList } from '#app/server/repositories/translations.server.ts'
import type { PostSummary } from '#app/domain/types.ts'
import { postSummaryOf } from '#app/domain/blog.ts'
import { BlogCard } from '#app/ui/public/blog-card.tsx'
import { SectionHeader, sectionMeta } from '#app/ui/public/page-header.tsx'
import { requestLocale } from '#app/domain/i18n/locale.ts'
import { useT } from '#app/ui/i18n.tsx'
import { pageOf, parsePage, withPageLinks } from '#app/domain/pagination.ts'
import { PaginationNav } from '#app/ui/public/pagination-nav.tsx'

const MAX_QUERY = 200

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY)
  const category = (params.get('category') ?? '').trim()
  const tag = (params.get('tag') ?? '').trim()
  const page = parsePage(params.get('page'))
  const { shown, categories, tags } =
    requestLocale(request) === 'en'
      ? await englishPosts(q, category, tag, page)
      : await frenchPosts(q, category, tag, page)
  // At most 24 cards a page; a page past the last one is a 404 (ADR 091).
  if (!shown) throw data(null, { status: 404 })
  const { items, ...pagination } = shown
  const sameAuthor = authorsOnce()
  return {
    q,
    category,
    tag,
    categories,
    tags,
    pagination,
    // What the cards show, no more (ADR 100): the page carries these fields twice (HTML and
    // hydration data).
    posts: items.map(({ id: _id, updatedAt: _updatedAt, author, ...card }) => ({
      ...card,
      author: sameAuthor(author),
    })),
  }
}

/**
 * One object per distinct author for the page: the hydration data writes an object shared by
 * several cards once (most blogs have one author).
 */
function authorsOnce() {
  const seen = new Map<string, PostSummary['author']>()
  return (author: PostSummary['author']) => {
    const key = JSON.stringify([author.name, author.avatar])
    const known = seen.get(key)
    if (known) return known
    seen.set(key, author)
    return author
  }
}

/** One page read in SQL: 24 summaries and a count, whatever the number of posts (ADR 100). */
async function frenchPosts(q: string, category: string, tag: string, page: number) {
  const [shown, categories, tags] = await Promise.all([
    listPostSummaryPage({ q, category, tag }, page),
    listBlogCategories(),
    listBlogTags(),
  ])
  return { shown, categories, tags }
}

/** The translated posts only, searched and filtered on their English texts (ADR 075). */
async function englishPosts(q: string, category: string, tag: string, page: number) {
  const all = await localizeList('post', await listBlogPosts(), 'en')
  const words = q.toLowerCase()
  const posts = all.filter(
    (p: PostSummary) =>
      (!category || p.category === category) &&
      (!tag || p.tags.includes(tag)) &&
      (!words || `${p.title} ${p.excerpt}`.toLowerCase().includes(words)),
  )
  const shown = pageOf(posts, page)
  const sorted = (values: string[]) => [...new Set(values)].sort()
  return {
    // The overlay lays the English text over each summary: the card's fields only.
    shown: shown && { ...shown, items: shown.items.map(postSummaryOf) },
    categories: sorted(all.map((p) => p.category)),
    tags: sorted(all.flatMap((p) => p.tags)),
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = sectionMeta(matches, '/blog', {
    title: 'blog:title',
    description: 'blog:description',
  })
  if (!loaderData) return tags
  const { category, tag, pagination } = loaderData
  return withPageLinks(tags, pagination, { category, tag })
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { q, category, tag, categories, tags, posts, pagination } = loaderData
  const t = useT()
  // The fields follow the URL (back, a tag link) without remounting the form: a remount would
  // take the focus from the select or the search box being used (keyboard users).
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const fields = form.current?.elements
    if (!fields) return
    for (const [name, value] of [
      ['q', q],
      ['category', category],
      ['tag', tag],
    ] as const) {
      const field = fields.namedItem(name)
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field.value !== value
      )
        field.value = value
    }
  }, [q, category, tag])
  return (
    <>
      <SectionHeader eyebrow="blog:eyebrow" title="blog:title" intro="blog:intro" />
      <div className="mx-auto max-w-6xl px-6">
        <Form
          ref={form}
          method="get"
          role="search"
          preventScrollReset
          className="card grid gap-4 p-4 md:grid-cols-[1fr_14rem_14rem_auto] md:items-end"
        >
          <div className="flex flex-col gap-2 text-sm font-semibold text-fg-2">
            <label htmlFor="blog-q">{t('blog:search')}</label>
            <span className="relative">
              <Search
                aria-hidden="true"
                className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
              />
              <input
                id="blog-q"
                type="search"
                name="q"
                defaultValue={q}
                maxLength={MAX_QUERY}
                placeholder={t('blog:searchPlaceholder')}
                className="field pl-9"
              />
            </span>
          </div>
          <FilterSelect
            id="blog-category"
            label={t('blog:category')}
            name="category"
            value={category}
            allLabel={t('blog:allCategories')}
            options={categories}
          />
          <FilterSelect
            id="blog-tag"
            label={t('blog:tag')}
            name="tag"
            value={tag}
            allLabel={t('blog:allTags')}
            options={tags}
          />
          <button type="submit" className="btn btn-primary">
            {t('blog:search')}
          </button>
        </Form>

        {posts.length === 0 ? (
          <p className="mt-12 text-lg text-fg-2">{t('blog:empty')}</p>
        ) : (
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((p, i) => (
              <BlogCard key={p.slug} post={p} priority={i === 0} />
            ))}
          </div>
        )}
        <PaginationNav path="/blog" info={pagination} params={{ q, category, tag }} />
      </div>
      <NewsletterForm />
    </>
  )
}

/** A filter of the list: choosing an option submits the search form at once. */
function FilterSelect(props: {
  id: string
  label: string
  name: string
  value: string
  allLabel: string
  options: readonly string[]
}) {
  const submit = useSubmit()
  return (
    <div className="flex flex-col gap-2 text-sm font-semibold text-fg-2">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        className="field"
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}
