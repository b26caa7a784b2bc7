// The hostile-input suite (ADRs 004, 024): every form and action of app/routes.ts
// is fed the corpus of tests/hostile/corpus.ts — XSS in many encodings, injections, type
// confusion, repeated and nested field names, huge bodies, odd content types, malformed
// percent-encoding — as anonymous and as an active admin. No answer may be a 5xx, no
// refusal may speak English, and nothing stored may execute once Chromium renders the
// public site and the admin hub. Run with `npm run test:hostile` (a few minutes, so not part
// of `npm test`). Most posts go to the routes' `.data` endpoints (the same actions, without
// rendering a page); every fourth payload goes to the page itself.
//
// The server trusts one proxy hop here, so each request can come from its own address
// (X-Forwarded-For): the per-address limits would otherwise answer 429 to most of the corpus
// before the routes see it. Limits themselves are tested in their own files.
import { ADMIN_ACTIONS } from '#app/domain/admin-actions.ts'
import { ADMIN_TABS } from '#app/domain/admin-tabs.ts'
import routeConfig from '#app/routes.ts'
import { getDb } from '#app/server/db/client.server.ts'
import * as factories from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { CONTENT_TYPES, FIELD_SHAPES, HUGE, PATHS, TEXT_PAYLOADS, XSS } from './corpus.ts'
import { createTestUser, sessionHeaders } from '../fixtures/auth.ts'
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from '../../server/middleware.ts'
import { allowConsoleError, expect, test } from '../fixtures/test.ts'

test.use({ serverEnv: { TRUST_PROXY: '1' } })

