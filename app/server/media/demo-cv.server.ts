// The demo CV is private (ADR 018) from the first start. The shipped file lives
// outside public/ (app/server/demo/files), goes through the upload pipeline into private
// storage, and becomes the CV file: only the guarded routes (/cv/fichier, /cv/telecharger)
// serve it, watermarked when asked (ADR 018).
import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { getCv, setCvFile } from '#app/server/repositories/cv.server.ts'
import { log } from '#app/server/core/log.server.ts'
import type { Env } from '#app/server/core/env.server.ts'
import { storeUpload } from './pipeline.server.ts'
import type { MediaStorage } from './storage.server.ts'
import { privateStore } from './stores.server.ts'
import { mediaLimits } from './uploads.server.ts'

export const DEMO_CV_FILE = path.resolve('app/server/demo/files/cv.webp')

/** Stores the demo CV privately and makes it the CV, unless the CV already has a file. */
export async function importDemoCv(storage: MediaStorage, file = DEMO_CV_FILE): Promise<boolean> {
  if (!existsSync(file)) return false
  if ((await getCv())?.file) return false
  const stored = await storeUpload(createReadStream(file), {
    storage,
    limitsMb: mediaLimits(),
    allowed: ['image'],
  })
  // The CV is shown whole: responsive variants would only be more private copies.
  for (const key of stored.variants) await storage.remove(key)
  const previous = await setCvFile({ key: stored.storageKey, mime: stored.mime })
  if (previous) await storage.remove(previous)
  return true
}

/** After a first start loaded the demo content (run by the demo import, in its process). */
export async function importSeededDemoCv(env: Env): Promise<void> {
  try {
    await importDemoCv(privateStore(env))
  } catch (error) {
    log.error('Le CV de démonstration n’a pas pu être importé', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
