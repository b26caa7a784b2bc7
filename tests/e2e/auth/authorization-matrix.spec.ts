// Authorisation matrix: every admin page, read from the route list itself
// (app/routes.ts), and every admin action (ADMIN_ACTIONS, plus a made-up intent and none at
// all on every admin route, so an intent nobody listed is still probed), as anonymous,
// viewer, editor, blocked admin, inactive admin and active admin. Only the active admin gets
// through, and each listed action succeeds for them; every refusal is a redirect (/login or
// /) or a 403 and changes nothing.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { ADMIN_ACTIONS } from '#app/domain/admin-actions.ts'
import { ADMIN_TABS } from '#app/domain/admin-tabs.ts'
import routeConfig from '#app/routes.ts'
import { getDb } from '#app/server/db/client.server.ts'
import * as factories from '#app/server/demo/factories.server.ts'
import { seedDemoContent } from '#app/server/demo/seed.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { listRevisions } from '#app/server/repositories/blog-revisions.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createPage } from '#app/server/repositories/pages.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import { importSubscribers } from '#app/server/repositories/newsletter.server.ts'
import { createProcessStep, listProcessSteps } from '#app/server/repositories/process.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { createSkill } from '#app/server/repositories/skills.server.ts'
import { createTimelineItem } from '#app/server/repositories/timeline.server.ts'
import { createSessionCookie, createTestUser, SESSION_COOKIE } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'

// The tables an admin action may write; activity entries and sessions are expected to
// change on a refusal (an access_denied entry; a blocked user's sessions are dropped; a
// session's last use is recorded in session_state, ADR 025); on PostgreSQL every request
// also counts against its rate limits in rate_limit (ADR 033).
const IGNORED_TABLES = new Set(['activity_logs', 'session', 'session_state', 'rate_limit'])

async function snapshot(): Promise<Record<string, string>> {
  const db = getDb()
  // Every table but the migrator's, on SQLite or PostgreSQL (ADR 028).
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort()
  const out: Record<string, string> = {}
  for (const name of tables) {
    if (IGNORED_TABLES.has(name)) continue
    const rows = await sql.raw(`SELECT * FROM "${name.replace(/"/g, '""')}" ORDER BY 1`).execute(db)
    out[name] =
      `${rows.rows.length}:${createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex')}`
  }
  return out
}

/** FormData-shaped fields from a factory value: lists repeat, nested objects use dots. */
function flatten(value: unknown, prefix = '', out: Array<[string, string]> = []) {
  if (Array.isArray(value)) {
    for (const item of value) flatten(item, prefix, out)
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, out)
  } else if (value !== undefined && value !== null) {
    out.push([prefix, typeof value === 'boolean' ? (value ? 'on' : '') : String(value)])
  }
  return out
}

let emailCounter = 0

// Plausible fields per tab (a tab without an entry gets the generic bag).
const FIELDS: Record<string, () => unknown> = {
  profile: () => factories.makeProfile(),
  projects: () => factories.makeProject(),
  skills: () => factories.makeSkill(),
  timeline: () => factories.makeTimelineItem(),
  blog: () => factories.makeBlogPost(),
  pages: () => factories.makePage(),
  process: () => factories.makeProcessStep(),
  media: () => factories.makeMediaItem(),
  cv: () => factories.makeCv(),
  users: () => ({
    name: 'Matrice',
    email: `matrice-${Date.now()}-${++emailCounter}@exemple.fr`,
    role: 'admin',
    status: 'active',
  }),
  messages: () => ({ content: 'Réponse de la matrice', status: 'read' }),
  // The newsletter (ADR 097): a pasted CSV to import, the sending settings.
  subscribers: () => ({
    csv: `email,confirmed\nmatrice-${Date.now()}-${++emailCounter}@exemple.fr,true`,
    source: 'csv',
    locale: 'fr',
    ratePerMinute: '600',
  }),
  // The statistics stay on (later specs of the worker count visits, ADR 072).
  statistics: () => ({ enabled: 'on', retentionMonths: '25' }),
  settings: () => factories.makeSettings(),
}
const GENERIC = { title: 'Matrice', name: 'Matrice', description: 'Matrice', content: 'Matrice' }

/**
 * Rows to aim update/delete/reply at: one fresh row per tab, made here, so the matrix never
 * depends on what earlier tests of this worker left behind (a message already replied to, a
 * row another test removed). The process tab gets every step: reorder names them all.
 */
