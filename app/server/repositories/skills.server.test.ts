import { describe, expect, it } from 'vitest'
import { expectDeletedOnce, itRefusesBadInput, useValidForm } from './repository-test-support.ts'
import { createSkill, deleteSkill, getSkill, listSkills, updateSkill } from './skills.server.ts'

const input = useValidForm('skill')

describe('skills repository', () => {
  it('creates with a generated id and the default colour, and reads it back', async () => {
    const skill = await createSkill(input())
    expect(skill).toEqual({
      id: expect.stringMatching(/^[\w-]{16}$/),
      name: 'Figma',
      category: 'design',
      level: 4,
      color: '#8b5cf6',
    })
    expect(await getSkill(skill.id)).toEqual(skill)
    expect((await createSkill(input({ color: '#00FF00' }))).color).toBe('#00FF00')
  })

  it('lists by category (design, development, tools, soft), then name', async () => {
    await createSkill(input({ name: 'Écoute', category: 'soft' }))
    await createSkill(input({ name: 'Git', category: 'tools' }))
    await createSkill(input({ name: 'TypeScript', category: 'development' }))
    await createSkill(input({ name: 'React', category: 'development' }))
    await createSkill(input({ name: 'UX', category: 'design' }))
    await createSkill(input({ name: 'Empathie', category: 'soft' }))
    expect((await listSkills()).map((s) => s.name)).toEqual([
      'UX',
      'React',
      'TypeScript',
      'Git',
      'Écoute',
      'Empathie',
    ])
  })

  it('updates partially and returns undefined for a missing id', async () => {
    const skill = await createSkill(input({ color: '#123456' }))
    const updated = await updateSkill(skill.id, { level: 5 })
    expect(updated).toEqual({ ...skill, level: 5 })
    expect(await getSkill(skill.id)).toEqual(updated)
    expect(await updateSkill('missing', { level: 2 })).toBeUndefined()
  })

  itRefusesBadInput('skills', { create: createSkill, update: updateSkill }, input, [
    [{ level: 0 }, { level: 'Le niveau doit être un entier entre 1 et 5' }],
    [{ level: 6 }, { level: 'Le niveau doit être un entier entre 1 et 5' }],
    [{ level: '2.5' }, { level: 'Le niveau doit être un entier entre 1 et 5' }],
    [{ color: '8b5cf6' }, { color: 'La couleur doit être au format #RRGGBB' }],
    [{ name: '' }, { name: 'Le nom est requis' }],
    [{ category: 'art' }, { category: 'Catégorie invalide' }],
  ])

  it('deletes by id', async () => {
    const skill = await createSkill(input())
    await expectDeletedOnce(deleteSkill, getSkill, skill.id)
    expect(await listSkills()).toEqual([])
  })
})
