import base from './playwright.config'
import { defineConfig } from '@playwright/test'
export default defineConfig({
  ...base,
  testDir: '/work/wt-locale/e2e',
  outputDir: '/tmp/loc/test-results',
  timeout: 150_000,
  expect: { timeout: 25_000 },
  webServer: { ...(base.webServer as object), cwd: '/work/wt-locale', timeout: 120_000 } as any,
})
