import { redirect } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { listActivity } from '#app/server/repositories/activity.server.ts'
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkills,
  updateSkill,
} from '#app/server/repositories/skills.server.ts'
import type { Skill } from '#app/domain/types.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { adminPost, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  SAVE_FAILED_MESSAGE,
  withValidation,
  type CrudSpec,
} from './admin-actions.server.ts'
import { readToast } from '../http/toast.server.ts'

useTestDatabase()
const actor = useTestAdmin()

const spec: CrudSpec<Skill> = {
  listUrl: '/admin/skills',
  resourceType: 'skill',
  nameOf: (s) => s.name,
  get: getSkill,
  create: createSkill,
  update: updateSkill,
  remove: deleteSkill,
  messages: {
    created: 'Ajoutée',
    updated: 'Mise à jour',
    deleted: 'Supprimée',
    missing: 'Disparue',
  },
}

async function run(fields: Record<string, string>) {
  const request = adminPost('/admin/skills', fields)
  const form = await readAdminForm(request.clone())
  return { request, result: await handleCrudIntent(request, actor, form, spec) }
}

/** The form that creates the skill 'Figma' (design) with that level and colour. */
const createFigma = (fields: { level: string; color: string }) => ({
  intent: 'create',
  name: 'Figma',
  category: 'design',
  ...fields,
})

/** The toast a redirect carries, read back as the next request would. */
async function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await readToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
}

describe('handleCrudIntent', () => {
  it('creates, records the activity as the real user and redirects with a toast', async () => {
    const { result } = await run(createFigma({ level: '4', color: '#112233' }))
    expect(result).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/skills')
    expect(await toastOf(response)).toEqual({ kind: 'success', message: 'Ajoutée' })
    const [skill] = await listSkills()
    expect(skill).toMatchObject({ name: 'Figma', level: 4 })
    const { items } = await listActivity({ action: 'create' })
    expect(items[0]).toMatchObject({
      userId: 'admin-1',
      userName: 'Camille Admin',
      resourceType: 'skill',
      resourceId: skill?.id,
      resourceName: 'Figma',
    })
  })

  it('answers 400 with French field errors and the typed values, writing nothing', async () => {
    const { result } = await run(createFigma({ level: '9', color: 'bleu' }))
    expect(result).not.toBeInstanceOf(Response)
    const failure = result as {
      data: { fieldErrors: Record<string, string>; values: Record<string, unknown> }
      init: ResponseInit
    }
    expect(failure.init.status).toBe(400)
    expect(failure.data.fieldErrors).toMatchObject({
      level: 'Le niveau doit être un entier entre 1 et 5',
      color: 'La couleur doit être au format #RRGGBB',
    })
    expect(failure.data.values).toMatchObject({ name: 'Figma', level: '9', color: 'bleu' })
    expect(await listSkills()).toEqual([])
    expect((await listActivity({ action: 'create' })).items).toEqual([])
  })

  it('updates and deletes by id; a missing id changes nothing and says so', async () => {
    const skill = await createSkill({ name: 'SQL', category: 'development', level: 3 })
    const updated = await run({
      intent: 'update',
      id: skill.id,
      name: 'SQLite',
      category: 'tools',
      level: '5',
      color: '#000000',
    })
    expect((updated.result as Response).status).toBe(302)
    expect(await getSkill(skill.id)).toMatchObject({ name: 'SQLite', level: 5 })

    const missing = await run({ intent: 'delete', id: 'nope' })
    expect(await toastOf(missing.result as Response)).toEqual({
      kind: 'error',
      message: 'Disparue',
    })

    const deleted = await run({ intent: 'delete', id: skill.id })
    expect(await toastOf(deleted.result as Response)).toEqual({
      kind: 'success',
      message: 'Supprimée',
    })
    expect(await getSkill(skill.id)).toBeUndefined()
    const { items } = await listActivity({ action: 'delete' })
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ userId: 'admin-1', resourceName: 'SQLite' })
  })

  it('leaves other intents to the route', async () => {
    expect((await run({ intent: 'reorder' })).result).toBeUndefined()
  })
})

describe('withValidation', () => {
  it('keeps the typed values and logs when the save fails unexpectedly', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const request = adminPost('/admin/skills', {
      intent: 'create',
      name: 'Figma',
      category: 'design',
      level: '4',
    })
    const form = await readAdminForm(request.clone())
    const result = await handleCrudIntent(request, actor, form, {
      ...spec,
      create: () => Promise.reject(new Error('SQLITE_BUSY: database is locked')),
    })
    expect(result).not.toBeInstanceOf(Response)
    const failure = result as {
      data: {
        fieldErrors: Record<string, string>
        values: Record<string, unknown>
        formError?: string
      }
      init: ResponseInit
    }
    expect(failure.init.status).toBe(500)
    expect(failure.data).toEqual({
      fieldErrors: {},
      values: { name: 'Figma', category: 'design', level: '4' },
      formError: SAVE_FAILED_MESSAGE,
    })
    expect(SAVE_FAILED_MESSAGE).toBe(
      "L'enregistrement a échoué. Vos saisies sont conservées ; veuillez réessayer.",
    )
    const logged = stderr.mock.calls.map(([line]) => String(line)).join('')
    expect(logged).toContain('"level":"error"')
    expect(logged).toContain('SQLITE_BUSY: database is locked')
    expect((await listActivity({ action: 'create' })).items).toEqual([])
  })

  it("uses the route's own failure text when it has one", async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const result = await withValidation(
      { siteName: 'Atelier' },
      () => Promise.reject(new Error('disk full')),
      'Erreur lors de la mise à jour des paramètres',
    )
    expect(result).toMatchObject({
      data: {
        values: { siteName: 'Atelier' },
        formError: 'Erreur lors de la mise à jour des paramètres',
      },
      init: { status: 500 },
    })
  })

  it('lets thrown responses (redirects, 404s) through', async () => {
    const thrown = await withValidation({}, () => Promise.reject(redirect('/login'))).catch(
      (e: unknown) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
  })
})

describe('toast cookie', () => {
  it('ignores a tampered cookie', async () => {
    const { toast } = await readToast(
      new Request('http://localhost/', {
        headers: { Cookie: 'vitrine_toast=eyJraW5kIjoic3VjY2VzcyJ9.forged' },
      }),
    )
    expect(toast).toBeNull()
  })
})

describe('loadCrudView', () => {
  const view = (query: string) =>
    loadCrudView(new Request(`http://localhost/admin/skills${query}`), {
      get: getSkill,
      list: listSkills,
      missing: 'Compétence introuvable',
    })

  it('gives the list, an empty form with ?new, the item with ?edit and 404 for an unknown id', async () => {
    const skill = await createSkill({
      name: 'Figma',
      category: 'design',
      level: 4,
      color: '#8b5cf6',
    })
    expect(await view('')).toEqual({ mode: 'list', item: null, items: [skill] })
    expect(await view('?new')).toEqual({ mode: 'create', item: null, items: [] })
    expect(await view(`?edit=${skill.id}`)).toEqual({ mode: 'edit', item: skill, items: [] })
    const refused = await view('?edit=inconnu').catch((e: unknown) => e)
    expect(refused).toMatchObject({
      init: { status: 404 },
      data: { message: 'Compétence introuvable' },
    })
  })
})
