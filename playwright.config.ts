import { defineConfig } from '@playwright/test'
import { scratchEnv } from './tests/setup/scratch.ts'

// Servers' data folders in memory-backed storage when there is room (tests/setup/scratch.ts);
// set here, in the runner, so the workers and the servers they start inherit it.
Object.assign(process.env, scratchEnv())

// Browser tests run against the production build (built once by `npm test`), with one
// server and one database per worker (tests/fixtures/test.ts). The `s3` project runs the
// media specs again with the media in an S3 bucket (a real S3 API server per worker, ADR 068).
//
// Sized for a loaded 2-core machine (CI), from measurement. Two workers, each with its own
// server and Chromium, still finish sooner than one on 2 cores: the auth folder (51 tests)
// took 218, 355 and 183 s with two workers against 270, 397 and 300 s with one, in three
// pairs of runs on a shared machine at load 12-28 (noisy figures). But each test then takes
// up to 2.2 times as long (median), so the time-outs, bounds on states being reached, leave
// room for that: 60 s a test (three times that for the multi-step flows marked
// `test.slow()`), 15 s an expectation.
// The specs that send through a real SMTP server (`useRealSmtp`, tests/fixtures/smtp-hooks.ts)
// are a project of their own, each file in one worker: mixed with the other specs test by test,
// a worker's server restarted at every change between sending and not sending mail, about
// twenty times a run (ADR 126).
const MAIL_SPECS = [
  'admin/newsletter.spec.ts',
  'admin/mail.spec.ts',
  'auth/password-reset.spec.ts',
  'auth/address-proof.spec.ts',
  'public/newsletter.spec.ts',
  'public/i18n-contact.spec.ts',
]

export default defineConfig<object, { s3: boolean }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/setup/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  outputDir: process.env.E2E_DIR ? `${process.env.E2E_DIR}/results` : '.tmp/test-results',
  projects: [
    { name: 'disque', testIgnore: MAIL_SPECS },
    { name: 'courrier', testMatch: MAIL_SPECS, fullyParallel: false },
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
    // A failed test keeps its trace (actions, DOM snapshots, network, console), without the
    // screencast: filming every test as JPEG frames took about 40 % of Chromium's CPU and a
    // third of the worker's on a page load, on every passing test too (ADR 119).
    trace: { mode: 'retain-on-failure', screenshots: false },
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
