import { defineConfig, devices } from '@playwright/test'
import { availableParallelism } from 'node:os'
import { suiteChromiumArgs } from './e2e/chromium-args'

// Each worker starts RIMS of its own (e2e/fixtures.ts) on E2E_PORT + its index, with its own data dir, so
// workers never share data. Two by default (one on a single core); E2E_WORKERS overrides.
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(2, availableParallelism()))

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }
const mobile = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
// `*.phone.spec.ts` is a phone-only job (375 px); `*.desktop.spec.ts` runs at 1280 px only. A plain `*.spec.ts`
// runs at both, but a test in it whose subject is drawn the same at both widths (a rule, a message, a round trip
// to the server) is tagged with the one it runs at: `@phone` or `@desktop` (docs/testing.md).
const desktopIgnore = /\.phone\.spec\.ts$/
// A phone 375 px wide (Chromium only); pure-logic and HTTPS specs run once, on desktop.
const mobileIgnore = /((ui-units|https)\.spec|\.desktop\.spec)\.ts$/

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers,
  retries: 0,
  // Conditions, not stopwatches: a busy box (other jobs, load 10 on 2 cores) makes every step several times
  // slower, and a test must not fail for that alone. What the app's speed must be is for scripts/bench/.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL is the worker's own server (e2e/fixtures.ts).
    // No trace by default: recording one (screenshots and DOM snapshots at every step) took ≈ 40 % more CPU than the
    // tests themselves on 2 cores. To see a failure step by step: `npx playwright test <spec> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: suiteChromiumArgs(),
    },
  },
  projects: [
    { name: 'desktop', testIgnore: desktopIgnore, grepInvert: /@phone\b/, use: desktop },
    { name: 'mobile', testIgnore: mobileIgnore, grepInvert: /@desktop\b/, use: mobile },
  ],
})
