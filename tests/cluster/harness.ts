// A real cluster for the cross-process tests and `bench:http -- --postgres` (ADR 034):
// a throw-away PostgreSQL (tests/setup/postgres.ts), N app servers from the production build
// (`node server/index.ts`) on it, sharing DATABASE_URL, BETTER_AUTH_SECRET and MEDIA_DIR, each
// with its own DATA_DIR and port, and a small reverse proxy written with node:http in front:
// round-robin on one port, pinned to one server on each of the others, appending the client
// address to X-Forwarded-For as nginx's $proxy_add_x_forwarded_for does (TRUST_PROXY=1).
// `stop()` kills everything; an exit of the test process kills the servers too.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../../scripts/lib/free-port.ts'
import { startPostgres, type PostgresServer } from '../setup/postgres.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
/** The one secret every server signs sessions with (env.server.ts would make one per DATA_DIR). */
export const CLUSTER_AUTH_SECRET = 'cluster-secret-cluster-secret-cluster-42'
export const CLUSTER_DATABASE = 'vitrine'

export interface ClusterServer {
  /** 'A', 'B', … */
  name: string
  port: number
  /** The server itself, without the proxy. */
  origin: string
  /** The proxy port that always forwards to this server. */
  viaProxy: string
  dataDir: string
  child: ChildProcess
  /** What the server printed (diagnostics). */
  output(): string
  /** SIGKILL (or another signal) and wait for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>
  /** Starts it again (same port, DATA_DIR and environment) and waits until /healthz answers. */
  start(): Promise<void>
}

export interface Cluster {
  postgres: PostgresServer
  databaseUrl: string
  mediaDir: string
  servers: ClusterServer[]
  /** The round-robin proxy: what a visitor's browser talks to (PUBLIC_URL). */
  origin: string
  /** PostgreSQL's postmaster pid (for RSS figures). */
  postgresPid(): number
  stop(): Promise<void>
}

