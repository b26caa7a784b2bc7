// The admin lists of projects, media and messages (ADR 099) on a real database (SQLite, and
// PostgreSQL under `npm run test:postgres`): one page of the search, filters and sort read in
// SQL, and the bulk actions through the tabs' own actions, validated, refused to anyone but an
// active admin, with French toasts and never a 500 on bad ids or a bad query string.
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from '../auth/auth-test-support.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-admin-lists-unit')
process.env.PUBLIC_URL = 'http://localhost:3999'

const { MEDIA_LIST, PROJECTS_LIST, readListQuery } = await import('#app/domain/admin-list.ts')
const { makeMediaItem, makeMessage, makeProject } = await import('../demo/factories.server.ts')
const { createProject, getProject, listAdminProjects } =
  await import('../repositories/projects.server.ts')
const { createMediaItem, getMediaItem, listAdminMedia } =
  await import('../repositories/media.server.ts')
const { createMessage, getMessage, listMessages } =
  await import('../repositories/messages.server.ts')
const { saveTranslation } = await import('../repositories/translations.server.ts')
const { listActivity } = await import('../repositories/activity.server.ts')
const { readToast } = await import('../http/toast.server.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')
const routes = {
  projects: await import('#app/routes/admin/projects.tsx'),
  media: await import('#app/routes/admin/media.tsx'),
  messages: await import('#app/routes/admin/messages.tsx'),
}

useTestDatabase()

const ORIGIN = 'http://localhost:3999'
type Tab = keyof typeof routes

async function cookieOf(role: 'admin' | 'editor' | 'viewer', status = 'active') {
  const user = await createTestUser({ role, status: status as 'active' })
  return `${SESSION_COOKIE}=${await createSessionCookie(user.id)}`
}

function headers(cookie?: string) {
  return {
    origin: ORIGIN,
    'x-vitrine-client-ip': '10.9.0.3',
    ...(cookie ? { cookie } : {}),
  }
}

/**
 * A tab's bulk `action` on `ids` as the router runs it, for the session in `cookie`, read by
 * `answerOf`.
 */
async function bulk(
  tab: Tab,
  action: string,
  ids: readonly string[],
  cookie?: string,
  { query = '', tag }: { query?: string; tag?: string } = {},
) {
  const request = new Request(`${ORIGIN}/admin/${tab}${query}`, {
    method: 'POST',
    body: new URLSearchParams([
      ['intent', 'bulk'],
      ['action', action],
      ...(tag === undefined ? [] : [['tag', tag]]),
      ...ids.map((id) => ['ids', id]),
    ]),
    headers: { ...headers(cookie), 'content-type': 'application/x-www-form-urlencoded' },
  })
  return answerOf(
    await responseOf(() => routes[tab].action({ request, params: {}, context: {} } as never)),
  )
}

function load(tab: Tab, query: string, cookie: string) {
  const request = new Request(`${ORIGIN}/admin/${tab}${query}`, { headers: headers(cookie) })
  return responseOf(() => routes[tab].loader({ request, params: {}, context: {} } as never))
}

/** Status, where a redirect goes, the French toast it carries, or a refusal's field errors. */
async function answerOf(answer: unknown) {
  if (answer instanceof Response) {
    const cookie = answer.headers.get('set-cookie')?.split(';')[0] ?? ''
    const { toast } = await readToast(new Request(ORIGIN, { headers: { cookie } }))
    return {
      status: answer.status,
      location: answer.headers.get('location') ?? '',
      toast: toast?.message ?? '',
      errors: {} as Record<string, string>,
    }
  }
  const { data, init } = answer as {
    data: { fieldErrors?: Record<string, string> }
    init?: { status?: number }
  }
  return { status: init?.status ?? 200, location: '', toast: '', errors: data?.fieldErrors ?? {} }
}

const projectsQuery = (search: string) => readListQuery(PROJECTS_LIST, new URLSearchParams(search))
const mediaQuery = (search: string) => readListQuery(MEDIA_LIST, new URLSearchParams(search))

