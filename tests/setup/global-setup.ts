// Checks the build exists and migrates one template database that every worker copies.
// With VITRINE_E2E_POSTGRES=1, the template is a PostgreSQL database on a throw-away
// cluster instead (ADR 028); each worker's server gets its own copy through DATABASE_URL.
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'
import { createTemplate, startPostgres } from './postgres.ts'

export const E2E_DIR = path.resolve(process.env.E2E_DIR ?? '.tmp/e2e')
export const TEMPLATE_DB = path.join(E2E_DIR, 'template.db')

export default async function globalSetup() {
  if (!existsSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
    throw new Error('No build found: run `npm run build` before the browser tests')
  }
  rmSync(E2E_DIR, { recursive: true, force: true })
  mkdirSync(E2E_DIR, { recursive: true })
  if (process.env.VITRINE_E2E_POSTGRES === '1') {
    const postgres = await startPostgres()
    await createTemplate(postgres)
    // Workers start after this and inherit it (tests/fixtures/test.ts).
    process.env.VITRINE_TEST_POSTGRES = postgres.url('postgres')
    return () => postgres.stop()
  }
  const handle = openDatabase(TEMPLATE_DB)
  await migrateToLatest(handle.db)
  handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  await handle.close()
}
