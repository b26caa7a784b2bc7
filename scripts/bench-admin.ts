// `npm run bench:admin`: fills a temporary database with 100,000 messages and 1,000,000
// activity entries, then prints the median server time of the admin lists' first page and
// of a filtered page, through the same repository calls the tab loaders make. Aims: 50 ms for
// the messages, 20 ms for every page of the activity log (ADR 098).
// Usage: node scripts/bench-admin.ts [--messages N] [--activity N] [--runs N] [--postgres]
//
// With --postgres the same data and cases run on a throw-away PostgreSQL server (Debian's
// binaries, started as the tests start theirs: scripts/ensure-postgres.sh) instead of SQLite.
//
// With --posts N (5,000: an import, ADR 091) it measures the lists of posts instead: the admin
// list's first page and a search, the public search, and, with the production build present,
// the uncached server time and HTML size of /blog's first page (aims: 60 KB, 20 ms).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { ServerBuild } from 'react-router'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import {
  migrateToLatest,
  openDatabase,
  openPostgres,
  setDatabase,
  type DatabaseHandle,
} from '#app/server/db/client.server.ts'
import { createId } from '#app/server/db/util.server.ts'
import {
  countMessagesByStatus,
  getMessage,
  listMessages,
} from '#app/server/repositories/messages.server.ts'
import {
  decodeActivityCursor,
  encodeActivityCursor,
  listActivity,
  listActivityUsers,
} from '#app/server/repositories/activity.server.ts'
import {
  ACTIVITY_ACTION_LABELS,
  ActivityFilterSchema,
  RESOURCE_TYPE_LABELS,
} from '#app/domain/activity.ts'
import { labelKeys } from '#app/domain/labels.ts'
import { MESSAGE_STATUSES } from '#app/domain/types.ts'
import { MESSAGES_PAGE_SIZE } from '#app/domain/message.ts'
import { listAdminBlogPosts, listPostSummaryPage } from '#app/server/repositories/blog.server.ts'
import { readAdminListQuery } from '#app/domain/admin-list.ts'

const ACTIVITY_ACTIONS = labelKeys(ACTIVITY_ACTION_LABELS)
const RESOURCE_TYPES = labelKeys(RESOURCE_TYPE_LABELS)

const TARGET_MS = 50
/** Every page of the activity log, whatever its filters and depth (ADR 098). */
const ACTIVITY_TARGET_MS = 20
const BATCH = 10_000

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const MESSAGE_COUNT = option('messages', 100_000)
const ACTIVITY_COUNT = option('activity', 1_000_000)
const RUNS = option('runs', 21)
const POST_COUNT = option('posts', 0)
const POSTGRES = process.argv.includes('--postgres')

/** Deterministic pseudo-random numbers, so two runs build the same data. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)]!

/** Runs `insertOne` `count` times in transactions of BATCH rows. */
function fill(handle: DatabaseHandle, count: number, insertOne: (i: number) => void) {
  for (let start = 0; start < count; start += BATCH) {
    handle.sqlite.exec('BEGIN')
    try {
      const end = Math.min(count, start + BATCH)
      for (let i = start; i < end; i++) insertOne(i)
      handle.sqlite.exec('COMMIT')
    } catch (error) {
      handle.sqlite.exec('ROLLBACK')
      throw error
    }
  }
}

function fillMessages(handle: DatabaseHandle) {
  const r = rng(1)
  const insert = handle.sqlite.prepare(
    'insert into messages (id, name, email, message, status, createdAt, reply) values (?, ?, ?, ?, ?, ?, ?)',
  )
  const now = Date.now()
  const text =
    'Bonjour, je souhaiterais échanger avec vous au sujet d’un projet de refonte de site. ' +
    'Seriez-vous disponible la semaine prochaine pour un premier appel ?'
  fill(handle, MESSAGE_COUNT, (i) => {
    const status = pick(MESSAGE_STATUSES, r)
    // Rows arrive in time order, as they do in production (append-mostly indexes).
    const createdAt = new Date(
      now - Math.floor(((MESSAGE_COUNT - i) * 730 * 86_400_000) / MESSAGE_COUNT),
    ).toISOString()
    const reply =
      status === 'replied'
        ? JSON.stringify({ content: 'Merci pour votre message !', sentAt: createdAt })
        : null
    insert.run(
      createId(),
      `Visiteur ${i}`,
      `visiteur${i}@exemple.fr`,
      text,
      status,
      createdAt,
      reply,
    )
  })
}

