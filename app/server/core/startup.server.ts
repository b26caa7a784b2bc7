// What the process does once before serving and once before exiting. Exposed through
// entry.server.tsx so server/index.ts (and the dev server) reach the bundle's own modules.
import { resolveAuthSecret } from '../auth/shared-secret.server.ts'
import { closeDatabase, initDatabase } from '../db/client.server.ts'
import { withStartupLock } from '../db/dialect.server.ts'
import { holdServerLock, releaseServerLock } from '../db/server-lock.server.ts'
import { getEnv } from './env.server.ts'
import { checkMediaStore, describeMediaStore } from '../media/stores.server.ts'
import { STARTUP_HOOKS } from './startup-hooks.server.ts'
import { log } from './log.server.ts'
import { stopMailWorker } from '../mail/worker.server.ts'

let started: Promise<void> | undefined

export function startApp(): Promise<void> {
  started ??= (async () => {
    const env = getEnv()
    // S3_BUCKET: a wrong key or bucket stops the start here, in French (ADR 068).
    await checkMediaStore(env)
    if (env.S3_BUCKET) log.info(`Médias : ${describeMediaStore(env)}`)
    // DATA_DIR/vitrine.pid while this server runs: `npm run restore` refuses then (ADR 069).
    holdServerLock(env.DATA_DIR)
    let t = performance.now()
    const handle = await initDatabase(env.DATA_DIR, env.DATABASE_URL)
    // Where start-up goes (ADR 030): milliseconds per step, in the log.
    const steps: Record<string, number> = { database: Math.round(performance.now() - t) }
    log.info(`Base de données prête : ${handle.file}`)
    // PostgreSQL without BETTER_AUTH_SECRET: one secret in the database for every server.
    await resolveAuthSecret(env, handle.db)
    // Several app servers on one PostgreSQL run their start-up work one at a time (ADR 028).
    await withStartupLock(handle.db, async () => {
      for (const hook of STARTUP_HOOKS) {
        t = performance.now()
        await hook(env)
        steps[hook.name || 'hook'] = Math.round(performance.now() - t)
      }
    })
    log.info('Étapes du démarrage (ms)', steps)
  })()
  return started
}

export async function stopApp(): Promise<void> {
  await stopMailWorker()
  // The database's close() first stops the rest of the background work started against it
  // (scheduled publishing, retention timers), then closes it.
  await closeDatabase()
  releaseServerLock()
  started = undefined
}
