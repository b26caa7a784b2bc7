// Vitest global setup: one migrated SQLite database for the run, which tests/fixtures/db.ts
// copies for every test instead of running every migration again (a copy costs a small
// fraction of a migration run). Its path reaches the workers through the environment.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'
import { scratchEnv } from './scratch.ts'

export default async function setup() {
  const dir = mkdtempSync(path.join(scratchEnv().TMPDIR ?? os.tmpdir(), 'vitrine-template-'))
  const file = path.join(dir, 'template.db')
  const handle = openDatabase(file)
  await migrateToLatest(handle.db)
  // Everything in the main file, so a copy of that one file is the whole database.
  handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  await handle.close()
  process.env.VITRINE_TEST_SQLITE_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}
