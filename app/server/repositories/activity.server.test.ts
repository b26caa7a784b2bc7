import { describe, expect, it, vi } from 'vitest'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { fillSqliteTable, onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { queryPlan } from './repository-test-support.ts'
import {
  ACTIVITY_ACTION_LABELS,
  type ActivityAction,
  type ResourceType,
} from '#app/domain/activity.ts'
import { labelKeys } from '#app/domain/labels.ts'
import {
  addActivity,
  decodeActivityCursor,
  listActivity,
  listActivityUsers,
  purgeActivityOlderThan,
  type NewActivity,
} from './activity.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

const db = useTestDatabase()

function entry(overrides: Partial<NewActivity> = {}): NewActivity {
  return {
    userId: 'system',
    userName: 'System',
    action: 'create',
    resourceType: 'project',
    details: 'Projet créé',
    ...overrides,
  }
}

describe('activity repository', () => {
  it('adds an entry with a timestamp and Unknown defaults for missing UserInfo', async () => {
    const added = await addActivity(
      entry({ resourceId: 'p1', resourceName: 'Mon projet', userInfo: { ip: '203.0.113.0' } }),
    )
    expect(added.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(added.userInfo).toEqual({
      ip: '203.0.113.0',
      browser: 'Unknown',
      os: 'Unknown',
      device: 'Unknown',
      location: { country: 'Unknown', city: 'Unknown', region: 'Unknown' },
      language: 'Unknown',
      screenResolution: 'Unknown',
      timezone: 'Unknown',
      referrer: 'Unknown',
    })
    const { items } = await listActivity()
    expect(items).toEqual([added])
    expect(items[0]).toMatchObject({ resourceId: 'p1', resourceName: 'Mon projet' })
  })

  it('refuses an unknown action or resource type, writing nothing', async () => {
    await expect(addActivity(entry({ action: 'hack' as ActivityAction }))).rejects.toMatchObject({
      fieldErrors: { action: 'Action inconnue' },
    })
    await expect(
      addActivity(entry({ resourceType: 'nope' as ResourceType })),
    ).rejects.toMatchObject({ fieldErrors: { resourceType: 'Type de ressource inconnu' } })
    expect((await listActivity()).count).toBe(0)
  })

  it('lists newest first and filters by action, resource type and user', async () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m)).toISOString()
    await addActivity(entry({ timestamp: at(1), action: 'create', resourceType: 'project' }))
    await addActivity(
      entry({
        timestamp: at(2),
        action: 'login',
        resourceType: 'admin',
        userId: 'u1',
        userName: 'Alice',
      }),
    )
    await addActivity(
      entry({
        timestamp: at(3),
        action: 'delete',
        resourceType: 'project',
        userId: 'u1',
        userName: 'Alice',
      }),
    )
    await addActivity(entry({ timestamp: at(4), action: 'create', resourceType: 'skill' }))

    const all = await listActivity()
    expect(all).toMatchObject({ count: 4, capped: false })
    expect(all.newer).toBeUndefined()
    expect(all.older).toBeUndefined()
    expect(all.items.map((e) => e.timestamp)).toEqual([at(4), at(3), at(2), at(1)])

    const creates = await listActivity({ action: 'create' })
    expect(creates.items.map((e) => e.resourceType)).toEqual(['skill', 'project'])
    expect((await listActivity({ resourceType: 'project' })).count).toBe(2)
    expect((await listActivity({ userId: 'u1' })).items.map((e) => e.action)).toEqual([
      'delete',
      'login',
    ])
    const combined = await listActivity({ userId: 'u1', resourceType: 'project', action: 'delete' })
    expect(combined.count).toBe(1)

    const page1 = await listActivity({ pageSize: 3 })
    const page2 = await listActivity({ after: decodeActivityCursor(page1.older), pageSize: 3 })
    expect(page2).toMatchObject({ count: 4, pageSize: 3 })
    expect(page2.items.map((e) => e.timestamp)).toEqual([at(1)])
    expect(page2.older).toBeUndefined()
  })

  it('lists distinct users with their latest name', async () => {
    await addActivity(
      entry({ userId: 'u1', userName: 'Ancien nom', timestamp: '2026-01-01T00:00:00.000Z' }),
    )
    await addActivity(
      entry({ userId: 'u1', userName: 'Zoé', timestamp: '2026-01-02T00:00:00.000Z' }),
    )
    await addActivity(entry({ userId: 'anonymous', userName: 'anonymous' }))
    await addActivity(entry())
    expect(await listActivityUsers()).toEqual([
      { userId: 'anonymous', userName: 'anonymous' },
      { userId: 'system', userName: 'System' },
      { userId: 'u1', userName: 'Zoé' },
    ])
  })

  it('purges entries older than the given number of days', async () => {
    const now = new Date('2026-06-01T00:00:00.000Z')
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString()
    await addActivity(entry({ timestamp: daysAgo(400), details: 'vieux' }))
    await addActivity(entry({ timestamp: daysAgo(366), details: 'vieux aussi' }))
    await addActivity(entry({ timestamp: daysAgo(364), details: 'récent' }))
    await addActivity(entry({ timestamp: daysAgo(0), details: 'aujourd’hui' }))
    expect(await purgeActivityOlderThan(365, now)).toBe(2)
    expect((await listActivity()).items.map((e) => e.details)).toEqual(['aujourd’hui', 'récent'])
    expect(await purgeActivityOlderThan(365, now)).toBe(0)
  })

  it('pages, filters and lists users over 200,000 entries on the indexes (no temporary sort)', async ({
    skip,
  }) => {
    skip(onPostgres, 'SQLite query plans; PostgreSQL plans differ (ADR 028)')
    const sqlite = db.current.sqlite
    const types = ['project', 'skill', 'blog', 'admin', 'cv']
    const ACTIONS = labelKeys(ACTIVITY_ACTION_LABELS)
    const t0 = Date.UTC(2024, 0, 1)
    fillSqliteTable(
      sqlite,
      'INSERT INTO activity_logs (id, userId, userName, action, resourceType, timestamp, details, userInfo) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      200_000,
      (i) => [
        `a${String(i).padStart(7, '0')}`,
        `u${i % 20}`,
        `Utilisateur ${i % 20}`,
        ACTIONS[i % ACTIONS.length]!,
        types[i % 5]!,
        new Date(t0 + i * 1000).toISOString(),
        '',
        '{}',
      ],
    )

    // Speed is measured by `npm run bench:admin` (1,000,000 entries), never here.
    const first = await listActivity({ pageSize: 50 })
    expect(first.items[0]!.id).toBe('a0199999')
    // The count stops at 1,000 (ADR 098).
    expect(first).toMatchObject({ count: 1_000, capped: true })
    const byAction = await listActivity({ action: 'login' })
    expect(byAction.items[0]!.id).toBe('a0199995')
    expect(byAction).toMatchObject({ count: 1_000, capped: true })
    const byType = await listActivity({ resourceType: 'cv' })
    expect(byType).toMatchObject({ count: 1_000, capped: true })
    const byUser = await listActivity({ userId: 'u7' })
    expect(byUser).toMatchObject({ count: 1_000, capped: true })
    const byUserAndAction = await listActivity({ userId: 'u7', action: 'login' })
    expect(byUserAndAction).toMatchObject({ count: 1_000, capped: true })
    // A deep page is a seek from its cursor, like the first.
    const deep = await listActivity({
      after: { timestamp: new Date(t0 + 1000).toISOString(), id: 'a0000001' },
    })
    expect(deep.items.map((e) => e.id)).toEqual(['a0000000'])
    const users = await listActivityUsers()
    expect(users).toHaveLength(20)

    const plan = (where: string) =>
      queryPlan(
        sqlite,
        `SELECT id FROM activity_logs ${where} ORDER BY timestamp DESC, id DESC LIMIT 51`,
      )
    const cursor = "(timestamp, id) < ('2024-01-02T00:00:00.000Z', 'a0086400')"
    for (const [where, index] of [
      ['', 'activity_time'],
      [`WHERE ${cursor}`, 'activity_time'],
      ["WHERE action <> 'access'", 'activity_time_actions'],
      [`WHERE action <> 'access' AND ${cursor}`, 'activity_time_actions'],
      ["WHERE action = 'login'", 'activity_action_time'],
      [`WHERE action = 'login' AND ${cursor}`, 'activity_action_time'],
      ["WHERE resourceType = 'cv' AND action <> 'access'", 'activity_resource_time_action'],
      ["WHERE userId = 'u7' AND action <> 'access'", 'activity_user_time_filters'],
      ["WHERE action = 'login' AND resourceType = 'cv'", 'activity_action_resource_time'],
    ] as const) {
      const p = plan(where)
      expect(p).toContain(index)
      expect(p).not.toContain('TEMP B-TREE')
    }
    // The repository's own statements (page, bound count, probe) for the default view, a
    // deep page of it and a user's view: each on the page's index, none sorting, with the
    // planner's statistics too (ANALYZE, as `PRAGMA optimize` would gather them).
    sqlite.exec('ANALYZE')
    const prepare = vi.spyOn(sqlite, 'prepare')
    const ran = async (filters: Parameters<typeof listActivity>[0]) => {
      prepare.mockClear()
      await listActivity(filters)
      return prepare.mock.calls
        .map(([text]) => text)
        .filter((text) => /from "activity_logs"/.test(text))
    }
    const middle = { timestamp: new Date(t0 + 100_000_000).toISOString(), id: 'a0100000' }
    for (const [filters, index] of [
      [{ pageViews: false }, 'activity_time_actions'],
      [{ pageViews: false, after: middle }, 'activity_time_actions'],
      [{ pageViews: false, before: middle }, 'activity_time_actions'],
      [{ pageViews: false, userId: 'u7' }, 'activity_user_time_filters'],
    ] as const) {
      const statements = await ran(filters)
      expect(statements.length).toBeGreaterThanOrEqual(2)
      for (const text of statements) {
        const p = queryPlan(sqlite, text)
        expect(p, text).toContain(index)
        expect(p, text).not.toContain('TEMP B-TREE')
      }
    }
    prepare.mockRestore()
    // The bounded counts read only the page's index (no table row, no step over the rows of
    // other actions).
    for (const [where, index] of [
      ["action <> 'access'", 'activity_time_actions'],
      ["resourceType = 'cv' AND action <> 'access'", 'activity_resource_time_action'],
      [
        "userId = 'u7' AND resourceType = 'cv' AND action <> 'access'",
        'activity_user_time_filters',
      ],
      ["action = 'login' AND resourceType = 'cv'", 'activity_action_resource_time'],
    ] as const) {
      const p = queryPlan(
        sqlite,
        `SELECT count(*) FROM (SELECT 1 FROM activity_logs WHERE ${where} ORDER BY timestamp DESC, id DESC LIMIT 1001)`,
      )
      expect(p).toMatch(new RegExp(`(SCAN|SEARCH) activity_logs USING COVERING INDEX ${index}\\b`))
      expect(p).not.toContain('TEMP B-TREE')
    }
  }, 120_000)
})

