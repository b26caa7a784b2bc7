// Express entry: headers, redirects, static files, then React Router for everything else.
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import {
  bodySizeLimit,
  canonicalHostRedirect,
  clientIpHeader,
  redirectsHost,
  originCheck,
  requestLog,
  securityHeaders,
} from './middleware.ts'
import {
  bodyShapeGuard,
  drainUnreadBody,
  errorHandler,
  hostGuard,
  isDecodablePath,
  malformedPathGuard,
  methodGuard,
  responseRules,
} from './request-guard.ts'
import { parseTrustProxy } from '#app/server/http/proxy-trust.server.ts'
import { PageCache, hitsThenApp, pageCacheCapture, pageCacheHits } from './page-cache/index.ts'
import { staticFiles } from './static-files.ts'
import { hitLogger, requestIsSecure } from './fast-path.ts'
import { fairStart } from './fair-start.ts'
import { createFetchHandler, createRequestHandler } from './react-router-handler.ts'
import { STATS_BEACON_PATH } from '#app/domain/analytics-beacon.ts'
import { originFormFirst } from './request-url.ts'

interface AppEntry {
  startApp(): Promise<void>
  stopApp(): Promise<void>
  StartupError: new (...args: never[]) => Error
  contentGeneration(): number
  contentGenerationThisTurn(): number
  requestArrived(): void
  shareProbeBetweenRequests(): void
  externalChangesArriveAsEvents(): boolean
  beaconResponse(request: Request): Promise<Response>
}

const isDev = process.env.NODE_ENV === 'development'
const megabytes = (value: string | undefined, fallback: number) =>
  Number(value) > 0 ? Number(value) : fallback
// Blank is unset, as in app/server/core/env.server.ts (which refuses anything else at start-up).
const port = Number(process.env.PORT?.trim() || 3000)
const host = process.env.HOST?.trim() || '0.0.0.0'

console.log(`Vitrine — Node ${process.version}, ${isDev ? 'développement' : 'production'}`)
// Start-up timing (ADR 030): performance.now() counts from the process start.
const startup = { modules: performance.now(), build: 0, app: 0 }

const app = express()
app.disable('x-powered-by')
// TRUST_PROXY: hops or proxy addresses, never "whatever the client wrote" (ADR 024).
try {
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
  if (trustProxy !== false) app.set('trust proxy', trustProxy)
} catch (error) {
  console.error(`\nDémarrage impossible : ${(error as Error).message}\n`)
  process.exit(1)
}
app.use(requestLog)
app.use(hostGuard)
app.use(methodGuard)
app.use(malformedPathGuard)
app.use(responseRules)
app.use(canonicalHostRedirect)
app.use(securityHeaders)
app.use(clientIpHeader)
// First of the body rules: any refusal below answers before reading the body.
app.use(drainUnreadBody)
app.use(originCheck)
app.use(bodySizeLimit())
app.use(bodyShapeGuard)
// Anonymous public pages from memory (ADRs 026, 029); PAGE_CACHE=false turns it off. Hits are
// answered by the http server before Express (below); misses are recorded after compression.
const pageCache =
  !isDev && !['0', 'false', 'no'].includes(process.env.PAGE_CACHE ?? 'true')
    ? new PageCache({
        generation: () => entry.contentGeneration(),
        turnGeneration: () => entry.contentGenerationThisTurn(),
        maxBytes: megabytes(process.env.PAGE_CACHE_MAX_MB, 16) * 1024 * 1024,
      })
    : undefined
app.use(compression())

let build: () => Promise<ServerBuild>
// Production hands React Router the build object itself: given a function, it rebuilds its
// routes and recompiles every path pattern on each request (ADR 027).
let handlerBuild: ServerBuild | (() => Promise<ServerBuild>)
if (isDev) {
  const vite = await import('vite')
  const viteServer = await vite.createServer({ server: { middlewareMode: true } })
  app.use(viteServer.middlewares)
  build = () =>
    viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  handlerBuild = build
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
  const serverBuild = (await import(
    pathToFileURL(path.join(buildDir, 'server/index.js')).href
  )) as ServerBuild
  build = async () => serverBuild
  handlerBuild = serverBuild
  // Files listed once at start-up; hashed assets immutable; precompressed variants (ADR 027).
  app.use(staticFiles(path.join(buildDir, 'client')))
}

const entry = (await build()).entry.module as unknown as AppEntry
startup.build = performance.now()
try {
  await entry.startApp()
  startup.app = performance.now()
} catch (error) {
  if (error instanceof entry.StartupError) {
    console.error(`\nDémarrage impossible : ${error.message}\n`)
    process.exit(1)
  }
  throw error
}

if (pageCache) app.use(pageCacheCapture(pageCache))

// Statistics beacons: answered at once, not queued behind renders (ADR 072).
app.post(
  STATS_BEACON_PATH,
  createFetchHandler((request) => entry.beaconResponse(request)),
)

// Renders start in arrival order, one per event-loop turn (ADR 031: tail latency).
app.all('/{*splat}', fairStart(), createRequestHandler({ build: handlerBuild }))

app.use(errorHandler)

// Page-cache hits are answered by the `http` server's request listener, before Express, with
// the same rules (ADR 029). On PostgreSQL, after the poll phase that read them: other servers'
// commits arrive as notifications read in that phase too (ADR 051).
const hitOptions = {
  isSecure: (req: Parameters<typeof requestIsSecure>[1]) => requestIsSecure(app, req),
  redirects: redirectsHost,
  refusesPath: (raw: string) => !isDecodablePath(raw),
  log: hitLogger(),
  answerAfterPoll: entry.externalChangesArriveAsEvents(),
}
const hits = pageCache ? pageCacheHits(pageCache, hitOptions) : undefined
const server = http.createServer(
  originFormFirst(hitsThenApp(hits, app, hitOptions.answerAfterPoll)),
)
// Cached reads share one external-change probe between request arrivals (ADR 046).
entry.shareProbeBetweenRequests()
server.prependListener('request', entry.requestArrived)
// A port in use or an address this machine does not have: said in French, not a stack.
server.once('error', (error: NodeJS.ErrnoException) => {
  const reason =
    error.code === 'EADDRINUSE'
      ? `le port ${port} est déjà utilisé (un autre Vitrine ou un autre service ?) : choisissez-en un autre avec PORT`
      : error.code === 'EACCES'
        ? `le port ${port} demande des droits d'administrateur : choisissez un port au-dessus de 1024 avec PORT`
        : error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL'
          ? `l'adresse HOST « ${host} » n'est pas une adresse de cette machine`
          : error.message
  console.error(`\nDémarrage impossible : ${reason}.\n`)
  process.exit(1)
})
server.listen(port, host, () => {
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const ms = (n: number) => `${Math.round(n)} ms`
  console.log(
    `Vitrine est prêt sur http://localhost:${actualPort} (en ${ms(performance.now())} : ` +
      `modules ${ms(startup.modules)}, application ${ms(startup.build - startup.modules)}, ` +
      `démarrage ${ms(startup.app - startup.build)})`,
  )
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal} reçu : arrêt en cours…`)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  // In-flight requests finish; idle keep-alive sockets close now.
  server.close(async () => {
    await entry.stopApp()
    console.log('Arrêt terminé.')
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
