// ADR 037: Better Auth is loaded on first need and pg only with DATABASE_URL. Checked in a
// fresh Node process (this worker's module cache is shared with other tests), which records
// every module Node resolves: a SQLite database and anonymous requests, even carrying other
// cookies of ours, load neither; the first request with a session cookie loads Better Auth.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lazy-auth-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const CHILD = `
import { registerHooks } from 'node:module'
const loaded = new Set()
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context)
    const found = /\\/node_modules\\/(better-auth|pg)\\//.exec(result.url)
    if (found) loaded.add(found[1])
    return result
  },
})
const snapshot = () => [...loaded].sort()
const { initDatabase, closeDatabase } = await import('#app/server/db/client.server.ts')
const { getSessionUser } = await import('#app/server/auth/session.server.ts')
await initDatabase(process.env.DATA_DIR)
const steps = { database: snapshot() }
const request = (cookie) => new Request('http://127.0.0.1/', cookie ? { headers: { cookie } } : {})
steps.anonymous = [await getSessionUser(request()), snapshot()]
steps.otherCookies = [
  await getSessionUser(request('vitrine_device=abc.def; vitrine_consent=accepted; theme=dark')),
  snapshot(),
]
steps.sessionCookie = [await getSessionUser(request('better-auth.session_token=forged.value')), snapshot()]
await closeDatabase()
console.log(JSON.stringify(steps))
`

describe('Better Auth and pg load on first need (ADR 037)', () => {
  it('an anonymous request on SQLite loads neither; a session cookie loads Better Auth', () => {
    const { DATABASE_URL: _ignored, ...env } = process.env
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
      cwd: ROOT,
      env: {
        ...env,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'error',
        BETTER_AUTH_SECRET: 'lazy-auth-test-secret-lazy-auth-test-secret',
      },
      encoding: 'utf8',
    })
    expect(child.stderr).toBe('')
    const steps = JSON.parse(child.stdout.trim().split('\n').at(-1)!)
    expect(steps).toEqual({
      database: [],
      anonymous: [null, []],
      otherCookies: [null, []],
      // A forged token is no session, but finding that out takes Better Auth.
      sessionCookie: [null, ['better-auth']],
    })
  })
})
