import { useState } from 'react'
import type { Skill } from '#app/domain/types.ts'
import { useT } from '#app/ui/i18n.tsx'

/** A skill with its bar width (level × 20 %, computed on the server with the domain rule). */
export type SkillView = Skill & { percent: number }
export type SkillTab = { id: string; label: string }

/**
 * Skills: category tabs (all, design, development, tools, soft skills), level bars.
 * Labels come from the loader so the domain schemas (and Zod) stay out of the page's JS.
 */
export function SkillsSection({
  skills,
  categories,
}: {
  skills: SkillView[]
  categories: SkillTab[]
}) {
  const t = useT()
  const TABS: SkillTab[] = [{ id: 'all', label: t('skills:all') }, ...categories]
  const [tab, setTab] = useState<string>('all')
  const shown = tab === 'all' ? skills : skills.filter((s) => s.category === tab)

  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    const next = (index + (e.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length
    const target = TABS[next]
    if (!target) return
    setTab(target.id)
    document.getElementById(`skills-tab-${target.id}`)?.focus()
  }

  return (
    <section aria-labelledby="skills-title" className="mx-auto max-w-6xl px-6 py-20">
      <p className="eyebrow">{t('skills:eyebrow')}</p>
      <h2 id="skills-title" className="mt-2 text-3xl font-bold md:text-4xl">
        {t('skills:title')}
      </h2>
      <div role="tablist" aria-label={t('skills:categories')} className="mt-8 flex flex-wrap gap-2">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`skills-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="skills-panel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`rounded-full border px-4 py-2 text-sm font-semibold transition ${
              tab === t.id
                ? 'border-secondary bg-primary text-on-primary'
                : 'border-line bg-surface text-fg-2 hover:text-fg'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="skills-panel"
        role="tabpanel"
        aria-labelledby={`skills-tab-${tab}`}
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {shown.length === 0 ? (
          <p className="text-fg-2">{t('skills:empty')}</p>
        ) : (
          shown.map((skill) => (
            <div key={skill.id} className="card p-5" data-testid="skill">
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-semibold text-fg">{skill.name}</h3>
                <span className="text-sm text-fg-2">{skill.level}/5</span>
              </div>
              <div
                role="meter"
                aria-label={t('skills:levelOf', { name: skill.name })}
                aria-valuemin={1}
                aria-valuemax={5}
                aria-valuenow={skill.level}
                aria-valuetext={t('skills:levelText', { level: skill.level })}
                className="mt-3 h-2 overflow-hidden rounded-full bg-raised"
              >
                <div
                  data-testid="skill-bar"
                  className="h-full rounded-full"
                  style={{
                    width: `${skill.percent}%`,
                    background: `linear-gradient(90deg, ${skill.color}, var(--color-secondary))`,
                  }}
                />
              </div>
            </div>
          ))
        )}
      </div>
    </section>
  )
}
