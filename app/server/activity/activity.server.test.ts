import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetParsedEnv } from '#app/server/core/env.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { recordActivity, rememberClientInfo } from './activity.server.ts'
import { deriveUserInfo } from './user-info.server.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { setDatabase } from '../db/client.server.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { listActivity } from '../repositories/activity.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

const db = useTestDatabase()

const request = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/admin', {
    headers: {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'accept-language': 'fr-FR,fr;q=0.9',
      [CLIENT_IP_HEADER]: '203.0.113.7',
      ...headers,
    },
  })

afterEach(() => {
  vi.unstubAllEnvs()
  forgetParsedEnv()
  resetCaches()
})

describe('recordActivity', () => {
  it('stores the entry attributed to the actor with derived, truncated UserInfo', async () => {
    vi.stubEnv('ACTIVITY_FULL_IP', '')
    vi.stubEnv('GEO_LOOKUP_URL', '')
    forgetParsedEnv()
    const entry = await recordActivity(request(), {
      actor: { id: 'u1', name: 'Alice', email: 'alice@exemple.fr' },
      action: 'update',
      resourceType: 'project',
      resourceId: 'p1',
      resourceName: 'Mon projet',
      details: 'Projet modifié',
      clientInfo: { screenResolution: '1280x720', timezone: 'Europe/Paris' },
    })
    expect(entry).toMatchObject({
      userId: 'u1',
      userName: 'Alice',
      action: 'update',
      resourceType: 'project',
      resourceId: 'p1',
      resourceName: 'Mon projet',
      details: 'Projet modifié',
      userInfo: {
        ip: '203.0.113.0',
        browser: 'Chrome 131',
        os: 'Windows',
        device: 'Desktop',
        location: { country: 'Unknown', city: 'Unknown', region: 'Unknown' },
        language: 'fr-FR',
        screenResolution: '1280x720',
        timezone: 'Europe/Paris',
        referrer: 'Unknown',
      },
    })
    expect((await listActivity()).items).toEqual([entry])
  })

  it('falls back to the e-mail, then to Unknown User; no actor is anonymous', async () => {
    await recordActivity(request(), {
      actor: { id: 'u2', name: '', email: 'bob@exemple.fr' },
      action: 'logout',
      resourceType: 'admin',
    })
    await recordActivity(request(), { actor: { id: 'u3' }, action: 'login', resourceType: 'admin' })
    await recordActivity(request(), { actor: null, action: 'access_denied', resourceType: 'admin' })
    const names = (await listActivity()).items.map((e) => [e.userId, e.userName]).sort()
    expect(names).toEqual([
      ['anonymous', 'anonymous'],
      ['u2', 'bob@exemple.fr'],
      ['u3', 'Unknown User'],
    ])
  })

  it('stores the full address when ACTIVITY_FULL_IP is on', async () => {
    vi.stubEnv('ACTIVITY_FULL_IP', 'true')
    forgetParsedEnv()
    const entry = await recordActivity(request(), { action: 'download', resourceType: 'cv' })
    expect(entry?.userInfo.ip).toBe('203.0.113.7')
  })

  it('adds the location from the configured geolocation endpoint', async () => {
    const seen: string[] = []
    const server = createServer((req, res) => {
      seen.push(req.url ?? '')
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ country_name: 'France', city: 'Paris', region: 'Île-de-France' }))
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const { port } = server.address() as AddressInfo
      vi.stubEnv('GEO_LOOKUP_URL', `http://127.0.0.1:${port}/json/{ip}`)
      forgetParsedEnv()
      const entry = await recordActivity(request(), { action: 'access', resourceType: 'admin' })
      expect(entry?.userInfo.location).toEqual({
        country: 'France',
        city: 'Paris',
        region: 'Île-de-France',
      })
      // Only the truncated address leaves the server.
      expect(seen).toEqual(['/json/203.0.113.0'])
    } finally {
      server.close()
    }
  })

  it('never throws: a database failure is logged and yields undefined', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    setDatabase(undefined)
    try {
      await expect(
        recordActivity(request(), { action: 'create', resourceType: 'skill' }),
      ).resolves.toBeUndefined()
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain(
        'Activity entry could not be recorded',
      )
    } finally {
      setDatabase(db.current)
    }
  })
})

describe('one save, one row (ADR 081)', () => {
  const actor = { id: 'u1', name: 'Alice', email: 'alice@exemple.fr' }
  const at = (method: string, path: string) =>
    new Request(`http://localhost${path}`, { method, headers: request().headers })
  const access = (req: Request) =>
    recordActivity(req, {
      actor,
      action: 'access',
      resourceType: 'admin',
      resourceName: new URL(req.url).pathname,
      details: `Accès à l'administration : ${req.method} ${new URL(req.url).pathname}`,
    })
  const everything = async () => (await listActivity({ pageViews: true })).items

  it('the action takes over its access check, the reload adds nothing, the browser fields are known', async () => {
    vi.stubEnv('GEO_LOOKUP_URL', '')
    // The beacon of the page the save comes from reported the browser's fields.
    rememberClientInfo(actor.id, deriveUserInfo(request()), {
      screenResolution: '1920x1080',
      timezone: 'Europe/Paris',
    })
    const save = at('POST', '/admin/projects')
    await access(save)
    await recordActivity(save, {
      actor,
      action: 'update',
      resourceType: 'project',
      resourceId: 'p1',
      resourceName: 'Refonte',
    })
    await access(at('GET', '/admin/projects'))
    const [entry, ...others] = await everything()
    expect(others).toEqual([])
    expect(entry).toMatchObject({
      action: 'update',
      resourceName: 'Refonte',
      userInfo: { screenResolution: '1920x1080', timezone: 'Europe/Paris' },
    })
    // The next page read is an access of its own.
    await access(at('GET', '/admin/skills'))
    expect((await everything()).map((e) => e.action).sort()).toEqual(['access', 'update'])
  })

  it('keeps the access entry of a request whose action writes nothing', async () => {
    vi.stubEnv('GEO_LOOKUP_URL', '')
    await access(at('POST', '/admin/projects'))
    await access(at('GET', '/admin/projects'))
    expect((await everything()).map((e) => e.action)).toEqual(['access', 'access'])
  })
})
