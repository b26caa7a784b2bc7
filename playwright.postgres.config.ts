// The browser tests against PostgreSQL (`npm run test:postgres:e2e`, part of `npm test`;
// ADR 034): the public pages, sign-in and access, and one admin content flow, each
// worker's server on its own copy of a migrated PostgreSQL template (ADR 028). The whole
// suite runs that way with `VITRINE_E2E_POSTGRES=1 npx playwright test`; this subset keeps
// `npm test` within its time budget. Left out: public/page-cache.spec.ts, whose factories
// write from the test process and expect the very next request to see it; on PostgreSQL
// that change reaches the server by notification, a few milliseconds later (ADR 033). The
// cluster tests check the same rule through a real admin save (ADR 034).
import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

// Read by the global set-up (main process) and inherited by the workers.
process.env.VITRINE_E2E_POSTGRES = '1'

export default defineConfig({
  ...base,
  // The media specs' S3 project is the main run's (media storage is not the database's).
  projects: [{ name: 'disque' }],
  testMatch: [
    'public/smoke.spec.ts',
    'public/home.spec.ts',
    'public/projects.spec.ts',
    'public/blog.spec.ts',
    'public/contact.spec.ts',
    // The built-in statistics: collection, storage and the dashboard (ADR 072).
    'public/statistics.spec.ts',
    'admin/statistics.spec.ts',
    'auth/login.spec.ts',
    'auth/guard.spec.ts',
    'auth/sessions.spec.ts',
    'auth/authorization-matrix.spec.ts',
    'admin/projects.spec.ts',
    'admin/profile.spec.ts',
  ],
  outputDir: process.env.E2E_DIR ? `${process.env.E2E_DIR}/pg-results` : '.tmp/pg-results',
})
