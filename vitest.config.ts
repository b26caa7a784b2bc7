import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/vitest.setup.ts'],
    pool: 'forks',
    testTimeout: 15_000,
  },
})
