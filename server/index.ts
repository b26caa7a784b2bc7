// Express entry: one pipeline for every request (ADR 078): the guards, headers and redirects,
// compression, static files, the page cache, then React Router's own Express adapter.
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import {
  bodySizeLimit,
  canonicalHostRedirect,
  clientIpHeader,
  originCheck,
  requestLog,
  securityHeaders,
} from './middleware.ts'
import {
  bodyShapeGuard,
  canonicalLanguagePrefix,
  drainUnreadBody,
  errorHandler,
  hostGuard,
  malformedPathGuard,
  methodGuard,
  responseRules,
} from './request-guard.ts'
import { parseServerEnv, StartupError, type ServerEnv } from '#app/server/core/env.server.ts'
import { PageCache, pageCacheMiddleware } from './page-cache/index.ts'
import { staticFiles } from './static-files.ts'
import { fairStart } from './fair-start.ts'
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
  countRefusal(path: string, ip: string): Promise<string | null>
  confirmExternalChanges(): Promise<void> | undefined
}

// The variables of this layer, parsed once by the app's schema (the app parses the rest).
let env: ServerEnv
try {
  env = parseServerEnv()
} catch (error) {
  if (!(error instanceof StartupError)) throw error
  console.error(`\nDémarrage impossible : ${error.message}\n`)
  process.exit(1)
}
const isDev = env.NODE_ENV === 'development'
const { PORT: port, HOST: host } = env

console.log(`Vitrine — Node ${process.version}, ${isDev ? 'développement' : 'production'}`)
// Start-up timing (ADR 030): performance.now() counts from the process start.
const startup = { modules: performance.now(), build: 0, app: 0 }

const app = express()
app.disable('x-powered-by')
// TRUST_PROXY: hops or proxy addresses, never "whatever the client wrote" (ADR 024).
if (env.TRUST_PROXY !== false) app.set('trust proxy', env.TRUST_PROXY)
app.use(requestLog)
app.use(hostGuard)
app.use(methodGuard)
app.use(malformedPathGuard)
app.use(canonicalLanguagePrefix)
app.use(responseRules)
app.use(canonicalHostRedirect({ forceHttps: env.FORCE_HTTPS, previewHost: env.PREVIEW_HOST }))
app.use(securityHeaders)
app.use(clientIpHeader)
// First of the body rules: any refusal below answers before reading the body.
app.use(drainUnreadBody)
app.use(originCheck)
app.use(bodySizeLimit())
// Refusals counted by the app's own rate limiter (one store per process).
app.use(bodyShapeGuard((path, ip) => entry.countRefusal(path, ip)))
app.use(compression())

let build: () => Promise<ServerBuild>
let handlerBuild: ServerBuild | (() => Promise<ServerBuild>)
if (isDev) {
  const vite = await import('vite')
  const viteServer = await vite.createServer({ server: { middlewareMode: true } })
  app.use(viteServer.middlewares)
  build = () =>
    viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  handlerBuild = build
} else {
  const buildDir = path.resolve(env.BUILD_DIR)
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

// On PostgreSQL, a save acknowledged by another server before this request arrived is
// counted before any cache is read: one round trip on the listening connection, shared by the
// requests that arrive meanwhile (ADR 078).
if (entry.externalChangesArriveAsEvents()) {
  app.use((_req, _res, next) => {
    const confirmed = entry.confirmExternalChanges()
    if (confirmed === undefined) return next()
    confirmed.then(() => next(), next)
  })
}

// Anonymous public pages from memory (ADRs 026, 029), after every guard above, so a hit and a
// miss pass the same rules (ADR 078); PAGE_CACHE=false turns it off. On PostgreSQL, looked up
// after the poll phase that read the request: other servers' commits arrive as notifications
// read in that phase too (ADR 051).
if (!isDev && env.PAGE_CACHE) {
  const cache = new PageCache({
    generation: () => entry.contentGeneration(),
    turnGeneration: () => entry.contentGenerationThisTurn(),
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
  })
  app.use(pageCacheMiddleware(cache, { answerAfterPoll: entry.externalChangesArriveAsEvents() }))
}

// React Router's own Express adapter (ADR 078). Production hands it the build object itself:
// given a function, it rebuilds its routes on each request (ADR 027).
const handler = createRequestHandler({ build: handlerBuild, mode: env.NODE_ENV })
// Statistics beacons: answered at once, not queued behind renders (ADR 072).
app.post(STATS_BEACON_PATH, handler)
// Renders start in arrival order, one per event-loop turn (ADR 031: tail latency).
app.all('/{*splat}', fairStart(), handler)

app.use(errorHandler)

const server = http.createServer(originFormFirst(app))
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