async function targetIds(tab: string): Promise<string[]> {
  switch (tab) {
    case 'projects':
      return [(await createProject(factories.makeProject())).id]
    case 'skills':
      return [(await createSkill(factories.makeSkill())).id]
    case 'timeline':
      return [(await createTimelineItem(factories.makeTimelineItem())).id]
    case 'blog':
      return [(await createBlogPost(factories.makeBlogPost())).id]
    case 'pages':
      return [(await createPage(factories.makePage())).id]
    case 'media':
      return [(await createMediaItem(factories.makeMediaItem())).id]
    case 'messages':
      return [(await createMessage(factories.makeMessage())).id]
    case 'subscribers': {
      const email = `matrice-abonne-${Date.now()}-${++emailCounter}@exemple.fr`
      await importSubscribers([{ email, locale: 'fr', confirmed: true }], 'csv')
      const row = await getDb()
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      return [row.id]
    }
    case 'process': {
      const fresh = await createProcessStep(factories.makeProcessStep())
      const all = (await listProcessSteps()).map((step) => step.id)
      return [fresh.id, ...all.filter((id) => id !== fresh.id)]
    }
    default:
      return []
  }
}

interface Probe {
  label: string
  method: 'GET' | 'POST'
  path: string
  form?: Array<[string, string]>
  /** A made-up or missing intent: refused for everyone but the admin, who gets a 4xx. */
  unlisted?: boolean
}

/** Every URL path under /admin in the route list (index routes as the parent's path). */
function adminPaths(): string[] {
  interface Entry {
    path?: string
    index?: boolean
    children?: Entry[]
  }
  const out: string[] = []
  const walk = (entries: readonly Entry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent
      if (path === '/admin' || path.startsWith('/admin/')) out.push(path || '/')
      if (entry.children) walk(entry.children, path)
    }
  }
  walk(routeConfig as readonly Entry[], '')
  return [...new Set(out)]
}

async function probes(victimUserId: string): Promise<Probe[]> {
  const list: Probe[] = []
  const paths = adminPaths()
  // The route list and the tab list agree: a new admin route cannot hide from the matrix.
  for (const tab of ADMIN_TABS) expect(paths).toContain(`/admin/${tab.id}`)
  for (const path of paths) {
    list.push({ label: `GET ${path}`, method: 'GET', path })
    for (const form of [[['intent', 'sonde-inconnue']], []] as Array<Array<[string, string]>>) {
      list.push({
        label: `POST ${path} ${form.length ? 'intent inconnu' : 'sans intent'}`,
        method: 'POST',
        path,
        form,
        unlisted: true,
      })
    }
  }
  for (const tab of ADMIN_TABS) {
    const path = `/admin/${tab.id}`
    const ids = tab.id === 'users' ? [victimUserId] : await targetIds(tab.id)
    // Aimed at rows as they are now: reorder before anything moves, delete last.
    const rank = (intent: string) => (intent === 'reorder' ? 0 : intent === 'delete' ? 2 : 1)
    const intents = [...ADMIN_ACTIONS[tab.id]].sort((a, b) => rank(a) - rank(b))
    for (const intent of intents) {
      const form: Array<[string, string]> = [['intent', intent]]
      form.push(...flatten(FIELDS[tab.id]?.() ?? GENERIC))
      if (ids[0]) form.push(['id', ids[0]])
      // Blog and pages: a revision of the item to restore (ADR 101); the factory's category
      // to rename.
      if (intent === 'restore' && ids[0]) {
        const history = tab.id === 'pages' ? 'page' : 'post'
        form.push(['revisionId', (await listRevisions(ids[0], 'fr', history))[0]?.id ?? ''])
      }
      // An item's English version (ADR 075); a post's, saved as a draft (ADR 077); in the
      // settings, the site's own texts (one document, not a row).
      if (intent === 'translate')
        form.push(['en.title', 'Matrice'], ['en.content', 'Matrice'], ['en.status', 'draft'])
      if (intent === 'translate' && tab.id === 'settings')
        form.push(['entity', 'settings'], ['id', 'settings'], ['en.siteName', 'Matrix'])
      // The new name holds no text of the public catalogue: the worker's other specs read these
      // posts on the English pages, where a catalogue's French text must not appear.
      if (intent === 'rename-category')
        form.push(['from', String(factories.makeBlogPost().category)], ['to', 'Rubrique renommée'])
      if (intent === 'reorder') for (const id of [...ids].reverse()) form.push(['ids', id])
      // A bulk action (ADR 091, ADR 099): unpublish the first post, tag the first project or
      // media item, mark the first message read.
      if (intent === 'bulk' && ids[0])
        form.push(
          ['action', { blog: 'unpublish', messages: 'read' }[tab.id as string] ?? 'tag'],
          ['tag', 'Matrice'],
          ['ids', ids[0]],
        )
      // ADR 018: the CV tab approves an account to download the CV.
      if (intent === 'approval') form.push(['userId', victimUserId], ['approved', 'true'])
      list.push({ label: `POST ${path} intent=${intent}`, method: 'POST', path, form })
    }
  }
  return list
}

