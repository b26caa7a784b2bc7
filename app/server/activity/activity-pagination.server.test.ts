// The activity log's keyset pagination (ADR 098) on a real database (SQLite, and PostgreSQL
// under vitest.postgres.config.ts): pages follow each other without a repeated or missing
// entry, even when entries share a timestamp or are written between two pages; filters hold
// on every page; the count is bounded; a cursor the server cannot read gives the first page
// with a French notice, never an error.
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import type { ActivityAction, ResourceType } from '#app/domain/activity.ts'
import type { ActivityFilters, ActivityPage } from '../repositories/activity.server.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.PUBLIC_URL = 'http://localhost:3999'

const tab = await import('#app/routes/admin/activity.tsx')
const { addActivity, decodeActivityCursor, encodeActivityCursor, listActivity } =
  await import('../repositories/activity.server.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')

const ORIGIN = 'http://localhost:3999'
type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0]

const ACTIONS: ActivityAction[] = ['create', 'update', 'delete', 'access']
const TYPES: ResourceType[] = ['project', 'blog', 'cv']
const T0 = Date.UTC(2026, 0, 1)
/** Three entries share each second: the id alone orders them. */
const at = (i: number) => new Date(T0 + Math.floor(i / 3) * 1000).toISOString()

async function fill(count: number, from = 0) {
  for (let i = from; i < from + count; i++)
    await addActivity({
      userId: i % 2 ? 'u-impair' : 'u-pair',
      userName: i % 2 ? 'Impair' : 'Pair',
      action: ACTIONS[i % ACTIONS.length]!,
      resourceType: TYPES[i % TYPES.length]!,
      details: `Entrée ${i}`,
      timestamp: at(i),
    })
}

/** Every page from the first, following `older` links. */
async function walk(filters: ActivityFilters, pageSize: number): Promise<ActivityPage[]> {
  const pages = [await listActivity({ ...filters, pageSize })]
  while (pages.at(-1)!.older) {
    const after = decodeActivityCursor(pages.at(-1)!.older)
    pages.push(await listActivity({ ...filters, after, pageSize }))
    expect(pages.length).toBeLessThan(100)
  }
  return pages
}

/** The log's order: timestamp then id, newest first. */
const newestFirst = (a: { timestamp: string; id: string }, b: { timestamp: string; id: string }) =>
  a.timestamp === b.timestamp ? (a.id < b.id ? 1 : -1) : a.timestamp < b.timestamp ? 1 : -1

