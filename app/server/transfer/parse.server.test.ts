// The import worker loads the reader of the format it reads, and only that one (ADR 111).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-parse-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Runs in a worker thread, as the import does: records every module the reading loads.
const PROBE = `
const { registerHooks } = require('node:module')
const { parentPort, workerData } = require('node:worker_threads')
const loaded = []
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url)
    return nextLoad(url, context)
  },
})
;(async () => {
  const { parseFile } = await import(workerData.parse)
  const types = []
  await parseFile({ file: workerData.file, format: 'wordpress' }, async (message) => {
    types.push(message.type)
  })
  parentPort.postMessage({ loaded, types })
})()
`

describe('parseFile', () => {
  it('loads the WordPress reader alone for a WXR file', async () => {
    const file = path.join(dir, 'un.xml')
    writeFileSync(
      file,
      `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>Un</title><content:encoded><![CDATA[<p>Texte.</p>]]></content:encoded><wp:post_id>1</wp:post_id><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`,
    )
    const worker = new Worker(PROBE, {
      eval: true,
      workerData: { parse: new URL('./parse.server.ts', import.meta.url).href, file },
    })
    const [{ loaded, types }] = (await once(worker, 'message')) as [
      { loaded: string[]; types: string[] },
    ]
    await worker.terminate()
    expect(types).toContain('post')
    const readers = loaded
      .map((url) => /transfer\/(\w[\w-]*)\.server\.ts$/.exec(url)?.[1])
      .filter(
        (name) =>
          name &&
          ['wordpress', 'ghost', 'medium', 'markdown-files', 'vitrine', 'zip'].includes(name),
      )
    expect(readers).toEqual(['wordpress'])
  }, 60_000)
})
