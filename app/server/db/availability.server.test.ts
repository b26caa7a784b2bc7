// ADR 069: a locked SQLite database is an outage (503s, logged once), ended by the next write
// that commits; ordinary errors are not. A real database file, a real second connection.
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  databaseUnavailable,
  isDatabaseUnavailable,
  resetAvailability,
  unavailabilityOf,
  unavailableResponse,
} from './availability.server.ts'
import { migrateToLatest, openDatabase } from './client.server.ts'
import { useTempDirs } from './db-test-support.ts'

const tempDir = useTempDirs()
afterEach(() => {
  resetAvailability()
})

describe('database availability', () => {
  it('classifies unreachable PostgreSQL and locked, full or unopenable SQLite, nothing else', () => {
    const pgError = (code: string) => Object.assign(new Error('x'), { code })
    expect(unavailabilityOf(pgError('ECONNREFUSED'))).toBe('connection')
    expect(unavailabilityOf(pgError('57P01'))).toBe('connection')
    expect(unavailabilityOf(pgError('08006'))).toBe('connection')
    expect(unavailabilityOf(new Error('Connection terminated unexpectedly'))).toBe('connection')
    const sqlite = (errcode: number) =>
      Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode })
    expect(unavailabilityOf(sqlite(5), 'insert into t values (1)')).toBe('write') // BUSY
    expect(unavailabilityOf(sqlite(13), 'commit')).toBe('write') // FULL
    expect(unavailabilityOf(sqlite(14), 'select 1')).toBe('read') // CANTOPEN
    expect(unavailabilityOf(sqlite(10 | (3 << 8)), 'select 1')).toBe('read') // IOERR_WRITE
    // A constraint, a syntax error, a unique violation: bugs or refusals, not outages.
    expect(isDatabaseUnavailable(sqlite(19))).toBe(false)
    expect(isDatabaseUnavailable(pgError('23505'))).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
  })

  it('answers a French 503 with Retry-After: HTML for a page, JSON for the API', async () => {
    const page = unavailableResponse(
      new Request('http://x/blog', { headers: { accept: 'text/html' } }),
    )
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(await page.text()).toContain('Le site est momentanément indisponible')
    const api = unavailableResponse(new Request('http://x/api/media'))
    expect(await api.json()).toEqual({
      error:
        'Le site est momentanément indisponible : la base de données ne répond pas. Réessayez dans quelques instants.',
    })
  })

  it('a locked SQLite file: one outage logged once, reads go on, it ends by itself once the lock goes', async () => {
    const dir = tempDir('vitrine-availability-')
    const file = path.join(dir, 'vitrine.db')
    const handle = openDatabase(file)
    await migrateToLatest(handle.db)
    handle.sqlite.exec('PRAGMA busy_timeout = 50')
    await sql`create table t (v integer)`.execute(handle.db)
    const lines: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    // Another process holding the write lock (a long script, a stuck backup).
    const other = new DatabaseSync(file)
    other.exec('BEGIN IMMEDIATE')
    try {
      for (let i = 0; i < 3; i++) {
        await expect(sql`insert into t values (${i})`.execute(handle.db)).rejects.toThrow(/locked/)
        await expect(
          handle.db.transaction().execute((trx) => sql`insert into t values (9)`.execute(trx)),
        ).rejects.toThrow(/locked/)
      }
      expect(databaseUnavailable()).toBe(true)
      // Reading works meanwhile, and proves nothing about writing.
      await sql`select count(*) from t`.execute(handle.db)
      expect(databaseUnavailable()).toBe(true)
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    // Nobody writes: the probe's own write finds the lock free and ends the outage.
    for (let i = 0; i < 100 && databaseUnavailable(); i++)
      await new Promise((r) => setTimeout(r, 100))
    expect(databaseUnavailable()).toBe(false)
    await sql`insert into t values (42)`.execute(handle.db)
    const log = lines.join('')
    expect(log.split('Base de données indisponible').length - 1).toBe(1)
    expect(log).toContain('Base de données de nouveau disponible')
    await handle.close()
  })
})
