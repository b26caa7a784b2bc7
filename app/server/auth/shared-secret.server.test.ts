// The session secret every app server shares (ADR 033): on a shared database without
// BETTER_AUTH_SECRET, the first server creates it and every server reads the same one.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, openPostgres, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { resolveAuthSecret, sharedAuthSecret } from './shared-secret.server.ts'

const database = useTestDatabase()
let other: DatabaseHandle | undefined
const dirs: string[] = []
afterEach(async () => {
  await other?.close()
  other = undefined
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-secret-'))
  dirs.push(dir)
  return dir
}

describe('shared session secret', () => {
  it('two servers starting at once on one database get the same secret', async () => {
    other = TEST_POSTGRES
      ? openPostgres(database.current.file, { max: 2 })
      : openDatabase(database.current.file)
    const [a, b] = await Promise.all([
      sharedAuthSecret(database.current.db),
      sharedAuthSecret(other.db),
    ])
    expect(a.length).toBeGreaterThanOrEqual(32)
    expect(b).toBe(a)
    expect(await sharedAuthSecret(database.current.db)).toBe(a)
  })

  it('on PostgreSQL without BETTER_AUTH_SECRET: no file in DATA_DIR, the database secret at start-up', async () => {
    const dir = tempDir()
    const env = getEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1/x' })
    expect(env.BETTER_AUTH_SECRET).toBe('')
    expect(readdirSync(dir)).not.toContain('auth-secret')
    await resolveAuthSecret(env, database.current.db)
    expect(env.BETTER_AUTH_SECRET).toBe(await sharedAuthSecret(database.current.db))
    // A configured secret always wins and nothing is stored.
    const configured = getEnv({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@127.0.0.1/x',
      BETTER_AUTH_SECRET: 'c'.repeat(40),
    })
    await resolveAuthSecret(configured, database.current.db)
    expect(configured.BETTER_AUTH_SECRET).toBe('c'.repeat(40))
  })

  it('MEDIA_DIR defaults to DATA_DIR and can name a shared directory', () => {
    const dir = tempDir()
    expect(getEnv({ DATA_DIR: dir, BETTER_AUTH_SECRET: 'x'.repeat(40) }).MEDIA_DIR).toBe(dir)
    expect(
      getEnv({ DATA_DIR: dir, MEDIA_DIR: '/srv/partage', BETTER_AUTH_SECRET: 'x'.repeat(40) })
        .MEDIA_DIR,
    ).toBe('/srv/partage')
  })
})
