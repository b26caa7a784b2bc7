// `npm run test:cluster`: the cross-process tests (ADR 034) on a real cluster, two
// app servers from the production build on a throw-away PostgreSQL behind a proxy
// (tests/cluster/harness.ts). Needs the build (`npm run build`) and Debian's PostgreSQL.
import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/cluster/**/*.test.ts'],
    // One cluster for the file; its servers are processes of their own.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
})