test('only an active admin reaches admin pages and actions; refusals change nothing', async ({
  request,
  db,
  baseURL,
}) => {
  void db
  test.setTimeout(180_000)
  await seedDemoContent()
  // No password yet: an invitation can be issued for them.
  const victim = await createTestUser({ role: 'viewer', withPassword: false })
  const all = await probes(victim.id)
  expect(all.length).toBeGreaterThan(ADMIN_TABS.length)

  const roles: Array<{ who: string; cookie: () => Promise<string | null>; admin: boolean }> = [
    { who: 'anonymous', cookie: async () => null, admin: false },
    ...(['viewer', 'editor'] as const).map((role) => ({
      who: role,
      cookie: async () => createSessionCookie((await createTestUser({ role })).id),
      admin: false,
    })),
    {
      who: 'blocked admin',
      // An admin who had a session, then was blocked.
      cookie: async () =>
        createSessionCookie((await createTestUser({ role: 'admin', status: 'blocked' })).id),
      admin: false,
    },
    {
      who: 'inactive admin',
      cookie: async () =>
        createSessionCookie((await createTestUser({ role: 'admin', status: 'inactive' })).id),
      admin: false,
    },
    {
      who: 'active admin',
      cookie: async () => createSessionCookie((await createTestUser({ role: 'admin' })).id),
      admin: true,
    },
  ]

  const failures: string[] = []
  let beforeAdmin: Record<string, string> = {}
  for (const role of roles) {
    if (role.admin) beforeAdmin = await snapshot()
    for (const probe of all) {
      const cookie = await role.cookie()
      const headers: Record<string, string> = { origin: baseURL ?? '' }
      if (cookie) headers.cookie = `${SESSION_COOKIE}=${cookie}`
      const before = role.admin ? null : await snapshot()
      const res =
        probe.method === 'GET'
          ? await request.get(probe.path, { headers, maxRedirects: 0 })
          : await request.post(probe.path, {
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              data: new URLSearchParams(probe.form).toString(),
              maxRedirects: 0,
            })
      let status = res.status()
      let location = res.headers()['location'] ?? ''
      // /admin only forwards to the default tab: judge where that ends.
      if (
        probe.path === '/admin' &&
        location &&
        new URL(location, baseURL).pathname.startsWith('/admin/')
      ) {
        const next = await request.get(location, { headers, maxRedirects: 0 })
        status = next.status()
        location = next.headers()['location'] ?? ''
      }
      const where = location ? new URL(location, baseURL).pathname : ''
      // 405: the route has no action at all (nothing to refuse, nothing written).
      const refused =
        status === 403 ||
        (status === 405 && probe.method === 'POST') ||
        ([301, 302, 303, 307, 308].includes(status) && ['/login', '/'].includes(where))
      if (role.admin) {
        if ((refused && !probe.unlisted) || status >= 500)
          failures.push(`${role.who}: ${probe.label} → ${status} ${location}`)
        if (probe.method === 'GET' && status !== 200) {
          failures.push(`${role.who}: ${probe.label} → ${status} (expected 200)`)
        }
        // A listed action really succeeds (a redirect back to its tab, or a page); an
        // unlisted intent is a clean 4xx, never a crash.
        if (probe.method === 'POST' && !probe.unlisted && status >= 400) {
          failures.push(`${role.who}: ${probe.label} → ${status} (expected success)`)
        }
        if (probe.unlisted && (status < 400 || status >= 500)) {
          failures.push(`${role.who}: ${probe.label} → ${status} (expected 4xx)`)
        }
      } else {
        if (!refused)
          failures.push(`${role.who}: ${probe.label} → ${status} ${location} (not refused)`)
        const after = await snapshot()
        if (before && JSON.stringify(after) !== JSON.stringify(before)) {
          const changed = Object.keys(after).filter((t) => after[t] !== before[t])
          failures.push(`${role.who}: ${probe.label} changed ${changed.join(', ')}`)
        }
      }
    }
  }
  expect(failures).toEqual([])
  // The same requests do change data when an active admin sends them: the probes are real.
  const afterAdmin = await snapshot()
  const changedByAdmin = Object.keys(afterAdmin).filter((t) => afterAdmin[t] !== beforeAdmin[t])
  expect(changedByAdmin.length).toBeGreaterThanOrEqual(3)
})
