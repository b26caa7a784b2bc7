import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { getEnv, StartupError } from './env.server.ts'

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-env-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('environment', () => {
  it('has defaults that make a fresh clone start', () => {
    const dir = tempDir()
    const env = getEnv({ DATA_DIR: dir })
    expect(env.PORT).toBe(3000)
    expect(env.DEMO_CONTENT).toBe(true)
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(env.ACTIVITY_RETENTION_DAYS).toBe(365)
    expect(env.GEO_LOOKUP_URL).toBeUndefined()
  })

  it('generates the auth secret once and keeps it in the data directory', () => {
    const dir = tempDir()
    const first = getEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first)
    expect(getEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(first)
  })

  it('reads booleans and numbers, and rejects nonsense with a French message', () => {
    const dir = tempDir()
    expect(getEnv({ DATA_DIR: dir, DEMO_CONTENT: 'false', PORT: '8080' })).toMatchObject({
      DEMO_CONTENT: false,
      PORT: 8080,
      PUBLIC_URL: 'http://localhost:8080',
    })
    expect(() => getEnv({ DATA_DIR: dir, PORT: 'abc' })).toThrow(StartupError)
    expect(() => getEnv({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/Configuration invalide/)
  })

  it('stops with a clear message when the data directory cannot be written', () => {
    // A regular file where the directory should be: nothing can be created below it.
    const file = path.join(tempDir(), 'not-a-directory')
    writeFileSync(file, 'x')
    expect(() => getEnv({ DATA_DIR: path.join(file, 'data') })).toThrow(/inaccessible en écriture/)
  })
})
