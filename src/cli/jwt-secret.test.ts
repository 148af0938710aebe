import { expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, startServer } from '../test/server'

const serveWith = (secret: string) =>
  Bun.spawnSync([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--host', '127.0.0.1', '--port', '0', '--https-port', '0', '--data', mkdtempSync(join(tmpdir(), 'rims-secret-'))], {
    env: { ...process.env, RIMS_JWT_SECRET: secret },
    stdout: 'pipe',
    stderr: 'pipe',
    timeout: 20_000,
  })

test('a RIMS_JWT_SECRET shorter than 32 bytes stops the start with a clear message', () => {
  const run = serveWith('only-twenty-one-bytes')
  expect(run.exitCode).toBe(2)
  expect(run.stderr.toString()).toContain('RIMS_JWT_SECRET is 21 bytes long; it must be at least 32 bytes')
}, 30_000)

test('a 32-byte RIMS_JWT_SECRET starts', async () => {
  const server = await startServer({ env: { RIMS_JWT_SECRET: 'x'.repeat(32) } })
  expect((await fetch(server.url + '/api/health')).status).toBe(200)
  await server.stop()
}, 30_000)
