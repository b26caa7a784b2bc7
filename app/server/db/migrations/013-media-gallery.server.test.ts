import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#app/server/db/client.server.ts'
import { withDatabaseBefore } from '../../../../tests/fixtures/migration.ts'

describe('013 gallery visibility', () => {
  it('keeps every existing item in the gallery; a new row defaults to hidden', async () => {
    await withDatabaseBefore('013', async (handle) => {
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
    })
  })
})
