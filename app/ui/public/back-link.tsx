// The way back from a post or a project to its list: the header's link and the page of an item
// that does not exist.
import { ArrowLeft as LucideArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { fastIcon } from '#app/ui/icons.tsx'
import { Link } from '#app/ui/link.tsx'

// Built once (ADR 040).
const ArrowLeft = /* @__PURE__ */ fastIcon(LucideArrowLeft)

/** A link back to a list, an arrow before its text. */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string
  className: string
  children: ReactNode
}) {
  return (
    <Link to={to} className={className}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}

/** The page of an item that does not exist (or is no longer published), with the way back. */
export function ItemNotFound(props: {
  title: string
  text: string
  backTo: string
  backLabel: string
}) {
  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-3xl flex-col items-center justify-center gap-6 px-6 pt-32 text-center">
      <h1 className="text-4xl font-bold">{props.title}</h1>
      <p className="text-fg-2">{props.text}</p>
      <BackLink to={props.backTo} className="btn btn-primary">
        {props.backLabel}
      </BackLink>
    </section>
  )
}
