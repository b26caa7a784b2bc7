// ADR 056: a render thread's database connection refuses writes, and what the thread caches
// follows the main thread's content generation, not its own probe.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cachedRead, contentGeneration } from './cache/generation.server.ts'
import {
  DATABASE_FILE_NAME,
  migrateToLatest,
  openDatabase,
  setDatabase,
  type DatabaseHandle,
} from './db/client.server.ts'
import type { Env } from './env.server.ts'
import { followGeneration, startRenderReader } from './render-reader.server.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serverDatabase(): Promise<{ dir: string; server: DatabaseHandle }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-reader-'))
  const server = openDatabase(path.join(dir, DATABASE_FILE_NAME))
  await migrateToLatest(server.db)
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  cleanups.push(() => server.close())
  return { dir, server }
}

const skill = (id: string) => ({
  id,
  name: `Compétence ${id}`,
  category: 'tools',
  level: 3,
  color: '#8b5cf6',
})

describe('render reader', () => {
  it('reads what the server wrote and refuses to write, leaving the data as it was', async () => {
    const { dir, server } = await serverDatabase()
    await server.db.insertInto('skills').values(skill('a')).execute()
    const reader = openDatabase(path.join(dir, DATABASE_FILE_NAME), { readOnly: true })
    cleanups.push(() => reader.close())
    expect(await reader.db.selectFrom('skills').select('id').execute()).toEqual([{ id: 'a' }])
    await expect(reader.db.insertInto('skills').values(skill('b')).execute()).rejects.toThrow(
      /readonly/i,
    )
    await expect(reader.db.deleteFrom('skills').execute()).rejects.toThrow(/readonly/i)
    expect(await server.db.selectFrom('skills').select('id').execute()).toEqual([{ id: 'a' }])
  })

  it('refreshes cached reads when the main thread’s generation moves, not before', async () => {
    const { dir, server } = await serverDatabase()
    const handle = await startRenderReader({ DATA_DIR: dir, BETTER_AUTH_SECRET: 's' } as Env)
    cleanups.push(async () => {
      setDatabase(undefined)
      await handle.close()
    })
    let reads = 0
    const count = cachedRead(async () => {
      reads += 1
      const rows = await handle.db.selectFrom('skills').select('id').execute()
      return rows.length
    })
    followGeneration(100)
    expect(await count()).toBe(0)

    // The server commits (on its own connection, as from another thread: not through this
    // module's Kysely plugin); the main thread has not sent a newer generation yet.
    server.sqlite
      .prepare('INSERT INTO skills (id, name, category, level, color) VALUES (?, ?, ?, ?, ?)')
      .run(...Object.values(skill('a')))
    const before = contentGeneration()
    expect(await count()).toBe(0)
    expect(contentGeneration()).toBe(before)

    // The next job carries the main thread's generation, bumped by that commit.
    followGeneration(101)
    expect(await count()).toBe(1)
    expect(reads).toBe(2)
  })
})
