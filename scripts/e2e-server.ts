// Starts RIMS as the browser tests see it, by hand (to look at what a spec sees): a fresh temp data dir with
// demo data on E2E_PORT (3210), the compiled executable, or, with E2E_UI_DIR set, the source with that UI
// build (so parallel work never shares one build). Playwright itself starts one such server per worker
// (e2e/fixtures.ts, through startServer in e2e/helpers.ts), not this script.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const data = mkdtempSync(join(tmpdir(), 'rims-e2e-'))
const port = process.env.E2E_PORT ?? '3210'
const uiDir = process.env.E2E_UI_DIR
const command = uiDir ? [process.execPath, join(root, 'src/main.ts')] : [join(root, 'dist/rims')]
const proc = Bun.spawn([...command, 'serve', '--demo', '--host', '127.0.0.1', '--port', port, '--data', data], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, RIMS_HTTPS_PORT: '0', ...(uiDir ? { RIMS_UI_DIR: uiDir } : {}) },
})
const stop = () => (proc.kill(), process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await proc.exited
