// Render threads (ADR 056): anonymous public pages rendered on the machine's other cores.
//
// A page render is CPU on one thread: with the page cache off or missed, one Node thread
// renders about one page per millisecond and leaves the other cores idle. Here, while renders
// queue up (server/fair-start.ts has requests waiting), the main thread hands some of them to
// render threads: a GET of a public page or of its page-change data, without a cookie of
// ours or an Authorization header (what the page cache shares too). Everything else, and
// every request while nothing queues, is rendered by the main thread as before: a quiet
// site pays nothing, not even a thread, and a thread left idle is stopped.
//
// A render thread runs the same build on a read-only database connection and follows the
// main thread's content generation (app/server/render-reader.server.ts). Its answer goes
// through Express as the main thread's would (page cache capture, compression, the log).
// Should a thread decline (not a public page), fail or die, the main thread renders the
// request itself: nothing is lost.
import type { Request as ExpressRequest } from 'express'
import { Worker } from 'node:worker_threads'
import { isSharedRequest } from './page-cache.ts'
import { headerPairs, isDocumentGet, requestUrl } from './react-router-handler.ts'
import type { RenderControl, RenderJob, RenderReply, RenderThreadData } from './render-protocol.ts'

export type Rendered = Extract<RenderReply, { body: Uint8Array }>

export interface RenderWorkersOptions {
  /** How many threads at most (RENDER_THREADS). */
  threads: number
  /** The worker script: server/render-thread.ts, or its bundle beside build/server-entry.js. */
  script: URL
  data: RenderThreadData
  /** The main thread's content generation (sent with each job). */
  generation(): number
  /** How many requests wait to start on the main thread (server/fair-start.ts). */
  waiting(): number
  /** Jobs one thread holds at most; beyond, the main thread renders (default 4). */
  perThread?: number
  /** A thread without a job this long is stopped, its memory given back (default 1,000). */
  idleMs?: number
  /** Every eligible request goes to a thread, queue or not (tests, RENDER_THREADS_ALWAYS). */
  always?: boolean
  log?: (message: string) => void
}

/** RENDER_THREADS: how many render threads at most; none when unset. Throws in French. */
export function parseRenderThreads(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0
  const count = Number(value)
  if (Number.isInteger(count) && count >= 0 && count <= 16) return count
  throw new Error(`RENDER_THREADS invalide (« ${value} ») : un entier de 0 à 16 est attendu.`)
}

/** Shared paths not sent to a thread: a thread would only decline them (resources, account). */
const MAIN_THREAD_ONLY = /^\/(?:media|compte)(?:[/?.]|$)/

interface Thread {
  worker: Worker
  /** Started and not stopping: takes jobs. */
  ready: boolean
  /** Asked to compact and exit (idle). */
  stopping: boolean
  jobs: Map<number, (reply: RenderReply | undefined) => void>
  idleTimer?: ReturnType<typeof setTimeout>
  /** Settles when the thread is ready (true) or exits before (false). */
  started: Promise<boolean>
}

export class RenderWorkers {
  readonly #options: Required<Omit<RenderWorkersOptions, 'log'>> & Pick<RenderWorkersOptions, 'log'>
  readonly #threads: Thread[] = []
  #nextId = 1
  #failures = 0
  #stopped = false
  /** Figures for the benchmarks and tests. */
  readonly stats = { rendered: 0, declined: 0, failed: 0, started: 0 }

  constructor(options: RenderWorkersOptions) {
    this.#options = { perThread: 4, idleMs: 1000, always: false, ...options }
  }

  /** Whether this request may be rendered on a thread at all. */
  eligible(req: ExpressRequest): boolean {
    const url = req.originalUrl
    return req.method === 'GET' && isSharedRequest(url, req.headers) && !MAIN_THREAD_ONLY.test(url)
  }