describe('the admin list of projects', () => {
  it('searches without accents, filters by « En vedette », English version and tag, sorts, pages by 24', async () => {
    const ete = await createProject(
      makeProject({ title: 'Été à Lyon', tags: ['Packaging'], featured: true }),
    )
    const hiver = await createProject(
      makeProject({
        title: 'Hiver',
        description: 'Une identité ÉTÉ comme hiver.',
        tags: ['Print'],
      }),
    )
    await createProject(makeProject({ title: 'Automne', tags: ['packaging'] }))
    await saveTranslation('project', hiver.id, 'en', { title: 'Winter', description: 'Winter' })
    const titles = async (search: string) =>
      (await listAdminProjects(projectsQuery(search))).items.map((p) => p.title)
    expect(await titles('q=ete&tri=title')).toEqual(['Été à Lyon', 'Hiver'])
    expect(await titles('q=LYON ete')).toEqual(['Été à Lyon'])
    expect(await titles('vedette=oui')).toEqual(['Été à Lyon'])
    expect(await titles('vedette=non&tri=title')).toEqual(['Automne', 'Hiver'])
    expect(await titles('version=en')).toEqual(['Hiver'])
    expect(await titles('version=fr&tri=title')).toEqual(['Automne', 'Été à Lyon'])
    // A tag is matched exactly (case included), never as a substring of another.
    expect(await titles('tag=Packaging')).toEqual([ete.title])
    expect(await titles('tag=Pack')).toEqual([])
    // Only letters and digits reach SQL: a query of « % » alone filters nothing.
    expect(await titles('q=%25%25%25&tri=title')).toHaveLength(3)

    for (let i = 0; i < PROJECTS_LIST.pageSize + 1; i++)
      await createProject(makeProject({ title: `Série ${i}` }))
    const first = await listAdminProjects(projectsQuery('q=serie'))
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 })
    expect(first.items).toHaveLength(24)
    const last = await listAdminProjects(projectsQuery('q=serie&page=99'))
    expect(last).toMatchObject({ page: 2 })
    expect(last.items).toHaveLength(1)
    expect(projectsQuery('page=abc&tri=drop&vedette=peut-etre')).toMatchObject({
      page: 1,
      sort: 'date',
      filters: { vedette: '', version: '', tag: '' },
    })
  })

  it('features, tags and deletes the ticked projects for an admin, with French toasts', async () => {
    const a = await createProject(makeProject({ tags: ['Print'] }))
    const b = await createProject(makeProject())
    const admin = await cookieOf('admin')
    const feature = await bulk('projects', 'feature', [a.id, b.id], admin, {
      query: '?vedette=non&page=1',
    })
    expect(feature).toMatchObject({
      status: 302,
      location: '/admin/projects?vedette=non&page=1',
      toast: '2 éléments mis en vedette',
    })
    expect((await getProject(a.id))?.featured).toBe(true)
    const tag = await bulk('projects', 'tag', [a.id], admin, { tag: 'Identité visuelle' })
    expect(tag.toast).toBe('Étiquette ajoutée à 1 élément')
    expect((await getProject(a.id))?.tags).toEqual(['Print', 'Identité visuelle'])
    // Unknown ids are skipped, never a 500.
    const ghost = await bulk('projects', 'delete', ['inconnu', b.id], admin)
    expect(ghost).toMatchObject({ status: 302, toast: '1 élément supprimé' })
    expect(await getProject(b.id)).toBeUndefined()
    // An action the projects do not have is refused in French, nothing changed.
    const refused = await bulk('projects', 'publish', [a.id], admin)
    expect(refused.status).toBe(400)
    expect(refused.errors.action).toBeTruthy()
  })

  it('answers a bad query string with the first page, never a 500', async () => {
    await createProject(makeProject())
    const answer = (await load(
      'projects',
      '?page=-4&tri=%00&vedette[]=x&version=de&tag=' + 'x'.repeat(500),
      await cookieOf('admin'),
    )) as unknown as { listing: { query: { page: number }; total: number } }
    expect(answer.listing.query.page).toBe(1)
    expect(answer.listing.total).toBe(0)
  })
})

describe('the admin list of media', () => {
  it('searches, filters by type and tag, sorts by title and pages by 24', async () => {
    await createMediaItem(makeMediaItem({ title: 'Fourvière de nuit', tags: ['Lyon', 'Nuit'] }))
    await createMediaItem(
      makeMediaItem({ title: 'Démo', category: 'video', url: '/demo/videos/demo.mp4' }),
    )
    await createMediaItem(
      makeMediaItem({ title: 'CV', category: 'document', url: '/demo/cv.pdf', tags: [] }),
    )
    const titles = async (search: string) =>
      (await listAdminMedia(mediaQuery(search))).items.map((m) => m.title)
    expect(await titles('q=fourviere')).toEqual(['Fourvière de nuit'])
    expect(await titles('category=video')).toEqual(['Démo'])
    expect(await titles('category=document')).toEqual(['CV'])
    expect(await titles('tag=Nuit')).toEqual(['Fourvière de nuit'])
    expect(await titles('tag=Lyon&tri=title')).toEqual(['Démo', 'Fourvière de nuit'])
    expect(await titles('category=audio&tri=title')).toEqual(['CV', 'Démo', 'Fourvière de nuit'])
    for (let i = 0; i < MEDIA_LIST.pageSize; i++)
      await createMediaItem(makeMediaItem({ title: `Lot ${i}` }))
    const page = await listAdminMedia(mediaQuery('page=2'))
    expect(page).toMatchObject({ total: 27, page: 2, pageCount: 2 })
    expect(page.items).toHaveLength(3)
  })

  it('deletes the ticked media but keeps those in use, as the single delete does', async () => {
    const used = await createMediaItem(
      makeMediaItem({ title: 'Couverture', url: '/demo/projects/atelier-sante-cover.webp' }),
    )
    await createProject(makeProject({ thumbnail: '/demo/projects/atelier-sante-cover.webp' }))
    const free = await createMediaItem(
      makeMediaItem({ title: 'Libre', url: '/demo/gallery/libre.webp' }),
    )
    const admin = await cookieOf('admin')
    const answer = await bulk('media', 'delete', [used.id, free.id], admin, {
      query: '?category=image',
    })
    expect(answer).toMatchObject({ status: 302, location: '/admin/media?category=image' })
    expect(answer.toast).toBe('1 élément supprimé ; 1 média utilisé conservé : supprimez-le seul')
    expect(await getMediaItem(free.id)).toBeUndefined()
    expect(await getMediaItem(used.id)).toBeDefined()
    const none = await bulk('media', 'tag', [used.id], admin)
    expect(none.status).toBe(400)
    expect(none.errors.tag).toBe("Saisissez l'étiquette à ajouter")
  })
})

