// The app inside a render thread (ADR 056): the same build, loaders and React tree as the
// server's main thread, on a database connection of its own that refuses every write, and
// none of the start-up work (migrations, demo content, mail, retention, schedules): the main
// thread did it and keeps doing it.
//
// What is cached in memory here (settings, profile, lists: `cachedRead`) follows the main
// thread's content generation, sent with every job: the main thread bumps it on its own
// writes, on other processes' commits (SQLite's data_version, PostgreSQL's notifications) and
// at a scheduled post's publish time, so a page rendered here is never older than one the
// main thread would render at the same moment.
import path from 'node:path'
import { storedAuthSecret } from './auth/shared-secret.server.ts'
import { setExternalChangeProbe } from './cache/generation.server.ts'
import {
  DATABASE_FILE_NAME,
  openDatabase,
  openPostgres,
  setDatabase,
  type DatabaseHandle,
} from './db/client.server.ts'
import { getEnv, type Env } from './env.server.ts'

let followed = 0

/** Opens the read-only connection; the external-change probe is the main thread's generation. */
export async function startRenderReader(env: Env = getEnv()): Promise<DatabaseHandle> {
  const handle = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, { max: 2, readOnly: true })
    : openDatabase(path.join(env.DATA_DIR, DATABASE_FILE_NAME), { readOnly: true })
  setDatabase(handle)
  // PostgreSQL without BETTER_AUTH_SECRET: the secret the main thread stored at start-up.
  if (!env.BETTER_AUTH_SECRET && handle.dialect === 'postgres')
    env.BETTER_AUTH_SECRET = (await storedAuthSecret(handle.db)) ?? ''
  setExternalChangeProbe(() => followed)
  return handle
}

/** The main thread's content generation at the time it sent a job: read before rendering it. */
export function followGeneration(generation: number): void {
  followed = generation
}
