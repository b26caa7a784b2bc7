import { defineConfig } from '@playwright/test'

// Browser tests run against the production build (built once by `npm test`), with one
// server and one database per worker (tests/fixtures/test.ts). The `s3` project runs the
// media specs again with the media in an S3 bucket (a real S3 API server per worker, ADR 068).
export default defineConfig<object, { s3: boolean }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/setup/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  outputDir: process.env.E2E_DIR ? `${process.env.E2E_DIR}/results` : '.tmp/test-results',
  projects: [
    { name: 'disque' },
    {
      name: 's3',
      use: { s3: true },
      testMatch: [
        'admin/media-upload.spec.ts',
        'admin/cv-private.spec.ts',
        'public/timeline-gallery.spec.ts',
      ],
    },
  ],
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
