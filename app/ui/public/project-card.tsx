import { Link } from '#app/ui/link.tsx'
import type { Project } from '#app/domain/types.ts'
import { CARD_FOCUS_RING } from './card-focus.ts'
import { useLocale } from '#app/ui/i18n.tsx'
import { formatPeriod } from './format.ts'
import { CardImage } from './media.tsx'
import { TagList } from './tag-list.tsx'

/** A project card shows at most 3 tags. */
export const PROJECT_CARD_TAGS = 3

type CardProject = Pick<
  Project,
  'id' | 'title' | 'description' | 'thumbnail' | 'tags' | 'startDate' | 'endDate'
>

/** Only what a card shows goes to the browser; the card shows the period (ADR 092). */
export function cardProject({
  id,
  title,
  description,
  thumbnail,
  tags,
  startDate,
  endDate,
}: CardProject): CardProject {
  return { id, title, description, thumbnail, tags, startDate, endDate }
}

/**
 * Thumbnail and title; on hover (or focus) the description and first 3 tags.
 * `priority`: the first card of a list, whose image is the page's largest paint on a phone
 * (loaded at once with fetchpriority="high", ADR 032). `heading`: the title's level, one
 * below the section's heading (h2 under the page's h1 on /projects, h3 on the home page).
 */
export function ProjectCard({
  project,
  priority = false,
  heading: Heading = 'h3',
}: {
  project: CardProject
  priority?: boolean
  heading?: 'h2' | 'h3'
}) {
  const locale = useLocale()
  return (
    <article className={`group card relative overflow-hidden ${CARD_FOCUS_RING}`}>
      <Link to={`/projects/${project.id}`} className="block">
        <div className="aspect-[4/3] overflow-hidden">
          <CardImage src={project.thumbnail} priority={priority} zoom="group-hover:scale-110" />
        </div>
        <div className="p-5">
          <Heading className="font-display text-xl font-semibold text-fg">{project.title}</Heading>
          {/* The project's period (ADR 092). */}
          <p className="mt-1 text-sm text-fg-2">
            {formatPeriod(project.startDate, project.endDate, locale)}
          </p>
        </div>
        <div
          data-testid="project-hover"
          className="absolute inset-0 flex flex-col justify-end gap-3 bg-bg/95 p-5 opacity-0 transition duration-300 group-focus-within:opacity-100 group-hover:opacity-100"
        >
          <p className="font-display text-xl font-semibold text-fg">{project.title}</p>
          <p className="line-clamp-4 text-sm text-fg-2">{project.description}</p>
          <TagList
            tags={project.tags.slice(0, PROJECT_CARD_TAGS)}
            className="flex flex-wrap gap-2"
          />
        </div>
      </Link>
    </article>
  )
}
