// Start-up hook: after a first start seeded the demo content, import its images (issue 10).
import { seededThisStart } from '#app/server/demo/seed.server.ts'
import type { Env } from '#app/server/env.server.ts'
import { importDemoImagesInBackground } from './demo-import.server.ts'
import { mediaStorage } from './storage.server.ts'

export function importSeededDemoImages(env: Env): void {
  if (!seededThisStart) return
  void importDemoImagesInBackground(mediaStorage(env.MEDIA_DIR))
}
