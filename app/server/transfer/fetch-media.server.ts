// Downloads an attachment for the import (ADR 066): http(s) only, every address checked like
// the project preview's (ADR 053: after DNS and after each redirect, public addresses only
// unless PREVIEW_PRIVATE_ADDRESSES), a size cap and a time-out. The bytes are streamed into
// the upload pipeline, which decides the type from them (ADR 017).
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { Readable } from 'node:stream'
import { REFUSED, guardedLookup } from '#app/server/content/frame-check.server.ts'

export const FETCH_TIMEOUT_MS = 15_000
export const FETCH_MAX_BYTES = 25 * 1024 * 1024
const MAX_REDIRECTS = 5

/** A download that did not happen, with a French reason for the report. */
export class FetchRefused extends Error {}

export interface FetchOptions {
  addressAllowed: (address: string) => boolean
  timeoutMs?: number
  maxBytes?: number
}

function requestOnce(url: URL, allowed: (a: string) => boolean, signal: AbortSignal) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(literal) !== 0 && !allowed(literal)) return reject(new FetchRefused(REFUSED))
    const client = url.protocol === 'https:' ? https : http
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(allowed),
        headers: {
          accept: 'image/*,video/*,application/pdf,*/*;q=0.5',
          'user-agent': 'Vitrine-import',
        },
      },
      resolve,
    )
    request.on('error', reject)
  })
}

/** The body of `url` as a stream bounded by the size cap; throws FetchRefused. */
export async function fetchMedia(
  source: string,
  { addressAllowed, timeoutMs = FETCH_TIMEOUT_MS, maxBytes = FETCH_MAX_BYTES }: FetchOptions,
): Promise<AsyncIterable<Uint8Array>> {
  let url: URL
  try {
    url = new URL(source)
  } catch {
    throw new FetchRefused('adresse invalide')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('seules les adresses http(s) sont téléchargées')
  const signal = AbortSignal.timeout(timeoutMs)
  let response: http.IncomingMessage
  try {
    for (let hop = 0; ; hop++) {
      response = await requestOnce(url, addressAllowed, signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (status >= 300 && status < 400 && location) {
        response.resume()
        if (hop === MAX_REDIRECTS) throw new FetchRefused('trop de redirections')
        url = new URL(location, url)
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new FetchRefused('redirection refusée')
        continue
      }
      if (status !== 200) {
        response.resume()
        throw new FetchRefused(`réponse HTTP ${status}`)
      }
      break
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new FetchRefused(
      signal.aborted ? 'délai dépassé' : message === REFUSED ? REFUSED : 'site injoignable',
    )
  }
  const declared = Number(response.headers['content-length'] ?? NaN)
  if (declared > maxBytes) {
    response.destroy()
    throw new FetchRefused('fichier trop volumineux')
  }
  return bounded(response, maxBytes)
}

async function* bounded(stream: Readable, maxBytes: number): AsyncIterable<Uint8Array> {
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw new FetchRefused('fichier trop volumineux')
      yield chunk
    }
  } finally {
    stream.destroy()
  }
}
