import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'
import { MIGRATIONS } from './index.server.ts'

describe('013 gallery visibility', () => {
  it('keeps every existing item in the gallery; a new row defaults to hidden', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-013-'))
    const handle = openDatabase(path.join(dir, 'test.db'))
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '013'))
      await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => before },
      }).migrateToLatest()
      handle.sqlite
        .exec(`INSERT INTO media (id, url, title, description, category, tags, featured, "order", "createdAt", alt)
        VALUES ('m1', '/demo/a.webp', 'A', '', 'image', '[]', 0, 1, '2024-05-01T10:00:00.000Z', 'Une image')`)
      await migrateToLatest(handle.db)
      handle.sqlite
        .exec(`INSERT INTO media (id, url, title, description, category, tags, featured, "order", "createdAt")
        VALUES ('m2', '/demo/b.webp', 'B', '', 'image', '[]', 0, 2, '2024-05-02T10:00:00.000Z')`)
      const rows = await handle.db
        .selectFrom('media')
        .select(['id', 'inGallery'])
        .orderBy('id')
        .execute()
      expect(rows).toEqual([
        { id: 'm1', inGallery: 1 },
        { id: 'm2', inGallery: 0 },
      ])
    } finally {
      await handle.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