/** The visitor information of every generated entry (the size of a real one). */
const USER_INFO = {
  ip: '203.0.113.0',
  browser: 'Chrome 140',
  os: 'Linux',
  device: 'Desktop',
  location: { country: 'Unknown', city: 'Unknown', region: 'Unknown' },
  language: 'fr-FR',
  screenResolution: '1920x1080',
  timezone: 'Europe/Paris',
  referrer: 'Unknown',
}

function fillActivity(handle: DatabaseHandle) {
  const r = rng(2)
  const insert = handle.sqlite.prepare(
    'insert into activity_logs (id, userId, userName, action, resourceType, resourceId, resourceName, timestamp, details, userInfo) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const users = Array.from({ length: 40 }, (_, i) => ({ id: createId(), name: `Utilisateur ${i}` }))
  const now = Date.now()
  const userInfo = JSON.stringify(USER_INFO)
  fill(handle, ACTIVITY_COUNT, (i) => {
    const user = pick(users, r)
    const timestamp = new Date(
      now - Math.floor(((ACTIVITY_COUNT - i) * 365 * 86_400_000) / ACTIVITY_COUNT),
    ).toISOString()
    insert.run(
      createId(),
      user.id,
      user.name,
      pick(ACTIVITY_ACTIONS, r),
      pick(RESOURCE_TYPES, r),
      createId(),
      `Ressource ${i}`,
      timestamp,
      'Entrée de test',
      userInfo,
    )
  })
  return users
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run() // warm-up: statement preparation and page cache
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await run()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'))
  const handle = openDatabase(path.join(dir, 'bench.db'))
  // A throw-away database: durability is not what is being measured while filling it.
  // Random ids and timestamps hit every index page: a large page cache keeps the fill fast.
  handle.sqlite.exec('PRAGMA synchronous = OFF')
  handle.sqlite.exec('PRAGMA cache_size = -1000000')
  try {
    await migrateToLatest(handle.db)
    setDatabase(handle)

    let t0 = performance.now()
    fillMessages(handle)
    console.log(
      `${MESSAGE_COUNT.toLocaleString('fr-FR')} messages insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    t0 = performance.now()
    const users = fillActivity(handle)
    console.log(
      `${ACTIVITY_COUNT.toLocaleString('fr-FR')} entrées d'activité insérées en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    handle.sqlite.exec('ANALYZE')
    // Measure with the server's settings: durable commits and the default page cache.
    handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    handle.sqlite.exec('PRAGMA synchronous = FULL')
    handle.sqlite.exec('PRAGMA cache_size = -2000')
    await measure(users.map((u) => u.id))
  } finally {
    setDatabase(undefined)
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The same data on a throw-away PostgreSQL server, generated by the server itself. */
async function mainPostgres() {
  const { startPostgres } = await import('../tests/setup/postgres.ts')
  const server = await startPostgres()
  const pg = (await import('pg')).default
  const admin = new pg.Client({ connectionString: server.url('postgres') })
  await admin.connect()
  await admin.query('create database bench_admin')
  await admin.end()
  const handle = openPostgres(server.url('bench_admin'), { max: 4 })
  try {
    await migrateToLatest(handle.db)
    setDatabase(handle)
    const now = Date.now()
    let t0 = performance.now()
    await sql`
      insert into messages (id, name, email, message, status, "createdAt", reply)
      select 'm' || g, 'Visiteur ' || g, 'visiteur' || g || '@exemple.fr',
        'Bonjour, je souhaiterais échanger avec vous au sujet d’un projet de refonte de site.',
        s.status, t.at,
        case when s.status = 'replied'
          then '{"content":"Merci pour votre message !","sentAt":"' || t.at || '"}' end
      from generate_series(1, ${MESSAGE_COUNT}::int) g,
        lateral (select (${sql.val([...MESSAGE_STATUSES])}::text[])[1 + abs(hashtext('s' || g)) % 4]
          as status) s,
        lateral (select ${isoAt(now, 730, MESSAGE_COUNT)} as at) t
    `.execute(handle.db)
    console.log(
      `${MESSAGE_COUNT.toLocaleString('fr-FR')} messages insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    t0 = performance.now()
    const users = Array.from({ length: 40 }, (_, i) => `bench-user-${i}`)
    const userInfo = JSON.stringify(USER_INFO)
    // Batches, in time order as in production (append-mostly indexes), with progress.
    const step = 500_000
    for (let from = 1; from <= ACTIVITY_COUNT; from += step) {
      const to = Math.min(ACTIVITY_COUNT, from + step - 1)
      await sql`
        insert into activity_logs (id, "userId", "userName", action, "resourceType",
          "resourceId", "resourceName", timestamp, details, "userInfo")
        select substr(md5(g::text), 1, 16), 'bench-user-' || u.n, 'Utilisateur ' || u.n,
          (${sql.val([...ACTIVITY_ACTIONS])}::text[])[1 + abs(hashtext('a' || g)) % ${ACTIVITY_ACTIONS.length}::int],
          (${sql.val([...RESOURCE_TYPES])}::text[])[1 + abs(hashtext('r' || g)) % ${RESOURCE_TYPES.length}::int],
          substr(md5('r' || g), 1, 16), 'Ressource ' || g, ${isoAt(now, 365, ACTIVITY_COUNT)},
          'Entrée de test', ${userInfo}
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select abs(hashtext('u' || g)) % 40 as n) u
      `.execute(handle.db)
      process.stdout.write(`\r  ${to.toLocaleString('fr-FR')} entrées…`)
    }
    console.log(
      `\r${ACTIVITY_COUNT.toLocaleString('fr-FR')} entrées d'activité insérées en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    // What autovacuum does on a live server: statistics and the visibility map (index-only
    // scans for the bounded counts).
    await sql`vacuum analyze`.execute(handle.db)
    await measure(users)
  } finally {
    setDatabase(undefined)
    await handle.close()
    server.stop()
  }
}

/** Row `g` of `count` spread over the last `days` days, as an ISO text timestamp (SQL). */
function isoAt(now: number, days: number, count: number) {
  return sql<string>`to_char(timestamp 'epoch' + (${now}::bigint - (${count}::bigint - g)
    * ${days * 86_400_000}::bigint / ${count}::bigint) * interval '1 millisecond',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

/** What the tab's loader calls for the URL `search` (app/routes/admin/activity.tsx). */
function activityTab(search: string) {
  const filters = ActivityFilterSchema.parse(Object.fromEntries(new URLSearchParams(search)))
  const after = decodeActivityCursor(filters.apres)
  const before = after ? undefined : decodeActivityCursor(filters.avant)
  return Promise.all([listActivity({ ...filters, after, before }), listActivityUsers()])
}

/** `search` with the cursor of the page `pages` pages further (following « plus anciennes »). */
async function pageFurther(search: string, pages: number): Promise<string> {
  let url = search
  for (let i = 0; i < pages; i++) {
    const [list] = await activityTab(url)
    if (!list.older) throw new Error(`${search}: pas de page ${i + 2}`)
    url = `${search}&apres=${list.older}`
  }
  return url
}

async function measure(userIds: string[]) {
  const someMessage = (await listMessages({ page: 1, pageSize: 1 })).items[0]?.id ?? ''
  const user = userIds[0]!
  // The middle of the log: a page that an offset would reach by skipping 5 M rows at 10 M.
  const middle = encodeActivityCursor({
    timestamp: new Date(Date.now() - 182 * 86_400_000).toISOString(),
    id: '~',
  })
  // Each case makes the same repository calls as the tab's loader for that URL.
  const cases: [string, number, () => Promise<unknown>][] = [
    [
      'Messages, première page',
      TARGET_MS,
      () =>
        Promise.all([
          listMessages({ page: 1, pageSize: MESSAGES_PAGE_SIZE }),
          countMessagesByStatus(),
        ]),
    ],
    [
      'Messages, filtre « replied », page 2, message ouvert',
      TARGET_MS,
      () =>
        Promise.all([
          listMessages({ status: 'replied', page: 2, pageSize: MESSAGES_PAGE_SIZE }),
          countMessagesByStatus(),
          getMessage(someMessage),
        ]),
    ],
  ]
  const journal: [string, string][] = [
    ['Journal, première page', ''],
    ['Journal, filtre action « update », page 3', await pageFurther('?action=update', 2)],
    ['Journal, filtre utilisateur', `?userId=${user}`],
    ['Journal, filtres action + type de ressource', '?action=delete&resourceType=project'],
    ['Journal, filtre type de ressource', '?resourceType=blog'],
    ['Journal, filtres utilisateur + action', `?userId=${user}&action=update`],
    ['Journal, consultations de pages affichées', '?pageViews=1'],
    ['Journal, page 20', await pageFurther('?', 19)],
    ['Journal, milieu du journal, plus anciennes', `?apres=${middle}`],
    ['Journal, milieu du journal, plus récentes', `?avant=${middle}`],
  ]
  for (const [label, search] of journal)
    cases.push([label, ACTIVITY_TARGET_MS, () => activityTab(search)])

  const [first] = await activityTab('')
  console.log(
    `\nJournal : ${first.capped ? 'plus de ' : ''}${first.count.toLocaleString('fr-FR')} entrées comptées (borne ADR 098)`,
  )
  console.log(
    `\nMédiane sur ${RUNS} exécutions (objectifs : messages < ${TARGET_MS} ms, journal ≤ ${ACTIVITY_TARGET_MS} ms) :`,
  )
  let slow = 0
  for (const [label, aim, run] of cases) {
    const ms = await median(run)
    const ok = ms <= aim
    if (!ok) slow += 1
    console.log(`  ${ok ? '✓' : '✗'} ${label.padEnd(55)} ${ms.toFixed(1).padStart(7)} ms`)
  }
  console.log(
    slow === 0 ? '\nTous les cas sont sous l’objectif.' : `\n${slow} cas au-dessus de l’objectif.`,
  )
}

/** Published posts as an import leaves them: a few paragraphs, a category, tags, spread over years. */
function fillPosts(handle: DatabaseHandle) {
  const r = rng(3)
  const insert = handle.sqlite.prepare(
    'insert into blog_posts (id, slug, title, excerpt, content, contentHtml, thumbnail, category, tags, readTime, author, createdAt, status, publishedAt, readTimeAuto) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)',
  )
  const words = (
    'design produit été stratégie développement accessibilité performance équipe ' +
    'prototype lenteur écriture forêt recherche utilisateur interface typographie couleur ' +
    'mesure données système architecture migration café atelier réunion'
  ).split(' ')
  const sentence = (n: number) => Array.from({ length: n }, () => pick(words, r)).join(' ') + '.'
  const categories = ['Design', 'Produit', 'Code', 'Carnet', 'Atelier', 'Lectures']
  const now = Date.now()
  fill(handle, POST_COUNT, (i) => {
    const paragraphs = Array.from({ length: 8 }, () => sentence(60))
    const at = new Date(now - Math.floor(((POST_COUNT - i) * 5 * 365 * 86_400_000) / POST_COUNT))
    insert.run(
      createId(),
      `article-importe-${i}`,
      `Article importé ${i} : ${sentence(6)}`,
      sentence(30),
      paragraphs.join('\n\n'),
      paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
      '/demo/blog/design-thinking-et-priorisation.webp',
      pick(categories, r),
      JSON.stringify([pick(words, r), pick(words, r)]),
      5,
      JSON.stringify({ name: 'Camille', avatar: '' }),
      at.toISOString(),
      'published',
      at.toISOString(),
    )
  })
}

/** The machine's load averages (1, 5, 15 min): figures from a loaded machine are not comparable. */
function printLoad(when: string) {
  const load = os.loadavg().map((n) => n.toFixed(2))
  console.log(`Charge de la machine ${when} : ${load.join(' / ')} (${os.cpus().length} cœurs)`)
}

async function benchPosts() {
  printLoad('au début')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'))
  const handle = openDatabase(path.join(dir, 'vitrine.db'))
  handle.sqlite.exec('PRAGMA synchronous = OFF')
  try {
    await migrateToLatest(handle.db)
    setDatabase(handle)
    const t0 = performance.now()
    fillPosts(handle)
    console.log(
      `${POST_COUNT.toLocaleString('fr-FR')} articles insérés (index plein texte compris) en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    handle.sqlite.exec('ANALYZE')
    handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    handle.sqlite.exec('PRAGMA synchronous = FULL')
    const query = (search: string) => readAdminListQuery(new URLSearchParams(search))
    const cases: [string, () => Promise<unknown>][] = [
      ['Admin, articles, première page', () => listAdminBlogPosts(query(''))],
      [
        'Admin, articles, recherche « forêt » + statut publié',
        () => listAdminBlogPosts(query('q=foret&statut=published')),
      ],
      [
        'Admin, articles, page 60, tri par titre',
        () => listAdminBlogPosts(query('page=60&tri=title')),
      ],
      ['Blog public, page 1 (lecture sans cache)', () => listPostSummaryPage({}, 1)],
      [
        'Blog public, recherche « stratégie design », page 1',
        () => listPostSummaryPage({ q: 'stratégie design' }, 1),
      ],
      ['Blog public, page 100', () => listPostSummaryPage({}, 100)],
      ['Blog public, étiquette « forêt », page 1', () => listPostSummaryPage({ tag: 'forêt' }, 1)],
    ]
    console.log(`\nMédiane sur ${RUNS} exécutions (objectif < ${TARGET_MS} ms) :`)
    for (const [label, run] of cases) {
      const ms = await median(run)
      console.log(
        `  ${ms < TARGET_MS ? '✓' : '✗'} ${label.padEnd(55)} ${ms.toFixed(1).padStart(7)} ms`,
      )
    }
    await renderBlog(dir)
    printLoad('à la fin')
  } finally {
    setDatabase(undefined)
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** /blog through the production build's request handler, page cache off (as bench:render). */
async function renderBlog(dataDir: string) {
  const serverBuild = path.resolve(import.meta.dirname, '../build/server/index.js')
  if (!existsSync(serverBuild)) {
    console.log('\n(pas de build : `npm run build` pour mesurer /blog rendu)')
    return
  }
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost',
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'error',
    PAGE_CACHE: 'false',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  })
  // Loaded now, after NODE_ENV: React's production build, as the server's own.
  const { createRequestHandler } = await import('react-router')
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
  const entry = build.entry.module as unknown as {
    startApp?(): Promise<void>
    stopApp?(): Promise<void>
  }
  await entry.startApp?.()
  try {
    const handler = createRequestHandler(build, 'production')
    console.log(`\n/blog rendu par le build, cache de pages coupé (objectifs 60 Ko, 20 ms) :`)
    for (const pathname of ['/blog', '/blog?page=100', '/blog?q=for%C3%AAt']) {
      let bytes = 0
      let gzipped = 0
      const ms = await median(async () => {
        const response = await handler(new Request(`http://localhost${pathname}`))
        if (response.status !== 200) throw new Error(`${pathname} a répondu ${response.status}`)
        const body = await response.text()
        bytes = Buffer.byteLength(body)
        gzipped = gzipSync(body).byteLength
        if (process.env.BENCH_DUMP)
          writeFileSync(path.join(process.env.BENCH_DUMP, `${bytes}.html`), body)
      })
      console.log(
        `  ${pathname.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(7)} Ko (${(gzipped / 1024).toFixed(1)} Ko en gzip) ${ms.toFixed(1).padStart(7)} ms`,
      )
    }
  } finally {
    await entry.stopApp?.()
  }
}

await (POST_COUNT > 0 ? benchPosts() : POSTGRES ? mainPostgres() : main())
process.exit(0)
