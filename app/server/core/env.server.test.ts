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

/** getEnv's French refusal of these variables (a StartupError), or 'accepté'. */
function refusalIn(dir: string) {
  return (extra: Record<string, string>) => {
    try {
      getEnv({ DATA_DIR: dir, ...extra })
    } catch (error) {
      expect(error).toBeInstanceOf(StartupError)
      return (error as Error).message
    }
    return 'accepté'
  }
}

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

  it('refuses, in French and naming the variable, what an owner might get wrong', () => {
    const dir = tempDir()
    const refusal = refusalIn(dir)
    // A URL without its scheme used to start, then crash at the first sign-in page.
    expect(refusal({ PUBLIC_URL: 'portfolio.exemple.fr' })).toContain(
      'PUBLIC_URL: doit être une adresse http(s) complète (ex. : https://portfolio.exemple.fr)',
    )
    expect(refusal({ PUBLIC_URL: 'ftp://exemple.fr' })).toContain('PUBLIC_URL')
    // FORCE_HTTPS=False or off meant "true"; a wrong switch now stops the start.
    for (const value of ['False', 'off', 'non', 'peut-etre'])
      expect(refusal({ FORCE_HTTPS: value })).toContain(
        'FORCE_HTTPS: attendu : true ou false (ou 1/0, yes/no)',
      )
    expect(refusal({ PAGE_CACHE: 'oui' })).toContain('PAGE_CACHE')
    expect(refusal({ PAGE_CACHE_MAX_MB: '-1' })).toContain(
      'PAGE_CACHE_MAX_MB: doit être un nombre de mégaoctets supérieur à 0',
    )
    expect(refusal({ PAGE_CACHE_MAX_MB: 'abc' })).toContain('PAGE_CACHE_MAX_MB')
    expect(refusal({ MEDIA_MAX_IMAGE_MB: '0' })).toContain(
      'MEDIA_MAX_IMAGE_MB: doit être un nombre de mégaoctets supérieur à 0',
    )
    expect(refusal({ LOG_LEVEL: 'loud' })).toContain(
      'LOG_LEVEL: attendu : debug, info, warn, error ou silent',
    )
    expect(refusal({ NODE_ENV: 'staging' })).toContain('attendu : production, development ou test')
    expect(refusal({ BETTER_AUTH_SECRET: 'abc' })).toContain(
      'BETTER_AUTH_SECRET: au moins 32 caractères',
    )
    expect(refusal({ ADMIN_EMAIL: 'garbage' })).toContain(
      'ADMIN_EMAIL: une adresse e-mail est attendue',
    )
    for (const name of ['GOOGLE_DISCOVERY_URL', 'FACEBOOK_TOKEN_URL', 'GEO_LOOKUP_URL'])
      expect(refusal({ [name]: 'garbage' })).toContain(`${name}: doit être une adresse http(s)`)
    // Blank is unset: the default, not port 0 (a random port) nor 0 MB.
    expect(getEnv({ DATA_DIR: dir, PORT: '', PAGE_CACHE_MAX_MB: ' ' })).toMatchObject({
      PORT: 3000,
      PAGE_CACHE_MAX_MB: 16,
      FORCE_HTTPS: true,
    })
    expect(
      getEnv({
        DATA_DIR: dir,
        PUBLIC_URL: 'https://portfolio.exemple.fr/',
        FORCE_HTTPS: 'false',
        GEO_LOOKUP_URL: 'https://geo.exemple.fr/{ip}',
      }),
    ).toMatchObject({
      PUBLIC_URL: 'https://portfolio.exemple.fr',
      FORCE_HTTPS: false,
      GEO_LOOKUP_URL: 'https://geo.exemple.fr/{ip}',
    })
  })

  it('reads the S3 variables and refuses the ones that cannot go together (ADR 068)', () => {
    const dir = tempDir()
    const refusal = refusalIn(dir)
    expect(getEnv({ DATA_DIR: dir }).S3_BUCKET).toBeUndefined()
    expect(
      getEnv({
        DATA_DIR: dir,
        S3_BUCKET: 'mon-site',
        S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
        S3_REGION: 'fr-par',
        S3_ACCESS_KEY_ID: 'SCWXXXX',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ S3_BUCKET: 'mon-site', S3_FORCE_PATH_STYLE: true, S3_REGION: 'fr-par' })
    expect(refusal({ S3_ENDPOINT: 'https://s3.fr-par.scw.cloud' })).toContain(
      'S3_BUCKET: à définir pour stocker les médias dans un compartiment S3 (S3_ENDPOINT est définie)',
    )
    expect(refusal({ S3_BUCKET: 'site', S3_ACCESS_KEY_ID: 'k' })).toContain(
      "S3_SECRET_ACCESS_KEY: la clé d'accès S3 va par paire",
    )
    expect(refusal({ S3_BUCKET: 'Mon Site' })).toContain('S3_BUCKET: un nom de compartiment S3')
    expect(refusal({ S3_BUCKET: 'site', S3_ENDPOINT: 's3.exemple.fr' })).toContain(
      'S3_ENDPOINT: doit être une adresse http(s) complète',
    )
    expect(refusal({ S3_BUCKET: 'site', S3_FORCE_PATH_STYLE: 'oui' })).toContain(
      'S3_FORCE_PATH_STYLE: attendu : true ou false',
    )
  })

  it('stops with a clear message when the data directory cannot be written', () => {
    // A regular file where the directory should be: nothing can be created below it.
    const file = path.join(tempDir(), 'not-a-directory')
    writeFileSync(file, 'x')
    expect(() => getEnv({ DATA_DIR: path.join(file, 'data') })).toThrow(/inaccessible en écriture/)
  })
})
