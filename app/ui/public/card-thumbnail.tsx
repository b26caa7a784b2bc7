// The picture at the top of a blog or project card: decorative (the card's title names it),
// sized for the cards' grid (one, two or three columns).
import { ResponsiveImage } from './media.tsx'

/** `zoom`: how much it grows while the card is hovered. */
export function CardThumbnail({
  src,
  priority,
  zoom,
}: {
  src: string
  priority?: boolean
  zoom: 'group-hover:scale-105' | 'group-hover:scale-110'
}) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      priority={priority}
      sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 48px)"
      className={`size-full object-cover transition duration-500 ${zoom}`}
    />
  )
}
