/** The picture of a person who has none of their own. */
export const DEFAULT_AVATAR = '/images/default-avatar.webp'

/** A person's picture, square, `size` px; decorative (alt=""): their name is written beside it. */
export function Avatar({
  src,
  size,
  className,
  loading,
}: {
  src: string | null | undefined
  size: number
  className: string
  loading?: 'lazy'
}) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      loading={loading}
      className={className}
    />
  )
}