export interface ClusterOptions {
  servers?: number
  /** Environment for every server (PAGE_CACHE, SMTP_URL, …). */
  env?: Record<string, string>
  /** Environment of one server (index 0 is A), over `env`. */
  serverEnv?: (index: number) => Record<string, string>
  /** Extra node flags (the bench passes `npm start`'s). */
  nodeArgs?: string[]
  /** Keep the servers' output out of memory (the bench). */
  quiet?: boolean
  /** An existing PostgreSQL server and database to use instead of a new one (bench). */
  postgres?: { server: PostgresServer; database: string }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitHealthy(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server ${origin} exited:\n${output()}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  throw new Error(`server ${origin} not healthy after 120 s:\n${output()}`)
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await Promise.race([exited, sleep(5_000)])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}

/** Creates the cluster's database on `server` (migrated by the first app server). */
export async function createClusterDatabase(server: PostgresServer, name: string) {
  const client = new pg.Client({ connectionString: server.url('postgres') })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.servers ?? 2
  const cleanups: (() => Promise<void> | void)[] = []
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step()
      } catch (error) {
        process.stderr.write(`cluster clean-up: ${(error as Error).message}\n`)
      }
    }
  }
  try {
    let postgres: PostgresServer
    let databaseUrl: string
    if (options.postgres) {
      postgres = options.postgres.server
      databaseUrl = postgres.url(options.postgres.database)
    } else {
      postgres = await startPostgres()
      cleanups.push(() => postgres.stop())
      await createClusterDatabase(postgres, CLUSTER_DATABASE)
      databaseUrl = postgres.url(CLUSTER_DATABASE)
    }
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-media-'))
    cleanups.push(() => rmSync(mediaDir, { recursive: true, force: true }))

    const servers: ClusterServer[] = []
    const proxy = await startProxy(servers, count)
    cleanups.push(() => proxy.close())

    const makeServer = async (index: number): Promise<ClusterServer> => {
      const name = String.fromCharCode(65 + index)
      const port = await freePort()
      const origin = `http://127.0.0.1:${port}`
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `vitrine-cluster-${name}-`))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      let log = ''
      const server: ClusterServer = {
        name,
        port,
        origin,
        viaProxy: proxy.pinned(index),
        dataDir,
        child: undefined as unknown as ChildProcess,
        output: () => log,
        async kill(signal = 'SIGKILL') {
          await stopChild(server.child, signal)
        },
        async start() {
          log = ''
          const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'server/index.ts'], {
            cwd: ROOT,
            env: {
              ...process.env,
              NODE_ENV: 'production',
              PORT: String(port),
              HOST: '127.0.0.1',
              DATA_DIR: dataDir,
              DATABASE_URL: databaseUrl,
              MEDIA_DIR: mediaDir,
              BETTER_AUTH_SECRET: CLUSTER_AUTH_SECRET,
              PUBLIC_URL: proxy.origin,
              TRUST_PROXY: '1',
              DEMO_CONTENT: 'true',
              LOG_LEVEL: 'warn',
              ...options.env,
              ...options.serverEnv?.(index),
            },
            stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe'],
          })
          server.child = child
          child.stdout?.on('data', (d: Buffer) => (log += d))
          child.stderr?.on('data', (d: Buffer) => {
            log += d
            if (options.quiet) process.stderr.write(d)
          })
          await waitHealthy(origin, child, () => log)
        },
      }
      cleanups.push(() => stopChild(server.child))
      return server
    }

    // The first server migrates the database and seeds the demo content; the others find
    // both done (they also could start at once: ADR 028's start-up lock).
    const first = await makeServer(0)
    servers.push(first)
    await first.start()
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => makeServer(i + 1)))
    servers.push(...rest)
    await Promise.all(rest.map((s) => s.start()))

    // A test process that dies (crash, Ctrl-C) must not leave servers behind.
    const onExit = () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL')
    }
    process.once('exit', onExit)
    cleanups.push(() => void process.off('exit', onExit))

    return {
      postgres,
      databaseUrl,
      mediaDir,
      servers,
      origin: proxy.origin,
      postgresPid: () => postmasterPid(postgres),
      stop: cleanup,
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

function postmasterPid(postgres: PostgresServer): number {
  try {
    const text = readFileSync(path.join(postgres.dir, 'data', 'postmaster.pid'), 'utf8')
    return Number(text.split('\n')[0])
  } catch {
    return NaN
  }
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']

interface Proxy {
  origin: string
  /** Origin of the port pinned to server `index`. */
  pinned(index: number): string
  close(): Promise<void>
}

/**
 * The reverse proxy: one round-robin port (a server that refuses connections is skipped, as
 * nginx's `proxy_next_upstream error` does), and one port per server. Bodies are read in full
 * first (test requests are small), so a refused connection can be retried on the next server.
 */
async function startProxy(servers: ClusterServer[], count: number): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  let next = 0
  const listeners: http.Server[] = []
  const pinnedPorts: number[] = []

  const forward =
    (order: () => ClusterServer[]) => (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('error', () => res.destroy())
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        const targets = order()
        const headers: http.OutgoingHttpHeaders = { ...req.headers }
        for (const h of HOP_BY_HOP) delete headers[h]
        const client = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? ''
        const prior = req.headers['x-forwarded-for']
        headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client
        headers['x-forwarded-proto'] = 'http'
        headers['x-forwarded-host'] = req.headers.host
        if (body.length > 0 || !['GET', 'HEAD'].includes(req.method ?? 'GET'))
          headers['content-length'] = String(body.length)
        const attempt = (i: number) => {
          const target = targets[i]
          if (!target) {
            res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway')
            return
          }
          const upstream = http.request(
            {
              host: '127.0.0.1',
              port: target.port,
              method: req.method,
              path: req.url,
              headers,
              agent,
            },
            (answer) => {
              const out = { ...answer.headers }
              for (const h of HOP_BY_HOP) delete out[h]
              res.writeHead(answer.statusCode ?? 502, out)
              answer.pipe(res)
              answer.on('error', () => res.destroy())
            },
          )
          upstream.on('error', (error: NodeJS.ErrnoException) => {
            // Nothing reached the server: another one may answer. Anything else is the client's
            // to see (a cut connection, as a real proxy would show it).
            if (!res.headersSent && error.code === 'ECONNREFUSED') return attempt(i + 1)
            if (!res.headersSent)
              res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway')
            else res.destroy()
          })
          upstream.end(body)
        }
        attempt(0)
      })
    }

  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer({ keepAliveTimeout: 5_000 }, handler)
    listeners.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }

  const roundRobin = await listen(
    forward(() => {
      const start = next++ % Math.max(servers.length, 1)
      return [...servers.slice(start), ...servers.slice(0, start)]
    }),
  )
  // Servers are added to `servers` after the proxy starts: look them up per request.
  for (let i = 0; i < count; i++)
    pinnedPorts.push(await listen(forward(() => [servers[i]!].filter(Boolean))))
  return {
    origin: `http://127.0.0.1:${roundRobin}`,
    pinned: (index) => `http://127.0.0.1:${pinnedPorts[index]}`,
    async close() {
      for (const server of listeners) {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
      agent.destroy()
    },
  }
}
