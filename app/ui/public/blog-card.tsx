import { useLocale, useT } from '#app/ui/i18n.tsx'
import { Link } from '#app/ui/link.tsx'
import { Clock } from 'lucide-react'
import type { BlogPost } from '#app/domain/types.ts'
import { Avatar } from '#app/ui/primitives/avatar.tsx'
import { CARD_FOCUS_RING } from './card-focus.ts'
import { formatDate } from './format.ts'
import { CardImage } from './media.tsx'
import { TagList } from './tag-list.tsx'

/** A blog card shows at most 2 tags. */
export const BLOG_CARD_TAGS = 2

export type BlogCardPost = Pick<
  BlogPost,
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'thumbnail'
  | 'category'
  | 'tags'
  | 'readTime'
  | 'author'
  | 'createdAt'
>

/** The author's avatar and name, on a card and at the top of a post. */
export function PostAuthor({
  author,
  size,
  lazy = false,
}: {
  author: BlogPost['author']
  size: 32 | 40
  lazy?: boolean
}) {
  return (
    <>
      <Avatar
        src={author.avatar}
        size={size}
        loading={lazy ? 'lazy' : undefined}
        className={`${size === 32 ? 'size-8' : 'size-10'} rounded-full object-cover`}
      />
      <span className="font-medium text-fg">{author.name}</span>
    </>
  )
}

/** "5 min de lecture" with its clock, on a card and at the top of a post. */
export function ReadTime({ minutes, className = '' }: { minutes: number; className?: string }) {
  const t = useT()
  return (
    <span className={`flex items-center gap-1 ${className}`}>
      <Clock aria-hidden="true" className="size-4" />
      {minutes}
      {t('card:readTime')}
    </span>
  )
}

/** `priority`: the first card of the list, the page's largest paint on a phone (ADR 032). */
export function BlogCard({ post, priority = false }: { post: BlogCardPost; priority?: boolean }) {
  const locale = useLocale()
  return (
    <article
      className={`group card relative flex flex-col overflow-hidden transition hover:-translate-y-1 ${CARD_FOCUS_RING}`}
      data-testid="blog-card"
    >
      <div className="relative aspect-[16/9] overflow-hidden">
        {/* Thumbnail and category are optional (ADR 087): a wash of the theme's colours. */}
        {post.thumbnail ? (
          <CardImage src={post.thumbnail} priority={priority} zoom="group-hover:scale-105" />
        ) : (
          <div
            aria-hidden="true"
            data-testid="card-no-image"
            className="size-full bg-gradient-to-br from-accent/30 via-bg to-accent/10"
          />
        )}
        {post.category ? (
          <span className="absolute top-3 left-3 rounded-full bg-bg/90 px-3 py-1 text-xs font-semibold text-fg">
            {post.category}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3 text-sm text-fg-2">
          <PostAuthor author={post.author} size={32} lazy />
          <span aria-hidden="true">·</span>
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, locale)}</time>
        </div>
        <h2 className="mt-4 font-display text-xl font-semibold text-fg [overflow-wrap:anywhere]">
          {/* The link stretches over the card; the card shows its focus ring (CARD_FOCUS_RING). */}
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 flex-1 text-fg-2 [overflow-wrap:anywhere]">
          {post.excerpt}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <TagList tags={post.tags.slice(0, BLOG_CARD_TAGS)} className="flex flex-wrap gap-2" />
          <ReadTime minutes={post.readTime} className="text-sm text-fg-2" />
        </div>
      </div>
    </article>
  )
}
