import { useLocale, useT } from '#app/ui/i18n.tsx'
import { Link } from '#app/ui/link.tsx'
import type { BlogPost, PostSummary } from '#app/domain/types.ts'
import { Avatar, DEFAULT_AVATAR } from '#app/ui/primitives/avatar.tsx'
import { formatDate } from './format.ts'
import { CARD_IMAGE_SIZES, ResponsiveImage } from './media.tsx'

/** A blog card shows at most 2 tags. */
export const BLOG_CARD_TAGS = 2

/** What a card shows: a post's summary (ADR 100) without what it does not show. */
export type BlogCardPost = Omit<PostSummary, 'id' | 'updatedAt'>

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

/**
 * "5 min de lecture" with its clock, on a card and at the top of a post; the clock is drawn by
 * the stylesheet (`.read-time`), not repeated as inline SVG on every card (ADR 100).
 */
export function ReadTime({ minutes }: { minutes: number }) {
  const t = useT()
  return <span className="read-time">{`${minutes}${t('card:readTime')}`}</span>
}

/**
 * `priority`: the first card of the list, the page's largest paint on a phone (ADR 032).
 * Its layout and looks live in the stylesheet's `.post-card` rules (app.css): a page of 24
 * cards carries each utility list once, not 24 times (ADR 100).
 */
export function BlogCard({ post, priority = false }: { post: BlogCardPost; priority?: boolean }) {
  const locale = useLocale()
  const t = useT()
  return (
    <article className="card post-card" data-testid="blog-card">
      <div className="post-card-media">
        {/* Thumbnail and category are optional (ADR 087): a wash of the theme's colours. */}
        {post.thumbnail ? (
          <ResponsiveImage
            src={post.thumbnail}
            alt=""
            priority={priority}
            sizes={CARD_IMAGE_SIZES}
          />
        ) : (
          <div aria-hidden="true" data-testid="card-no-image" className="post-card-wash" />
        )}
        {post.category ? <span>{post.category}</span> : null}
      </div>
      <div className="post-card-body">
        <div className="post-card-byline">
          <img
            src={post.author.avatar || DEFAULT_AVATAR}
            alt=""
            width={32}
            height={32}
            loading="lazy"
          />
          <b>{post.author.name}</b>
          <span aria-hidden="true">·</span>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time>
        </div>
        {/* The link stretches over the card; the card shows its focus ring (.post-card). */}
        <h2>
          <Link to={`/blog/${post.slug}`}>{post.title}</Link>
        </h2>
        <p>{post.excerpt}</p>
        <div className="post-card-footer">
          <ul aria-label={t('card:tags')}>
            {post.tags.slice(0, BLOG_CARD_TAGS).map((tag) => (
              <li key={tag} className="chip">
                {tag}
              </li>
            ))}
          </ul>
          <ReadTime minutes={post.readTime} />
        </div>
      </div>
    </article>
  )
}
