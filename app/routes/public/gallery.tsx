import { useEffect, useRef, useState } from 'react'
import { Star } from 'lucide-react'
import type { Route } from './+types/gallery'
import { requestLocale } from '#app/domain/i18n/locale.ts'
import { localizeList } from '#app/server/repositories/translations.server.ts'
import { useT } from '#app/ui/i18n.tsx'
import { isGalleryReady } from '#app/domain/media.ts'
import { listMedia } from '#app/server/repositories/media.server.ts'
import { Lightbox } from '#app/ui/primitives/lightbox.tsx'
import { ResponsiveImage } from '#app/ui/public/media.tsx'
import { CARD_FOCUS_RING } from '#app/ui/public/card-focus.ts'
import { SectionHeader, sectionMeta } from '#app/ui/public/page-header.tsx'
import { TagList } from '#app/ui/public/tag-list.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  // What the owner put in the gallery, images with their text alternative (ADR 017);
  // documents (PDF) belong to the library only.
  // In English, the items whose caption is translated (ADR 075).
  const items = await localizeList(
    'media',
    (await listMedia()).filter(isGalleryReady),
    requestLocale(request),
  )
  // Sorted by order. Only what the page shows goes to the browser (ADR 040): not the
  // stored file's details (its blurred placeholder alone is a data: URL per image).
  return {
    items: [...items]
      .sort((a, b) => a.order - b.order)
      .map(({ id, url, title, description, category, tags, featured, alt, decorative }) => ({
        id,
        url,
        title,
        description,
        category,
        tags,
        featured,
        alt,
        decorative,
      })),
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, '/gallery', {
    title: 'gallery:title',
    description: 'gallery:description',
  })
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData
  const images = items.filter((i) => i.category === 'image')
  const [viewer, setViewer] = useState<number | null>(null)
  const tr = useT()

  return (
    <>
      <SectionHeader eyebrow="nav:gallery" title="gallery:title" intro="gallery:intro" />
      <div className="mx-auto max-w-6xl px-6">
        {items.length === 0 ? (
          <p className="text-lg text-fg-2">{tr('gallery:empty')}</p>
        ) : (
          <ul className="columns-1 gap-6 sm:columns-2 lg:columns-3">
            {items.map((item) => (
              <li
                key={item.id}
                className={`group card relative mb-6 break-inside-avoid overflow-hidden ${CARD_FOCUS_RING}`}
                data-testid="media-item"
              >
                {item.category === 'video' ? (
                  <GalleryVideo
                    url={item.url}
                    title={item.title}
                    fallback={tr('gallery:noVideo')}
                  />
                ) : (
                  <button
                    type="button"
                    className="block w-full"
                    aria-label={tr('gallery:enlarge', { title: item.title })}
                    onClick={() => setViewer(images.findIndex((i) => i.id === item.id))}
                  >
                    <ResponsiveImage
                      src={item.url}
                      alt={item.decorative ? '' : item.alt || item.title}
                      // The first image is the first screen's largest paint on a phone (one
                      // column): loaded at once, never lazily (ADR 086).
                      priority={item.id === images[0]?.id}
                      sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 48px)"
                      className="w-full object-cover transition duration-500 group-hover:scale-105"
                    />
                  </button>
                )}
                {item.featured ? (
                  <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-on-primary">
                    <Star aria-hidden="true" className="size-3" />
                    {tr('gallery:featured')}
                  </span>
                ) : null}
                <div
                  data-testid="media-overlay"
                  className={`pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-bg via-bg/95 to-transparent p-5 pt-12 opacity-0 transition duration-300 group-focus-within:opacity-100 group-hover:opacity-100 ${item.category === 'video' ? 'bottom-12' : ''}`}
                >
                  <p className="font-semibold text-fg">{item.title}</p>
                  {item.description ? (
                    <p className="mt-1 text-sm text-fg-2">{item.description}</p>
                  ) : null}
                  {item.tags.length > 0 ? (
                    <TagList tags={item.tags} className="mt-3 flex flex-wrap gap-2" />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Lightbox
        images={images.map((i) => ({ src: i.url, alt: i.title }))}
        index={viewer}
        onIndexChange={setViewer}
        onClose={() => setViewer(null)}
      />
    </>
  )
}

/**
 * A gallery video. The server's HTML asks for none of its bytes: on a first visit they would
 * share the link with the stylesheet, the headings' font and the first image, and delay the
 * largest paint (ADR 123). Once the page is hydrated, its metadata (and so its first frame and
 * duration) are asked for; without JavaScript it still plays on demand.
 */
function GalleryVideo({ url, title, fallback }: { url: string; title: string; fallback: string }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.preload = 'metadata'
  }, [])
  return (
    <video ref={ref} controls preload="none" className="w-full" aria-label={title}>
      <source src={url} />
      {fallback}
    </video>
  )
}
