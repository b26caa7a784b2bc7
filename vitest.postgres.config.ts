// `npm run test:postgres`: the integration tests (those on a real database through
// tests/fixtures/db.ts) against PostgreSQL, plus the PostgreSQL-only tests (ADR 028).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
}

const integration = ['app', 'server', 'scripts'].flatMap(testFiles).filter((file) => {
  const text = readFileSync(file, 'utf8')
  return text.includes('fixtures/db.ts') || text.includes('VITRINE_TEST_POSTGRES')
})

const config = mergeConfig(
  base,
  defineConfig({ test: { globalSetup: ['tests/setup/vitest-postgres.ts'] } }),
)
// mergeConfig concatenates arrays: replace the base's include instead.
config.test = { ...config.test, include: integration }
export default config
