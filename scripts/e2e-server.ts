// Starts the compiled executable for Playwright on a fresh temp data dir with demo data.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const data = mkdtempSync(join(tmpdir(), 'rims-e2e-'))
const port = process.env.E2E_PORT ?? '3210'
const proc = Bun.spawn([join(root, 'dist/rims'), 'serve', '--demo', '--host', '127.0.0.1', '--port', port, '--data', data], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, RIMS_HTTPS_PORT: '0' },
})
const stop = () => (proc.kill(), process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await proc.exited
