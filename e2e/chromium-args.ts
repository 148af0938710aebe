// The switches the suite's Chromium starts with (playwright.config.ts, and e2e/https.spec.ts's own browsers).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Chromium 156 opens a hidden WebUI omnibox popup in every window, each browser context a window of its own,
 * with a renderer that lays it out: ≈ 20 % of the suite's CPU on 2 cores (session 13: 13 tests, 102–111 s of
 * CPU with it, 75–77 s without). No test uses the address bar, so both popups are switched off.
 */
const NOT_USED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * Chromium keeps only the last `--disable-features` switch, and Playwright passes its own list (HTTPS upgrades,
 * paint holding, … off) before ours: the switch repeats Playwright's list, read from the installed
 * playwright-core, with ours added. Where that list cannot be read (a Playwright release that moved it), ours is
 * left out and the suite is only slower.
 */
function disableFeaturesSwitch(): string[] {
  const require = createRequire(import.meta.url)
  const bundle = readFileSync(join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'), 'utf8')
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]
  const playwright = list === undefined ? [] : [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!)
  if (playwright.length === 0) {
    console.warn("e2e/chromium-args.ts: Playwright's --disable-features list was not found; the omnibox popups stay on")
    return []
  }
  return [`--disable-features=${[...playwright, ...NOT_USED].join(',')}`]
}

/** Every switch the suite starts Chromium with: no sandbox (root in a container), no GPU, nothing fetched in the background. */
export const suiteChromiumArgs = () => ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...disableFeaturesSwitch()]
