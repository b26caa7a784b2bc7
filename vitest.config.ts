import { defineConfig } from 'vitest/config'
import { scratchEnv } from './tests/setup/scratch.ts'

export default defineConfig({
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/vitest.setup.ts'],
    globalSetup: ['tests/setup/vitest-sqlite.ts'],
    pool: 'forks',
    // Temporary databases in memory-backed storage when there is room (tests/setup/scratch.ts).
    env: scratchEnv(),
    // Sized for a loaded 2-core machine (CI), where `npm test` runs this suite beside the
    // PostgreSQL one and the static checks (scripts/test.ts): a test may wait on a real
    // database, a child process or a server; hooks create a fresh database for each test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
