// Express entry: headers, redirects, static files, then React Router for everything else.
import { createRequestHandler } from '@react-router/express'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
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
  drainUnreadBody,
  errorHandler,
  malformedPathGuard,
  responseRules,
} from './request-guard.ts'
import { parseTrustProxy } from '#app/server/proxy-trust.server.ts'

interface AppEntry {
  startApp(): Promise<void>
  stopApp(): Promise<void>
  StartupError: new (...args: never[]) => Error
}

const isDev = process.env.NODE_ENV === 'development'
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'

console.log(`Vitrine — Node ${process.version}, ${isDev ? 'développement' : 'production'}`)

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
app.use(malformedPathGuard)
app.use(responseRules)
app.use(canonicalHostRedirect)
app.use(securityHeaders)
app.use(clientIpHeader)
app.use(originCheck)
app.use(bodySizeLimit())
app.use(bodyShapeGuard)
app.use(drainUnreadBody)
app.use(compression())

let build: () => Promise<ServerBuild>
if (isDev) {
  const vite = await import('vite')
  const viteServer = await vite.createServer({ server: { middlewareMode: true } })
  app.use(viteServer.middlewares)
  build = () =>
    viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
  const serverBuild = (await import(
    pathToFileURL(path.join(buildDir, 'server/index.js')).href
  )) as ServerBuild
  build = async () => serverBuild
  // Hashed assets never change: cache them for a year.
  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  )
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }))
}

const entry = (await build()).entry.module as unknown as AppEntry
try {
  await entry.startApp()
} catch (error) {
  if (error instanceof entry.StartupError) {
    console.error(`\nDémarrage impossible : ${error.message}\n`)
    process.exit(1)
  }
  throw error
}

app.all('/{*splat}', createRequestHandler({ build }))

app.use(errorHandler)

const server = app.listen(port, host, () => {
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  console.log(`Vitrine est prêt sur http://localhost:${actualPort}`)
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
