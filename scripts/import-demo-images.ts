// Started by the server after a first start seeded the demo content (ADR 030): the demo
// CV and images go through sharp in this separate process, so the memory libvips takes for the
// decoding and resizing goes back to the system when it ends, instead of staying in the
// server's heap for as long as it runs. Same DATA_DIR / DATABASE_URL / MEDIA_DIR as the
// server; its writes reach the server's caches like any other process's (ADRs 026, 033).
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { importDemoMedia } from '#app/server/media/demo-import-hook.server.ts'

// The server went away (stopped or killed): stop too.
process.on('disconnect', () => process.exit(0))

const env = getEnv()
await initDatabase(env.DATA_DIR, env.DATABASE_URL)
try {
  await importDemoMedia(env)
} finally {
  await closeDatabase()
  process.disconnect?.()
}
