// Where the import's worker script is and how much heap each of its threads may use (ADR 083,
// ADR 124). No other import here: the command line's main thread loads this module alone and
// leaves every heavy module (Kysely, the repositories, the readers) to its worker.
import { existsSync } from 'node:fs'

/**
 * The reader's and the render worker's heaps, bounded so that any import up to the upload
 * limit adds at most about 300 MB to the server's resident memory (ADR 083).
 */
export const IMPORT_WORKER_LIMITS = {
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
}

/**
 * The worker's script: the TypeScript source beside this module (development, tests, the
 * command line), or `import-worker.js` that scripts/build-server-entry.ts writes into build/
 * (the production bundle, wherever the bundler put this module's code).
 */
export function importWorkerUrl(): URL {
  const here = import.meta.url
  if (here.endsWith('.ts')) return new URL('./import-worker.server.ts', here)
  for (const candidate of ['./import-worker.js', '../import-worker.js', '../../import-worker.js']) {
    const url = new URL(candidate, here)
    if (existsSync(url)) return url
  }
  throw new Error('build/import-worker.js is missing: run npm run build')
}
