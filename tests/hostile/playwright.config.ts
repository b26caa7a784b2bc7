// The hostile-input suite (`npm run test:hostile`): the browser-test set-up of the main
// configuration, one worker, its own folder (it takes a few minutes: not part of `npm test`).
import { defineConfig } from '@playwright/test'
import base from '../../playwright.config.ts'

export default defineConfig({
  ...base,
  testDir: '.',
  projects: [{ name: 'disque' }],
  testMatch: '*.spec.ts',
  globalSetup: '../setup/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  outputDir: process.env.E2E_DIR
    ? `${process.env.E2E_DIR}/hostile-results`
    : '../../.tmp/hostile-results',
})
