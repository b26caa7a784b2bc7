import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#app/server/db/client.server.ts'
import { withDatabaseBefore } from '../../../../tests/fixtures/migration.ts'

describe('027 media content hash', () => {
  it('gives an uploaded item its storage key’s 32 hash digits, a URL-only item none', async () => {
    await withDatabaseBefore('027', async (handle) => {
      const key = `${'ab12'.repeat(8)}-1200x800.jpg`
      handle.sqlite
        .exec(`INSERT INTO media (id, url, title, description, category, tags, featured, "order", "createdAt", "storageKey")
        VALUES ('m1', '/media/${key}', 'A', '', 'image', '[]', 0, 1, '2024-05-01T10:00:00.000Z', '${key}'),
        ('m2', '/demo/b.webp', 'B', '', 'image', '[]', 0, 2, '2024-05-02T10:00:00.000Z', '')`)
      await migrateToLatest(handle.db)
      const rows = await handle.db
        .selectFrom('media')
        .select(['id', 'contentHash'])
        .orderBy('id')
        .execute()
      expect(rows).toEqual([
        { id: 'm1', contentHash: 'ab12'.repeat(8) },
        { id: 'm2', contentHash: '' },
      ])
    })
  })
})