let addressCounter = 0
/** A fresh address per request (198.18.0.0/15 is reserved for benchmarks). */
const nextAddress = () => {
  addressCounter += 1
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`
}

const ENGLISH =
  /Invalid input|expected (string|number|array|object)|Too (big|small)|Required\b|Unexpected Server Error|Internal Server Error|Cannot (GET|POST)/

interface Outcome {
  label: string
  status: number
  body: string
}

/** Every URL path of the route list, parameters filled with a plain value. */
function routePaths(): string[] {
  interface Entry {
    path?: string
    index?: boolean
    children?: Entry[]
  }
  const out: string[] = []
  const walk = (entries: readonly Entry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.path
        ? `${parent}/${entry.path}`
            .replace(/\/+/g, '/')
            .replace(/:[a-z]+/gi, 'x')
            .replace(/\*$/, 'x')
        : parent || '/'
      out.push(path)
      if (entry.children) walk(entry.children, path)
    }
  }
  walk(routeConfig as readonly Entry[], '')
  return [...new Set(out)]
}

/** Field names and plausible values per admin tab (from the factories). */
function tabFields(tab: string): Array<[string, string]> {
  const value: unknown = {
    profile: factories.makeProfile(),
    projects: factories.makeProject(),
    skills: factories.makeSkill(),
    timeline: factories.makeTimelineItem(),
    blog: factories.makeBlogPost(),
    process: factories.makeProcessStep(),
    media: factories.makeMediaItem(),
    cv: factories.makeCv(),
    settings: factories.makeSettings(),
    users: {
      name: 'Hostile',
      email: `hostile-${Date.now()}@exemple.fr`,
      role: 'viewer',
      status: 'active',
    },
    messages: { content: 'Réponse', status: 'read' },
  }[tab] ?? { title: 'x', name: 'x', description: 'x', content: 'x' }
  const out: Array<[string, string]> = []
  const flatten = (v: unknown, prefix: string) => {
    if (Array.isArray(v)) for (const item of v) flatten(item, prefix)
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) flatten(inner, prefix ? `${prefix}.${k}` : k)
    else if (v !== undefined && v !== null)
      out.push([prefix, typeof v === 'boolean' ? (v ? 'on' : '') : String(v)])
  }
  flatten(value, '')
  return out
}

/** Admin-trusted code and the switch that closes the site keep their plausible values. */
const KEPT_FIELDS = new Set(['customJs', 'customCss', 'maintenanceMode'])

/** A field a person types free text into (not a URL, e-mail, number, date or choice). */
const isFreeText = ([name, value]: [string, string]) =>
  !KEPT_FIELDS.has(name) && /\s/.test(value) && !/^(https?:|\/)/.test(value) && !value.includes('@')

test('every form and action answers the hostile corpus without a 5xx, in French, and stores nothing that runs', async ({
  request,
  page,
  db,
  baseURL,
}) => {
  void db
  test.setTimeout(600_000)
  const admin = await createTestUser({ role: 'admin' })
  const adminCookie = (await sessionHeaders(admin)).cookie ?? ''
  const project = await createProject(factories.makeProject())
  const post = await createBlogPost(factories.makeBlogPost())
  const message = await createMessage(factories.makeMessage())
  const outcomes: Outcome[] = []

  const send = async (
    label: string,
    path: string,
    init: {
      method?: string
      form?: Array<[string, string]>
      body?: string
      type?: string
      cookie?: string
    },
  ) => {
    const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() }
    if (init.cookie) headers.cookie = init.cookie
    let data: string | undefined = init.body
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      data = new URLSearchParams(init.form).toString()
    } else if (init.type !== undefined) headers['content-type'] = init.type
    let res
    try {
      res = await request.fetch(`${baseURL}${path}`, {
        method: init.method ?? 'POST',
        headers,
        data,
        maxRedirects: 0,
        failOnStatusCode: false,
      })
    } catch (error) {
      // A body over the 1 MB limit is answered 413 at once and the connection closed
      // (server/middleware.ts): the client may still be writing it and see EPIPE/ECONNRESET
      // instead of the answer. Any other failure, or a small body, is a finding.
      const oversized = Buffer.byteLength(data ?? '') > MAX_BODY_BYTES
      if (!oversized || !/EPIPE|ECONNRESET/.test(String(error))) throw error
      outcomes.push({ label: `${label} → ${path}`, status: 413, body: BODY_TOO_LARGE })
      return
    }
    const raw = await res.text()
    // A page's visible text: React Router's hydration data (scripts) is not shown to anyone.
    const body = /text\/html/.test(res.headers()['content-type'] ?? '')
      ? raw.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')
      : // React Router's data format carries the HTTP reason phrase of an error response
        // next to its French text: protocol, not a refusal anyone reads.
        raw.replace(/"(Internal Server Error|Not Found|Method Not Allowed|Bad Request)"/g, '""')
    outcomes.push({ label: `${label} → ${path}`, status: res.status(), body })
  }
  const inBatches = async (jobs: Array<() => Promise<void>>, size = 4) => {
    for (let i = 0; i < jobs.length; i += size)
      await Promise.all(jobs.slice(i, i + size).map((j) => j()))
  }

  const jobs: Array<() => Promise<void>> = []
  const paths = routePaths()

  // 1. Malformed paths, and odd content types on every route (anonymous and admin).
  for (const path of PATHS) jobs.push(() => send('path', path, { method: 'GET' }))
  for (const path of paths) {
    for (const { type, body } of CONTENT_TYPES) {
      jobs.push(() => send(`type ${type ?? 'none'}`, path, { type, body }))
      if (path.startsWith('/admin'))
        jobs.push(() =>
          send(`admin type ${type ?? 'none'}`, path, { type, body, cookie: adminCookie }),
        )
    }
  }

  // 2. Public forms: every payload in every field, in every field shape.
  const publicForms: Array<[string, string[]]> = [
    ['/contact', ['name', 'email', 'message', 'website']],
    ['/login', ['email', 'password']],
    ['/register', ['name', 'email', 'password', 'confirmPassword', 'invitation']],
    ['/setup/x', ['name', 'email', 'password', 'confirmPassword']],
    ['/api/activity', ['language', 'screenResolution', 'timezone', 'referrer']],
    // Password reset; second factor and account (anonymous: refused).
    ['/forgot-password', ['email']],
    ['/reset-password', ['token', 'password', 'confirmPassword']],
    ['/auth/verification', ['code', 'intent']],
    ['/compte', ['intent', 'id']],
    ['/compte/double-authentification', ['intent', 'code', 'requireAdminTwoFactor']],
    ['/admin/settings/emails', ['intent', 'id', 'email']],
  ]
  const payloads = [...TEXT_PAYLOADS, ...HUGE]
  for (const [path, fields] of publicForms) {
    payloads.forEach((payload, i) => {
      const shape = FIELD_SHAPES[i % FIELD_SHAPES.length]!
      const form = fields.flatMap((name) => shape(name, payload))
      const target = i % 4 === 0 || path.startsWith('/api/') ? path : `${path}.data`
      jobs.push(() => send('public form', target, { form }))
    })
  }

  // 3. Admin actions: every intent, with every payload in every field (shape phase).
  for (const tab of ADMIN_TABS) {
    const path = `/admin/${tab.id}`
    const fields = tabFields(tab.id)
    for (const intent of [...ADMIN_ACTIONS[tab.id], 'sonde-inconnue']) {
      // Intents that only name a row (delete, read…) get a slice of the corpus.
      const rowOnly = ['delete', 'read', 'archive', 'sonde-inconnue'].includes(intent)
      payloads.forEach((payload, i) => {
        if (rowOnly && i % 5 !== 0) return
        const shape = FIELD_SHAPES[i % FIELD_SHAPES.length]!
        const form: Array<[string, string]> = [['intent', intent]]
        for (const [name, value] of fields) {
          form.push(
            ...(KEPT_FIELDS.has(name) ? [[name, value] as [string, string]] : shape(name, payload)),
          )
        }
        form.push(['id', i % 2 ? payload : tab.id === 'messages' ? message.id : project.id])
        const target = i % 4 === 0 ? path : `${path}.data`
        jobs.push(() => send(`admin ${intent}`, target, { form, cookie: adminCookie }))
      })
    }
  }
  await inBatches(jobs)

  // 4. Store phase: valid records whose free-text fields carry XSS, for the browser check.
  const storeJobs: Array<() => Promise<void>> = []
  for (const tab of ['projects', 'skills', 'timeline', 'blog', 'process', 'media', 'profile']) {
    const intent = ADMIN_ACTIONS[tab as keyof typeof ADMIN_ACTIONS].includes('create')
      ? 'create'
      : 'save'
    XSS.forEach((payload) => {
      const form: Array<[string, string]> = [['intent', intent]]
      for (const field of tabFields(tab)) form.push(isFreeText(field) ? [field[0], payload] : field)
      storeJobs.push(() => send(`store ${tab}`, `/admin/${tab}`, { form, cookie: adminCookie }))
    })
  }
  for (const payload of XSS) {
    storeJobs.push(() =>
      send('store contact', '/contact', {
        form: [
          ['name', payload],
          ['email', 'hostile@exemple.fr'],
          ['message', `${payload} — message assez long pour passer la validation.`],
        ],
      }),
    )
  }
  await inBatches(storeJobs)

  const serverErrors = outcomes.filter((o) => o.status >= 500)
  expect(serverErrors.map((o) => `${o.status} ${o.label}`)).toEqual([])
  const english = outcomes.filter((o) => ENGLISH.test(o.body))
  expect(english.map((o) => `${o.status} ${o.label}: ${ENGLISH.exec(o.body)?.[0]}`)).toEqual([])
  const stored = outcomes.filter((o) => o.label.startsWith('store') && o.status < 400)
  expect(stored.length).toBeGreaterThan(XSS.length)
  expect(outcomes.length).toBeGreaterThan(1000)

  // 5. Chromium renders what was stored: nothing runs, no handler or javascript: URL survives.
  allowConsoleError(page, /Failed to load resource|Content Security Policy|Refused to/)
  await page.addInitScript(() => {
    const w = window as unknown as { __pwn: () => void; __pwned: number }
    w.__pwned = 0
    w.__pwn = () => (w.__pwned += 1)
  })
  await page.context().addCookies([
    {
      name: 'better-auth.session_token',
      value: adminCookie.split('=').slice(1).join('='),
      url: baseURL!,
    },
  ])
  const latest = await getDb()
    .selectFrom('projects')
    .select('id')
    .orderBy('createdAt', 'desc')
    .limit(3)
    .execute()
  const pages = [
    '/',
    '/projects',
    `/projects/${project.id}`,
    ...latest.map((p) => `/projects/${p.id}`),
    '/blog',
    `/blog/${post.slug}`,
    '/timeline',
    '/gallery',
    '/cv',
    '/contact',
    ...ADMIN_TABS.map((tab) => `/admin/${tab.id}`),
  ]
  for (const path of pages) {
    await page.goto(path)
    await page.waitForLoadState('load')
    const found = await page.evaluate(() => {
      const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes]
          .filter(
            (a) =>
              (/^on/i.test(a.name) && a.value.includes('__pwn')) ||
              (/^(href|src|action|formaction)$/i.test(a.name) &&
                /^\s*(javascript|data:text\/html)/i.test(a.value)),
          )
          .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 40)}">`),
      )
      const scripts = [...document.scripts].filter(
        (s) => s.text.includes('__pwn()') && !s.text.includes('__reactRouter'),
      )
      return {
        pwned: (window as unknown as { __pwned: number }).__pwned,
        handlers,
        scripts: scripts.length,
      }
    })
    expect(found, path).toEqual({ pwned: 0, handlers: [], scripts: 0 })
  }
})
