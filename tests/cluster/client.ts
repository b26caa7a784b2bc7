// A small HTTP client for the cluster tests: node:http (no redirects followed, every
// Set-Cookie kept), from a chosen loopback address. Each simulated visitor connects from
// its own 127.x.y.z, which the proxy appends to X-Forwarded-For: the servers (TRUST_PROXY=1)
// see distinct clients, as behind a real load balancer.
import http from 'node:http'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface RequestOptions {
  method?: 'GET' | 'POST'
  /** Sent as application/x-www-form-urlencoded (a form without JavaScript). */
  form?: Record<string, string>
  /** The visitor's loopback address (127.0.0.1 when absent). */
  from?: string
  cookies?: CookieJar
  headers?: Record<string, string>
}

let visitors = 0
/** A fresh loopback address for one simulated visitor (127.42.x.y). */
export function newVisitorAddress(): string {
  visitors += 1
  return `127.42.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`
}

/** Cookies by name, as a browser keeps them for one site (no Path or expiry handling). */
export class CookieJar {
  readonly values = new Map<string, string>()
  store(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.values.delete(name)
      else this.values.set(name, value)
    }
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

export function request(origin: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
  const url = new URL(path, origin)
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined
  const headers: http.OutgoingHttpHeaders = { accept: 'text/html', ...opts.headers }
  if (body !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    headers['content-length'] = Buffer.byteLength(body)
  }
  const cookie = opts.cookies?.header()
  if (cookie) headers.cookie = cookie
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          opts.cookies?.store(res.headers)
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
