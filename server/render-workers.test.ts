// ADR 056: which requests render threads take, and that the main thread gets back every
// request a thread cannot answer. Real worker threads running tests/fixtures/
// render-thread-double.ts (the protocol without the app); the real thread, on the real
// build, is tested in the browser suite (tests/e2e/public/render-threads.spec.ts).
import type { Request as ExpressRequest } from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { parseRenderThreads, RenderWorkers, type RenderWorkersOptions } from './render-workers.ts'
import type { RenderJob } from './render-protocol.ts'

const DOUBLE = new URL('../tests/fixtures/render-thread-double.ts', import.meta.url)

function request(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const all: Record<string, string> = { host: 'localhost:3000', ...headers }
  return {
    method,
    originalUrl: url,
    headers: all,
    protocol: 'http',
    hostname: 'localhost',
    app: { enabled: () => false },
    get: (name: string) => all[name.toLowerCase()],
  } as unknown as ExpressRequest
}

let pools: RenderWorkers[] = []
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.stop()))
  pools = []
})

function pool(options: Partial<RenderWorkersOptions> & { failStart?: boolean } = {}) {
  const { failStart, ...rest } = options
  const created = new RenderWorkers({
    threads: 1,
    script: DOUBLE,
    data: {
      buildDir: '/nowhere',
      publicLayout: 'routes/public/layout',
      ...(failStart ? { failStart } : {}),
    } as RenderWorkersOptions['data'],
    generation: () => 7,
    waiting: () => 0,
    always: true,
    idleMs: 60_000,
    ...rest,
  })
  pools.push(created)
  return created
}

const decoded = (body: Uint8Array) => JSON.parse(new TextDecoder().decode(body)) as RenderJob
// A thread's start loads the build: bounded generously (a loaded 2-core machine), within the
// 15 s test time-out.
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 12_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition never met')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('RENDER_THREADS', () => {
  it('is a whole number from 0 to 16, none when unset', () => {
    expect(parseRenderThreads(undefined)).toBe(0)
    expect(parseRenderThreads(' ')).toBe(0)
    expect(parseRenderThreads('0')).toBe(0)
    expect(parseRenderThreads('2')).toBe(2)
    expect(parseRenderThreads('16')).toBe(16)
  })
  it.each(['-1', '17', '1.5', 'deux', 'Infinity'])('refuses %s, in French', (value) => {
    expect(() => parseRenderThreads(value)).toThrow(/RENDER_THREADS invalide .* entier de 0 à 16/)
  })
})

describe('render threads: which requests', () => {
  const workers = pool()
  it.each([
    ['/', {}, 'GET', true],
    ['/blog/un-article?x=1', {}, 'GET', true],
    ['/blog.data?_routes=root', {}, 'GET', true],
    ['/_root.data', {}, 'GET', true],
    ['/', { cookie: '_ga=GA1.1; _pk_id=2' }, 'GET', true],
    ['/', { cookie: 'theme=sombre' }, 'GET', false],
    ['/', { authorization: 'Bearer x' }, 'GET', false],
    ['/', {}, 'HEAD', false],
    ['/contact', {}, 'POST', false],
    ['/admin/projects', {}, 'GET', false],
    ['/admin.data', {}, 'GET', false],
    ['/api/media', {}, 'GET', false],
    ['/login', {}, 'GET', false],
    ['/compte', {}, 'GET', false],
    ['/media/abc.webp', {}, 'GET', false],
    ['/blog/x.data.json', {}, 'GET', false],
    [`/blog?q=${'a'.repeat(2100)}`, {}, 'GET', false],
  ])('%s %o %s → %s', (url, headers, method, expected) => {
    expect(workers.eligible(request(url, headers, method))).toBe(expected)
  })
})

describe('render threads: the pool', () => {
  it('sends a thread the URL, the headers, the kind of request and the main generation', async () => {
    const workers = pool()
    const page = await workers.render(request('/blog?page=2', { 'accept-language': 'fr' }))
    expect(page?.status).toBe(200)
    const job = decoded(page!.body)
    expect(job).toMatchObject({
      url: 'http://localhost:3000/blog?page=2',
      document: true,
      generation: 7,
    })
    expect(job.headers).toContainEqual(['accept-language', 'fr'])
    const data = decoded((await workers.render(request('/blog.data?_routes=root')))!.body)
    expect(data.document).toBe(false)
    expect(workers.stats.rendered).toBe(2)
    expect(workers.stats.started).toBe(1)
  })

  it('takes nothing while no render waits; a queue starts a thread, used once ready', async () => {
    let waiting = 0
    const workers = pool({ always: false, waiting: () => waiting })
    expect(await workers.render(request('/'))).toBeUndefined()
    expect(workers.running).toBe(0)
    waiting = 3
    // The thread starts; the main thread renders meanwhile.
    expect(await workers.render(request('/'))).toBeUndefined()
    expect(workers.running).toBe(1)
    await until(() => workers.stats.started === 1)
    let reply
    const deadline = Date.now() + 12_000
    while (!(reply = await workers.render(request('/'))) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reply?.status).toBe(200)
    expect(workers.running).toBe(1)
  })

  it('gives the main thread what a thread declines, a 500 and the jobs of a thread that died', async () => {
    const workers = pool()
    expect(await workers.render(request('/declined'))).toBeUndefined()
    expect(workers.stats.declined).toBe(1)
    expect(await workers.render(request('/boom'))).toBeUndefined()
    expect(await workers.render(request('/exit'))).toBeUndefined()
    expect(workers.stats.failed).toBe(2)
    // A new thread takes the next request.
    expect((await workers.render(request('/')))?.status).toBe(200)
    expect(workers.stats.started).toBe(2)
  })

  it('holds at most perThread jobs per thread; the rest is rendered by the main thread', async () => {
    const workers = pool({ perThread: 2 })
    await workers.render(request('/')) // started and ready
    const replies = await Promise.all([1, 2, 3].map(() => workers.render(request('/slow'))))
    expect(replies.filter((reply) => reply?.status === 200)).toHaveLength(2)
    expect(replies.filter((reply) => reply === undefined)).toHaveLength(1)
  })

  it('stops an idle thread once it compacted its heap', async () => {
    const workers = pool({ idleMs: 50 })
    expect((await workers.render(request('/')))?.status).toBe(200)
    expect(workers.running).toBe(1)
    await until(() => workers.running === 0)
    // And starts another for the next request.
    expect((await workers.render(request('/')))?.status).toBe(200)
    expect(workers.stats.started).toBe(2)
  })

  it('stops trying after three threads failed to start, and logs why', async () => {
    const logged: string[] = []
    const workers = pool({ failStart: true, log: (message) => logged.push(message) })
    for (let i = 0; i < 5; i++) expect(await workers.render(request('/'))).toBeUndefined()
    expect(workers.stats.started).toBe(3)
    expect(logged).toHaveLength(3)
    expect(logged[0]).toContain('démarrage raté')
  })

  it('renders nothing once stopped', async () => {
    const workers = pool()
    expect((await workers.render(request('/')))?.status).toBe(200)
    await workers.stop()
    expect(await workers.render(request('/'))).toBeUndefined()
    expect(workers.running).toBe(0)
  })
})
