// A render thread (ADR 056): renders anonymous public pages and page-change data for the
// main thread, with the same build and React Router handler, on a read-only connection
// (app/server/render-reader.server.ts). The main thread keeps the sockets, Express, the page
// cache and every write; this thread receives a URL and headers, and answers with a status,
// headers and the body's bytes. Run by server/render-workers.ts; never on its own.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { createRequestHandler, matchRoutes, type ServerBuild } from 'react-router'
import { DOCUMENT_REQUEST } from '#app/server/hydration-data.server.ts'
import { documentBody } from './document-body.ts'
import { compactHeap } from './heap-compaction.ts'
import type { RenderControl, RenderJob, RenderReply, RenderThreadData } from './render-protocol.ts'

interface ReaderEntry {
  startRenderReader(): Promise<unknown>
  followGeneration(generation: number): void
}

const port = parentPort!
const { buildDir, publicLayout } = workerData as RenderThreadData

const build = (await import(
  pathToFileURL(path.join(buildDir, 'server/index.js')).href
)) as ServerBuild
const entry = build.entry.module as unknown as ReaderEntry
await entry.startRenderReader()
const handle = createRequestHandler(build, 'production')

// The route tree, to send back what is not a public page (resource routes, accounts, the
// admin hub): those may write, stream files or need a session, and stay on the main thread.
interface RouteNode {
  id: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children: RouteNode[]
}
const nodes = new Map<string, RouteNode>()
for (const route of Object.values(build.routes)) {
  if (!route) continue
  nodes.set(route.id, {
    id: route.id,
    path: route.path,
    index: route.index,
    caseSensitive: route.caseSensitive,
    children: [],
  })
}
const tree: RouteNode[] = []
for (const route of Object.values(build.routes)) {
  if (!route) continue
  const node = nodes.get(route.id)!
  const parent = route.parentId ? nodes.get(route.parentId) : undefined
  ;(parent?.children ?? tree).push(node)
}

/** Whether `pathname` (without `.data`) is a page of the public layout. */
function isPublicPage(pathname: string): boolean {
  const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname)
  return matches?.some((match) => match.route.id === publicLayout) ?? false
}

async function render(job: RenderJob): Promise<RenderReply> {
  const url = new URL(job.url)
  const pathname = url.pathname.endsWith('.data')
    ? url.pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') || '/'
    : url.pathname
  if (!isPublicPage(pathname)) return { id: job.id, declined: true }
  entry.followGeneration(job.generation)
  const request = new Request(job.url, { headers: job.headers })
  if (job.document) Object.defineProperty(request, DOCUMENT_REQUEST, { value: true })
  const response = await handle(request)
  const body = documentBody(response) ?? new Uint8Array(await response.arrayBuffer())
  return {
    id: job.id,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body,
  }
}

port.on('message', (job: RenderJob | RenderControl) => {
  if ('compact' in job) {
    compactHeap()
    port.postMessage({ compacted: true } satisfies RenderReply)
    return
  }
  render(job).then(
    (reply) => {
      const body = 'body' in reply ? reply.body : undefined
      // The bytes move to the main thread when they own their memory (a document does).
      const own = body && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
      port.postMessage(reply, own ? [body.buffer as ArrayBuffer] : [])
    },
    (error: unknown) => {
      // Logged here (the main thread renders the request again and only counts the failure).
      console.error(error)
      port.postMessage({
        id: job.id,
        failed: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply)
    },
  )
})
port.postMessage({ ready: true } satisfies RenderReply)
