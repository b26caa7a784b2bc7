// Messages between the main thread and a render thread (ADR 056).

/** What a render thread is started with. */
export interface RenderThreadData {
  /** The production build's directory (BUILD_DIR). */
  buildDir: string
  /** The id of the public pages' layout route: only pages under it are rendered there. */
  publicLayout: string
}

/** main → render thread: one GET to render. */
export interface RenderJob {
  id: number
  /** The absolute URL React Router sees (server/react-router-handler.ts, `requestUrl`). */
  url: string
  headers: [string, string][]
  /** A document GET, not a page change's `.data` (app/server/hydration-data.server.ts). */
  document: boolean
  /** The main thread's content generation when it sent the job. */
  generation: number
}

/** main → render thread: compact the heap, then say so (the thread is stopped next). */
export interface RenderControl {
  compact: true
}

/** render thread → main. */
export type RenderReply =
  | { ready: true }
  | { compacted: true }
  | {
      id: number
      status: number
      statusText: string
      headers: [string, string][]
      body: Uint8Array
    }
  /** Not a public page: the main thread renders it. */
  | { id: number; declined: true }
  /** The render threw (already on the thread's stderr): the main thread renders it. */
  | { id: number; failed: string }
