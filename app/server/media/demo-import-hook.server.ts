// Start-up hook: after a first start seeded the demo content, import its CV (private, ADR 018)
// and its images (ADR 017). In a child process when the script is there (a checkout, as
// `npm start` runs it): the memory sharp takes for forty-odd images and a page-sized CV goes
// back to the system when it ends, and the server is ready without waiting (ADR 030). In this
// process otherwise.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { seededThisStart } from '#app/server/demo/seed.server.ts'
import type { Env } from '#app/server/core/env.server.ts'
import { log } from '#app/server/core/log.server.ts'
import { importSeededDemoCv } from './demo-cv.server.ts'
import { importDemoImagesInBackground } from './demo-import.server.ts'
import { publicStore } from './stores.server.ts'

export const DEMO_IMPORT_SCRIPT = path.resolve('scripts/import-demo-images.ts')

export function importSeededDemoImages(env: Env): void {
  if (!seededThisStart) return
  if (!existsSync(DEMO_IMPORT_SCRIPT)) {
    void importDemoMedia(env)
    return
  }
  const child = spawn(process.execPath, [DEMO_IMPORT_SCRIPT], {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  child.on('error', (error) => {
    log.warn('Import des images de démonstration dans ce processus (processus séparé impossible)', {
      error: String(error),
    })
    void importDemoMedia(env)
  })
  // The server never waits for it, and does not leave it running when it stops.
  child.unref()
  child.channel?.unref()
  process.once('exit', () => child.kill())
}

/** The CV first (one file), then the images; failures are logged, never fatal. */
export async function importDemoMedia(env: Env): Promise<void> {
  await importSeededDemoCv(env)
  await importDemoImagesInBackground(publicStore(env))
}
