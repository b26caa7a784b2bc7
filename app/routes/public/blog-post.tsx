import { data, Link } from 'react-router'
import { ArrowLeft, Clock } from 'lucide-react'
import type { Route } from './+types/blog-post'
import { summarize } from '#app/domain/seo.ts'
import { getBlogPostBySlug } from '#app/server/repositories/blog.server.ts'
import { DEFAULT_AVATAR } from '#app/ui/chrome/user-menu.tsx'
import { formatDate, paragraphs } from '#app/ui/public/format.ts'
import { pageMeta } from '#app/ui/public/page-meta.ts'

export const POST_NOT_FOUND = 'Article non trouvé'

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getBlogPostBySlug(params.slug)
  if (!post) return data({ post: null }, { status: 404 })
  return { post }
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const post = loaderData?.post
  if (!post) return pageMeta(matches, { title: POST_NOT_FOUND, path: `/blog/${params.slug}`, noindex: true })
  return pageMeta(matches, {
    title: post.title,
    description: summarize(post.excerpt),
    image: post.thumbnail,
    path: `/blog/${post.slug}`,
    type: 'article',
  })
}

export default function BlogPostScreen({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  if (!post) {
    return (
      <section className="mx-auto flex min-h-[70dvh] max-w-3xl flex-col items-center justify-center gap-6 px-6 pt-32 text-center">
        <h1 className="text-4xl font-bold">{POST_NOT_FOUND}</h1>
        <p className="text-fg-2">Cet article n&apos;existe pas ou a été retiré.</p>
        <Link to="/blog" className="btn btn-primary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour au blog
        </Link>
      </section>
    )
  }
  // Spec §2: content shown by paragraph, as text (React escapes it: no stored HTML runs).
  return (
    <article>
      <header className="relative overflow-hidden">
        {/* Audit point 8: a blurred wash of colour, never the picture's own text as ghost
            letters; a dark veil keeps the title readable over any image. */}
        <img
          src={post.thumbnail}
          alt=""
          data-hero-backdrop=""
          className="absolute inset-0 size-full scale-125 object-cover opacity-40 blur-2xl"
        />
        <div className="absolute inset-0 bg-gradient-to-b from-bg/75 via-bg/85 to-bg" aria-hidden="true" />
        <div className="reveal relative mx-auto max-w-3xl px-6 pt-36 pb-14">
          <Link to="/blog" className="link inline-flex items-center gap-2 text-sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Tous les articles
          </Link>
          <p className="mt-6">
            <span className="chip">{post.category}</span>
          </p>
          <h1 className="gradient-text mt-4 text-4xl leading-tight font-bold md:text-5xl">{post.title}</h1>
          <div className="mt-6 flex flex-wrap items-center gap-4 text-fg-2">
            <span className="flex items-center gap-3">
              <img
                src={post.author.avatar || DEFAULT_AVATAR}
                alt=""
                width={40}
                height={40}
                className="size-10 rounded-full object-cover"
              />
              <span className="font-medium text-fg">{post.author.name}</span>
            </span>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
            <span className="flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {post.readTime} min de lecture
            </span>
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-6 px-6 text-lg leading-relaxed text-fg-2">
        <p className="text-xl text-fg">{post.excerpt}</p>
        {paragraphs(post.content).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {post.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2 pt-6" aria-label="Étiquettes">
            {post.tags.map((t) => (
              <li key={t} className="chip">
                {t}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  )
}