describe('activity log keyset pagination', () => {
  useTestDatabase()

  it('walks every entry once, in order, across pages of tied timestamps, filters kept', async () => {
    await fill(47)
    const all = (await listActivity({ pageViews: true, pageSize: 200 })).items
    expect(all).toHaveLength(47)
    expect([...all].sort(newestFirst).map((e) => e.id)).toEqual(all.map((e) => e.id))

    for (const filters of [
      { pageViews: true },
      { pageViews: false },
      { action: 'update' as const },
      { resourceType: 'blog' as const, pageViews: false },
      { userId: 'u-impair', pageViews: true },
      { userId: 'u-impair', action: 'access' as const },
    ]) {
      const pages = await walk(filters, 4)
      const seen = pages.flatMap((p) => p.items)
      const expected = all.filter(
        (e) =>
          (filters.action
            ? e.action === filters.action
            : filters.pageViews || e.action !== 'access') &&
          (!('resourceType' in filters) || e.resourceType === filters.resourceType) &&
          (!('userId' in filters) || e.userId === filters.userId),
      )
      expect(expected.length).toBeGreaterThan(0)
      expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id))
      expect(pages.at(-1)!.older).toBeUndefined()
      expect(pages[0]!.newer).toBeUndefined()
      for (const page of pages.slice(1)) expect(page.newer).toBeDefined()
      for (const page of pages)
        expect(page).toMatchObject({ count: expected.length, capped: false })

      // Back from the last page, page by page: the same pages, newest first.
      const back = [pages.at(-1)!]
      while (back.at(-1)!.newer) {
        const before = decodeActivityCursor(back.at(-1)!.newer)
        back.push(await listActivity({ ...filters, before, pageSize: 4 }))
        expect(back.length).toBeLessThan(100)
      }
      expect(back.reverse().map((p) => p.items.map((e) => e.id))).toEqual(
        // The first page back is whole: every page but the first is exact.
        pages.map((p) => p.items.map((e) => e.id)),
      )
    }
  })

  it('keeps next and previous pages stable while entries are written between them', async () => {
    await fill(30)
    const before = (await listActivity({ pageViews: true, pageSize: 200 })).items.map((e) => e.id)
    const first = await listActivity({ pageViews: true, pageSize: 10 })
    const second = await listActivity({
      pageViews: true,
      pageSize: 10,
      after: decodeActivityCursor(first.older),
    })
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(before.slice(0, 20))
    // New entries arrive: the pages already reached keep their entries, none repeated and
    // none skipped (an offset would shift them all by six).
    await fill(6, 30)
    const third = await listActivity({
      pageViews: true,
      pageSize: 10,
      after: decodeActivityCursor(second.older),
    })
    expect(third.items.map((e) => e.id)).toEqual(before.slice(20, 30))
    expect(third.older).toBeUndefined()
    const backToSecond = await listActivity({
      pageViews: true,
      pageSize: 10,
      before: decodeActivityCursor(third.newer),
    })
    expect(backToSecond.items.map((e) => e.id)).toEqual(second.items.map((e) => e.id))
    const backToFirst = await listActivity({
      pageViews: true,
      pageSize: 10,
      before: decodeActivityCursor(backToSecond.newer),
    })
    expect(backToFirst.items.map((e) => e.id)).toEqual(first.items.map((e) => e.id))
    // … and the new entries are one more page up: fewer than a page, so the first page whole.
    expect(backToFirst.newer).toBeDefined()
    const newest = await listActivity({
      pageViews: true,
      pageSize: 10,
      before: decodeActivityCursor(backToFirst.newer),
    })
    expect(newest.newer).toBeUndefined()
    expect(
      newest.items
        .slice(0, 6)
        .map((e) => e.details)
        .sort(),
    ).toEqual(Array.from({ length: 6 }, (_, i) => `Entrée ${30 + i}`))
    expect(newest.items.slice(6).map((e) => e.id)).toEqual(before.slice(0, 4))
    expect(newest).toMatchObject({ count: 36, capped: false })
  })

  it('bounds the count at 1,000 entries', async () => {
    const { getDb } = await import('../db/client.server.ts')
    const rows = Array.from({ length: 1_001 }, (_, i) => ({
      id: `b${String(i).padStart(6, '0')}`,
      userId: 'u-lot',
      userName: 'Lot',
      action: 'update',
      resourceType: 'cv',
      resourceId: null,
      resourceName: null,
      timestamp: new Date(T0 + i).toISOString(),
      details: '',
      userInfo: '{}',
    }))
    for (let i = 0; i < rows.length; i += 1000)
      await getDb()
        .insertInto('activity_logs')
        .values(rows.slice(i, i + 1000))
        .execute()
    expect(await listActivity()).toMatchObject({ count: 1_000, capped: true })
    await getDb().deleteFrom('activity_logs').where('id', '=', 'b000000').execute()
    expect(await listActivity()).toMatchObject({ count: 1_000, capped: false })
  })

  it('reads only its own cursors: anything else is no cursor', () => {
    const cursor = { timestamp: '2026-01-01T00:00:00.000Z', id: 'abc_DEF-123' }
    expect(decodeActivityCursor(encodeActivityCursor(cursor))).toEqual(cursor)
    for (const bad of [
      undefined,
      '',
      'abc',
      '%%%',
      '../../etc',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x"]').toString('base64url'),
      Buffer.from('[1, 2]').toString('base64url'),
      Buffer.from('["", "id"]').toString('base64url'),
      Buffer.from(JSON.stringify(['t', 'x'.repeat(1000)])).toString('base64url'),
      'A'.repeat(5000),
    ])
      expect(decodeActivityCursor(bad)).toBeUndefined()
  })
})

describe('the « Journal d’Activité » tab with a bad cursor', () => {
  useTestDatabase()

  async function load(search: string) {
    const user = await createTestUser({ role: 'admin' })
    const cookie = `${SESSION_COOKIE}=${await createSessionCookie(user.id)}`
    const request = new Request(new URL(`/admin/activity${search}`, ORIGIN), {
      headers: { origin: ORIGIN, cookie, 'x-vitrine-client-ip': '10.9.0.8' },
    })
    return tab.loader({ request, params: {}, context: {} } as unknown as Args<typeof tab.loader>)
  }

  it('shows the first page with a French notice, never an error', async () => {
    await fill(8)
    const clean = await load('?action=update')
    expect(clean.badCursor).toBe(false)
    for (const search of [
      '?action=update&apres=n%27importe%20quoi',
      '?action=update&avant=%00%01',
      '?action=update&apres=',
      `?action=update&avant=${'Z'.repeat(3000)}`,
      `?action=update&apres=${Buffer.from('["2026", 42]').toString('base64url')}`,
      '?action=update&apres=a&apres=b',
    ]) {
      const data = await load(search)
      expect(data.badCursor, search).toBe(true)
      expect(data.filters.action).toBe('update')
      expect(data.list.items.map((e) => e.id)).toEqual(clean.list.items.map((e) => e.id))
    }
    // A cursor of ours: entries 5 and 1 are the updates up to that second ('~' sorts after
    // every id, so entry 5, of that very second, comes after it).
    const fine = await load(
      `?action=update&apres=${encodeActivityCursor({ timestamp: at(5), id: '~' })}`,
    )
    expect(fine.badCursor).toBe(false)
    expect(fine.list.items.map((e) => e.details)).toEqual(['Entrée 5', 'Entrée 1'])
  })
})
