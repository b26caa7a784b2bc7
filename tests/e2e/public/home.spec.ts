import { createProject } from '#app/server/repositories/projects.server.ts'
import { createProcessStep } from '#app/server/repositories/process.server.ts'
import { createSkill } from '#app/server/repositories/skills.server.ts'
import { makeProcessStep, makeProject, makeSkill } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test('home: hero buttons, featured projects, about cards, skill tabs and bars, numbered process', async ({
  page,
  db: _db,
}) => {
  const featured = await createProject(
    makeProject({ featured: true, title: 'Projet vedette accueil' }),
  )
  await createProject(makeProject({ featured: false, title: 'Projet discret accueil' }))
  const design = await createSkill(
    makeSkill({ name: 'Figma accueil', category: 'design', level: 4 }),
  )
  await createSkill(makeSkill({ name: 'TypeScript accueil', category: 'development', level: 5 }))
  await createSkill(makeSkill({ name: 'Écoute accueil', category: 'soft', level: 2 }))
  const late = await createProcessStep(makeProcessStep({ title: 'Étape tardive', order: 900 }))
  await createProcessStep(makeProcessStep({ title: 'Étape précoce', order: 899 }))

  await visit(page, '/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Découvrir mes projets' })).toHaveAttribute(
    'href',
    '/projects',
  )
  await expect(page.getByRole('link', { name: 'Voir mon parcours' })).toHaveAttribute(
    'href',
    '/timeline',
  )

  const featuredSection = page.getByRole('region', { name: 'Projets à la une' })
  await expect(featuredSection.getByRole('heading', { name: featured.title })).toBeVisible()
  await expect(featuredSection.getByText('Projet discret accueil')).toHaveCount(0)
  await expect(
    featuredSection.getByRole('link', { name: 'Voir tous les projets' }),
  ).toHaveAttribute('href', '/projects')

  const about = page.getByRole('region', { name: "Ce que j'apporte" })
  await expect(about.getByRole('heading', { level: 3 })).toHaveText([
    'Design Thinking',
    'Product Management',
    'Mentoring',
    'Veille continue',
    'Développement Web',
    'Design UI/UX',
    'Innovation',
    'Formation',
  ])

  const skills = page.getByRole('region', { name: 'Compétences' })
  await expect(skills.getByRole('tab')).toHaveText([
    'Tous',
    'Design',
    'Développement',
    'Outils',
    'Soft skills',
  ])
  await expect(skills.getByRole('tab', { name: 'Tous' })).toHaveAttribute('aria-selected', 'true')
  await expect(skills.getByText('TypeScript accueil')).toBeVisible()
  await skills.getByRole('tab', { name: 'Design' }).click()
  await expect(skills.getByText('TypeScript accueil')).toHaveCount(0)
  const card = skills.getByTestId('skill').filter({ hasText: design.name })
  await expect(card.getByRole('meter')).toHaveAttribute('aria-valuenow', '4')
  // Level × 20 %.
  expect(
    await card.getByTestId('skill-bar').evaluate((el) => (el as HTMLElement).style.width),
  ).toBe('80%')
  await skills.getByRole('tab', { name: 'Soft skills' }).click()
  await expect(skills.getByText('Écoute accueil')).toBeVisible()
  await expect(skills.getByText(design.name)).toHaveCount(0)

  const steps = page.getByRole('region', { name: 'Processus créatif' }).getByTestId('process-step')
  const texts = await steps.allInnerTexts()
  const early = texts.findIndex((t) => t.includes('Étape précoce'))
  const after = texts.findIndex((t) => t.includes(late.title))
  expect(early).toBeGreaterThanOrEqual(0)
  expect(after).toBe(early + 1)
  expect(texts[after]).toContain(String(after + 1).padStart(2, '0'))
})
