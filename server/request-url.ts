// The URL React Router sees for an Express request (the one its own checks compare with).
import type { Request } from 'express'

/** The absolute URL React Router sees for `req`: the adapter's own computation. */
export function requestUrl(req: Request): URL {
  const [, hostnamePortStr] = req.app?.enabled('trust proxy')
    ? (req.get('X-Forwarded-Host')?.split(':') ?? [])
    : []
  const [, hostPortStr] = req.get('host')?.split(':') ?? []
  const hostnamePort = Number.parseInt(hostnamePortStr!, 10)
  const hostPort = Number.parseInt(hostPortStr!, 10)
  const port = Number.isSafeInteger(hostnamePort)
    ? hostnamePort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : ''
  const resolvedHost = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`
  return new URL(`${req.protocol}://${resolvedHost}${req.originalUrl}`)
}