describe('the admin list of messages', () => {
  it('searches the name, e-mail and text, within a status, newest or oldest first', async () => {
    const first = await createMessage(makeMessage({ name: 'Zoé Tarifs', message: 'Vos tarifs ?' }))
    // Two messages in the same millisecond would tie on the date the list sorts by.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await createMessage(
      makeMessage({ name: 'Léa', email: 'lea@exemple.fr', message: 'Un devis pour un logo.' }),
    )
    await createMessage(makeMessage({ message: 'Autre chose.' }))
    const names = async (options: Parameters<typeof listMessages>[0]) =>
      (await listMessages(options)).items.map((m) => m.name)
    expect(await names({ q: 'zoe' })).toEqual(['Zoé Tarifs'])
    expect(await names({ q: 'LEA@EXEMPLE' })).toEqual(['Léa'])
    expect(await names({ q: 'devis logo' })).toEqual(['Léa'])
    expect(await names({ q: 'tarifs', status: 'archived' })).toEqual([])
    const all = await names({ sort: 'oldest' })
    expect(all.indexOf(first.name)).toBeLessThan(all.indexOf(second.name))
  })

  it('marks read, archives and deletes the ticked messages by the allowed transitions', async () => {
    const a = await createMessage(makeMessage())
    const b = await createMessage(makeMessage())
    const admin = await cookieOf('admin')
    const read = await bulk('messages', 'read', [a.id, b.id], admin, {
      query: '?status=new&q=visiteur',
    })
    expect(read).toMatchObject({
      status: 302,
      location: '/admin/messages?status=new&q=visiteur',
      toast: '2 éléments marqués comme lus',
    })
    // One entry a changed message, under the collection's type and the message's sender.
    const logged = (await listActivity({ resourceType: 'message' })).items
    expect(logged.map((e) => [e.action, e.resourceId, e.resourceName, e.details]).sort()).toEqual(
      [a, b]
        .map((m) => [
          'update',
          m.id,
          `${m.name} <${m.email}>`,
          'Action groupée : 1 élément marqué comme lu',
        ])
        .sort(),
    )
    await bulk('messages', 'archive', [a.id], admin)
    // Read only from « new »: an archived message stays archived.
    const again = await bulk('messages', 'read', [a.id], admin)
    expect(again.toast).toBe('0 élément marqué comme lu')
    expect((await getMessage(a.id))?.status).toBe('archived')
    await bulk('messages', 'delete', [a.id], admin)
    expect(await getMessage(a.id)).toBeUndefined()
    const tooMany = await bulk(
      'messages',
      'delete',
      Array.from({ length: 21 }, (_, i) => `id-${i}`),
      admin,
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.errors.ids).toBe('Au plus 20 éléments à la fois')
  })
})

describe('bulk actions for anyone but an active admin', () => {
  it('are refused on every list and change nothing', async () => {
    const project = await createProject(makeProject())
    const media = await createMediaItem(makeMediaItem({ url: '/demo/gallery/refus.webp' }))
    const message = await createMessage(makeMessage())
    const cookies = [
      undefined,
      await cookieOf('viewer'),
      await cookieOf('editor'),
      await cookieOf('admin', 'blocked'),
    ]
    const targets: [Tab, string][] = [
      ['projects', project.id],
      ['media', media.id],
      ['messages', message.id],
    ]
    for (const cookie of cookies)
      for (const [tab, id] of targets) {
        const answer = await bulk(tab, 'delete', [id], cookie)
        expect(answer.status === 403 || answer.status === 302).toBe(true)
        expect(answer.location.startsWith('/admin')).toBe(false)
      }
    expect(await getProject(project.id)).toBeDefined()
    expect(await getMediaItem(media.id)).toBeDefined()
    expect(await getMessage(message.id)).toBeDefined()
  })
})