  /**
   * A thread's answer for `req`, or undefined when the main thread renders it: nothing
   * waits (no contention), every thread is full or starting, or the thread declined/failed.
   */
  async render(req: ExpressRequest): Promise<Rendered | undefined> {
    if (this.#stopped || this.#options.threads <= 0 || !this.eligible(req)) return undefined
    const thread = this.#pick() ?? (this.#options.always ? await this.#started() : undefined)
    if (!thread || this.#stopped) return undefined
    const id = this.#nextId++
    const url = requestUrl(req)
    const job: RenderJob = {
      id,
      url: url.href,
      headers: headerPairs(req.headers),
      document: isDocumentGet(req.method, url),
      generation: this.#options.generation(),
    }
    clearTimeout(thread.idleTimer)
    const reply = await new Promise<RenderReply | undefined>((resolve) => {
      thread.jobs.set(id, resolve)
      thread.worker.postMessage(job)
    })
    if (thread.jobs.size === 0) this.#armIdle(thread)
    // A 500 may be the thread's own limit (a loader that writes, refused by its read-only
    // connection): the main thread renders it again, and says what it says.
    if (reply && 'body' in reply && reply.status !== 500) {
      this.stats.rendered += 1
      return reply
    }
    if (reply && 'declined' in reply) this.stats.declined += 1
    else this.stats.failed += 1
    return undefined
  }

  /** RENDER_THREADS_ALWAYS: the thread being started, once it is ready. */
  async #started(): Promise<Thread | undefined> {
    const starting = this.#threads.find((thread) => !thread.ready && !thread.stopping)
    return starting && (await starting.started) ? starting : undefined
  }

  /** A ready thread with room while requests queue; starts one when none is running. */
  #pick(): Thread | undefined {
    const busy = this.#threads.some((thread) => thread.jobs.size > 0)
    if (!this.#options.always && !busy && this.#options.waiting() === 0) return undefined
    let best: Thread | undefined
    for (const thread of this.#threads)
      if (thread.ready && thread.jobs.size < this.#options.perThread)
        if (!best || thread.jobs.size < best.jobs.size) best = thread
    if (this.running < this.#options.threads && (!best || best.jobs.size > 0)) this.#start()
    return best
  }

  #start() {
    // A thread that cannot start (a broken build, a missing database) is not retried forever.
    if (this.#failures >= 3) return
    let worker: Worker
    try {
      // V8's flags of the process (heap sizes, GC) apply to its threads too.
      worker = new Worker(this.#options.script, { workerData: this.#options.data })
    } catch (error) {
      this.#failures += 1
      this.#options.log?.(`Fil de rendu impossible à démarrer : ${(error as Error).message}`)
      return
    }
    let settle: (ready: boolean) => void = () => {}
    const started = new Promise<boolean>((resolve) => (settle = resolve))
    const thread: Thread = { worker, ready: false, stopping: false, jobs: new Map(), started }
    this.#threads.push(thread)
    this.stats.started += 1
    worker.on('message', (reply: RenderReply) => {
      if ('ready' in reply) {
        thread.ready = true
        settle(true)
        this.#failures = 0
        this.#armIdle(thread)
        return
      }
      if ('compacted' in reply) {
        void worker.terminate()
        return
      }
      const resolve = thread.jobs.get(reply.id)
      thread.jobs.delete(reply.id)
      resolve?.(reply)
    })
    worker.on('error', (error) => {
      if (!thread.ready) this.#failures += 1
      this.#options.log?.(`Fil de rendu arrêté sur une erreur : ${error.message}`)
    })
    worker.on('exit', () => {
      thread.ready = false
      settle(false)
      const index = this.#threads.indexOf(thread)
      if (index >= 0) this.#threads.splice(index, 1)
      clearTimeout(thread.idleTimer)
      // Its jobs are rendered by the main thread.
      for (const resolve of thread.jobs.values()) resolve(undefined)
      thread.jobs.clear()
    })
  }

  /**
   * An idle thread is stopped: it first compacts its heap, then exits. V8 keeps the pages of
   * a heap torn down with its thread for some eight seconds before unmapping them (measured:
   * 300 MB held 8 s after `terminate()`), while a compaction gives them back at once.
   */
  #armIdle(thread: Thread) {
    clearTimeout(thread.idleTimer)
    thread.idleTimer = setTimeout(() => {
      if (thread.jobs.size > 0 || !thread.ready) return
      thread.ready = false
      thread.stopping = true
      thread.worker.postMessage({ compact: true } satisfies RenderControl)
    }, this.#options.idleMs)
    thread.idleTimer.unref()
  }

  /** Threads running or starting (not those stopping). */
  get running(): number {
    return this.#threads.filter((thread) => !thread.stopping).length
  }

  /** Stops every thread (shutdown); later requests are rendered by the main thread. */
  async stop(): Promise<void> {
    this.#stopped = true
    await Promise.all(this.#threads.map((thread) => thread.worker.terminate()))
  }
}
