// Checks the build exists and migrates one template database that every worker copies.
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'

export const E2E_DIR = path.resolve(process.env.E2E_DIR ?? '.tmp/e2e')
export const TEMPLATE_DB = path.join(E2E_DIR, 'template.db')

export default async function globalSetup() {
  if (!existsSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
    throw new Error('No build found: run `npm run build` before the browser tests')
  }
  rmSync(E2E_DIR, { recursive: true, force: true })
  mkdirSync(E2E_DIR, { recursive: true })
  const handle = openDatabase(TEMPLATE_DB)
  await migrateToLatest(handle.db)
  handle.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  await handle.close()
}
