import { Link } from '#app/ui/link.tsx'
import { BookOpen as LucideBookOpen, Code2 as LucideCode2, Compass as LucideCompass, GraduationCap as LucideGraduationCap, Lightbulb as LucideLightbulb, Radar as LucideRadar, Users as LucideUsers } from 'lucide-react'
import { ArrowRight, Palette } from '#app/ui/chrome/icons.tsx'
import { fastIcon } from '#app/ui/icons.tsx'
import type { Route } from './+types/home'
import { summarize } from '#app/domain/seo.ts'
import { SKILL_CATEGORY_LABELS, skillLevelPercent } from '#app/domain/skill.ts'
import { SKILL_CATEGORIES } from '#app/domain/types.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import { listFeaturedProjects } from '#app/server/repositories/projects.server.ts'
import { listProcessSteps } from '#app/server/repositories/process.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { listSkills } from '#app/server/repositories/skills.server.ts'
import { ownerPersonLd } from '#app/server/content/structured-data.server.ts'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { ProjectCard } from '#app/ui/public/project-card.tsx'
import { SkillsSection } from '#app/ui/public/skills-section.tsx'

// Built once (ADR 040).
const BookOpen = /* @__PURE__ */ fastIcon(LucideBookOpen)
const Code2 = /* @__PURE__ */ fastIcon(LucideCode2)
const Compass = /* @__PURE__ */ fastIcon(LucideCompass)
const GraduationCap = /* @__PURE__ */ fastIcon(LucideGraduationCap)
const Lightbulb = /* @__PURE__ */ fastIcon(LucideLightbulb)
const Radar = /* @__PURE__ */ fastIcon(LucideRadar)
const Users = /* @__PURE__ */ fastIcon(LucideUsers)

export async function loader() {
  const [profile, settings, featured, skills, steps, person] = await Promise.all([
    getProfile(),
    getSiteSettings(),
    listFeaturedProjects(),
    listSkills(),
    listProcessSteps(),
    ownerPersonLd(),
  ])
  return {
    jsonLd: [person],
    hero: {
      name: profile?.name ?? settings.siteName,
      title: profile?.title ?? 'Product manager, développeur web et design thinker',
      bio: profile?.bio ?? settings.siteDescription,
    },
    featured: featured.map(({ id, title, description, thumbnail, tags }) => ({
      id,
      title,
      description,
      thumbnail,
      tags,
    })),
    skills: skills.map((s) => ({ ...s, percent: skillLevelPercent(s.level) })),
    categories: SKILL_CATEGORIES.map((id) => ({ id, label: SKILL_CATEGORY_LABELS[id] })),
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
  { title: 'Design Thinking', text: 'Partir des usages réels pour imaginer les bonnes solutions.', Icon: Lightbulb },
  { title: 'Product Management', text: 'Donner un cap, prioriser et livrer ce qui compte.', Icon: Compass },
  { title: 'Mentoring', text: 'Accompagner les équipes et faire grandir les talents.', Icon: Users },
  { title: 'Veille continue', text: 'Suivre les tendances et les technologies émergentes.', Icon: Radar },
  { title: 'Développement Web', text: 'Des applications rapides, accessibles et robustes.', Icon: Code2 },
  { title: 'Design UI/UX', text: 'Des interfaces claires, élégantes et inclusives.', Icon: Palette },
  { title: 'Innovation', text: 'Expérimenter, prototyper, apprendre vite.', Icon: BookOpen },
  { title: 'Formation', text: 'Transmettre les méthodes et les bonnes pratiques.', Icon: GraduationCap },
] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, featured, skills, categories, steps, jsonLd } = loaderData
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
              Découvrir mes projets
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/timeline" className="btn btn-ghost">
              Voir mon parcours
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-6 py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Sélection</p>
            <h2 id="featured-title" className="mt-2 text-3xl font-bold md:text-4xl">
              Projets à la une
            </h2>
          </div>
          <Link to="/projects" className="link font-semibold">
            Voir tous les projets
          </Link>
        </div>
        {featured.length === 0 ? (
          <p className="mt-8 text-fg-2">Aucun projet à la une pour le moment.</p>
        ) : (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-6 py-20">
        <p className="eyebrow">À propos</p>
        <h2 id="about-title" className="mt-2 text-3xl font-bold md:text-4xl">
          Ce que j&apos;apporte
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT_CARDS.map(({ title, text, Icon }) => (
            <li key={title} className="card group p-6 transition hover:-translate-y-1">
              <Icon aria-hidden="true" className="size-8 text-link transition group-hover:rotate-6" />
              <h3 className="mt-4 text-lg font-semibold text-fg">{title}</h3>
              <p className="mt-2 text-sm text-fg-2">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <SkillsSection skills={skills} categories={categories} />

      <section aria-labelledby="process-title" className="mx-auto max-w-6xl px-6 py-20">
        <p className="eyebrow">Méthode</p>
        <h2 id="process-title" className="mt-2 text-3xl font-bold md:text-4xl">
          Processus créatif
        </h2>
        {steps.length === 0 ? (
          <p className="mt-8 text-fg-2">Le processus créatif sera bientôt présenté ici.</p>
        ) : (
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.id} className="card relative overflow-hidden p-6" data-testid="process-step">
                <span
                  aria-hidden="true"
                  className="font-display text-5xl font-bold text-fg-2 opacity-70"
                >
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-fg">
                  <span className="sr-only">Étape {index + 1} : </span>
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
