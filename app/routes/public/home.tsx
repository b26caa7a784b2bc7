import { Link } from '#app/ui/link.tsx'
import {
  ArrowRight,
  BookOpen,
  Code2,
  Compass,
  GraduationCap,
  Lightbulb,
  Palette,
  Radar,
  Users,
} from 'lucide-react'
import type { Route } from './+types/home'
import { redirect } from 'react-router'
import { importedQueryRedirect } from '#app/server/transfer/redirects.server.ts'
import { summarize } from '#app/domain/seo.ts'
import { skillLevelPercent } from '#app/domain/skill.ts'
import { requestLocale } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'
import { useT } from '#app/ui/i18n.tsx'
import { SKILL_CATEGORIES } from '#app/domain/types.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import { listFeaturedProjects } from '#app/server/repositories/projects.server.ts'
import { listProcessSteps } from '#app/server/repositories/process.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { listSkills } from '#app/server/repositories/skills.server.ts'
import {
  localizeDocument,
  localizeList,
  localizeSettings,
} from '#app/server/repositories/translations.server.ts'
import { ownerPersonLd } from '#app/server/content/structured-data.server.ts'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { cardProject, ProjectCard } from '#app/ui/public/project-card.tsx'
import { SkillsSection } from '#app/ui/public/skills-section.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  // WordPress's '/?p=123' links of an imported site (ADR 088).
  const moved = await importedQueryRedirect(new URL(request.url))
  if (moved) throw redirect(moved, 301)
  const locale = requestLocale(request)
  const [frenchProfile, settings, featured, skills, steps, person] = await Promise.all([
    getProfile(),
    getSiteSettings().then((s) => localizeSettings(s, locale)),
    listFeaturedProjects().then((items) => localizeList('project', items, locale)),
    listSkills().then((items) => localizeList('skill', items, locale)),
    listProcessSteps().then((items) => localizeList('process', items, locale)),
    ownerPersonLd(locale),
  ])
  // An untranslated profile says nothing in French on the English page (ADR 075).
  const localized = frenchProfile
    ? await localizeDocument('profile', 'profile', frenchProfile, locale)
    : undefined
  const profile = localized?.translated ? localized.value : undefined
  return {
    jsonLd: [person],
    hero: {
      name: frenchProfile?.name ?? settings.siteName,
      title: profile?.title ?? translate(locale, 'home:defaultTitle'),
      bio: profile?.bio ?? settings.siteDescription,
    },
    featured: featured.map(cardProject),
    skills: skills.map((s) => ({ ...s, percent: skillLevelPercent(s.level) })),
    categories: SKILL_CATEGORIES.map((id) => ({
      id,
      label: translate(locale, `skills:${id}` satisfies MessageKey),
    })),
    // Steps sorted by order, then numbered.
    steps: [...steps].sort((a, b) => a.order - b.order),
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    path: '/',
    description: loaderData ? summarize(loaderData.hero.bio) : undefined,
  })
}

/** About section: the eight skill cards. */
const ABOUT_CARDS = [
  { key: 'dt', title: 'Design Thinking', text: 'about:designThinking', Icon: Lightbulb },
  { key: 'pm', title: 'Product Management', text: 'about:productManagement', Icon: Compass },
  { key: 'mentoring', title: 'Mentoring', text: 'about:mentoring', Icon: Users },
  { key: 'watch', title: 'about:watchTitle', text: 'about:watch', Icon: Radar },
  { key: 'web', title: 'about:webTitle', text: 'about:web', Icon: Code2 },
  { key: 'uiux', title: 'Design UI/UX', text: 'about:uiux', Icon: Palette },
  { key: 'innovation', title: 'Innovation', text: 'about:innovation', Icon: BookOpen },
  { key: 'training', title: 'about:trainingTitle', text: 'about:training', Icon: GraduationCap },
] as const

/** A card's title: a catalogue key, or a name said the same in both languages. */
function cardTitle(t: ReturnType<typeof useT>, title: string): string {
  return title.startsWith('about:') ? t(title as MessageKey) : title
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, featured, skills, categories, steps, jsonLd } = loaderData
  const t = useT()
  return (
    <>
      <JsonLdScripts items={jsonLd} />
      <section className="relative flex min-h-dvh items-center overflow-hidden">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="animate-float absolute top-1/4 right-[8%] size-72 rounded-full bg-accent/30 blur-3xl" />
          <div className="animate-float absolute bottom-[10%] left-[5%] size-96 rounded-full bg-secondary/15 blur-3xl [animation-delay:-4s]" />
        </div>
        <div className="reveal relative mx-auto max-w-6xl px-6 pt-28 pb-16">
          <p className="eyebrow">{hero.name}</p>
          <h1 className="gradient-text mt-4 max-w-4xl text-5xl leading-[1.05] font-bold md:text-7xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-fg-2 md:text-xl">{summarize(hero.bio, 280)}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/projects" className="btn btn-primary">
              {t('home:discover')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/timeline" className="btn btn-ghost">
              {t('home:journey')}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-6 py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">{t('home:selection')}</p>
            <h2 id="featured-title" className="mt-2 text-3xl font-bold md:text-4xl">
              {t('home:featured')}
            </h2>
          </div>
          <Link to="/projects" className="link font-semibold">
            {t('home:allProjects')}
          </Link>
        </div>
        {featured.length === 0 ? (
          <p className="mt-8 text-fg-2">{t('home:noFeatured')}</p>
        ) : (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-6 py-20">
        <p className="eyebrow">{t('home:about')}</p>
        <h2 id="about-title" className="mt-2 text-3xl font-bold md:text-4xl">
          {t('home:bring')}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT_CARDS.map(({ key, title, text, Icon }) => (
            <li key={key} className="card group p-6 transition hover:-translate-y-1">
              <Icon
                aria-hidden="true"
                className="size-8 text-link transition group-hover:rotate-6"
              />
              <h3 className="mt-4 text-lg font-semibold text-fg">{cardTitle(t, title)}</h3>
              <p className="mt-2 text-sm text-fg-2">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <SkillsSection skills={skills} categories={categories} />

      <section aria-labelledby="process-title" className="mx-auto max-w-6xl px-6 py-20">
        <p className="eyebrow">{t('home:method')}</p>
        <h2 id="process-title" className="mt-2 text-3xl font-bold md:text-4xl">
          {t('home:process')}
        </h2>
        {steps.length === 0 ? (
          <p className="mt-8 text-fg-2">{t('home:processSoon')}</p>
        ) : (
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li
                key={step.id}
                className="card relative overflow-hidden p-6"
                data-testid="process-step"
              >
                <span
                  aria-hidden="true"
                  className="font-display text-5xl font-bold text-fg-2 opacity-70"
                >
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-fg">
                  <span className="sr-only">
                    {t('home:stepBefore')}
                    {index + 1}
                    {t('home:stepAfter')}
                  </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-fg-2">{step.description}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}