describe('activity listing for the admin log', () => {
  it('hides page views unless asked for or filtered on', async () => {
    await addActivity(entry({ action: 'access', resourceType: 'admin', resourceName: '/admin' }))
    await addActivity(entry({ action: 'update' }))
    await addActivity(entry({ action: 'access_denied', resourceType: 'admin' }))
    const hidden = await listActivity({ pageViews: false })
    expect(hidden.items.map((i) => i.action).sort()).toEqual(['access_denied', 'update'])
    expect(hidden.count).toBe(2)
    expect((await listActivity({ pageViews: true })).count).toBe(3)
    expect((await listActivity({ pageViews: false, action: 'access' })).count).toBe(1)
  })

  it('shows one name per user: the account name for entries logged under the e-mail', async () => {
    await createTestUser({
      id: 'u-lea',
      name: 'Léa Martin',
      email: 'lea@exemple.fr',
      withPassword: false,
    })
    await addActivity(entry({ userId: 'u-lea', userName: 'lea@exemple.fr', action: 'login' }))
    await addActivity(entry({ userId: 'u-lea', userName: 'Léa Martin', action: 'update' }))
    // A deleted account keeps its logged name.
    await addActivity(entry({ userId: 'u-gone', userName: 'gone@exemple.fr', action: 'logout' }))
    const names = (await listActivity()).items.map((i) => [i.userId, i.userName]).sort()
    expect(names).toEqual([
      ['u-gone', 'gone@exemple.fr'],
      ['u-lea', 'Léa Martin'],
      ['u-lea', 'Léa Martin'],
    ])
    const users = await listActivityUsers()
    expect(users).toEqual([
      { userId: 'u-gone', userName: 'gone@exemple.fr' },
      { userId: 'u-lea', userName: 'Léa Martin' },
    ])
  })
})
