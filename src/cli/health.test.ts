import { expect, test } from 'bun:test'
import { spawnSync } from 'bun'
import { ensureExecutable, freePort, startServer } from '../test/server'

const health = (exe: string, port: number) => {
  const started = performance.now()
  const run = spawnSync([exe, 'health', '--port', String(port)], { env: { ...process.env, RIMS_PORT: '' } })
  return { code: run.exitCode, ms: performance.now() - started, out: run.stdout.toString() + run.stderr.toString() }
}

test('rims health exits 0 while the server answers and 1 within a second once it is gone', async () => {
  const exe = await ensureExecutable()
  const server = await startServer({ command: [exe] })
  const port = Number(new URL(server.url).port)
  const up = health(exe, port)
  expect(up.code).toBe(0)
  expect(up.out).toContain('/api/health')
  await server.stop()
  const down = health(exe, port)
  expect(down.code).toBe(1)
  expect(down.out).toContain('not answering')
  expect(down.ms).toBeLessThan(1_000 + 500) // the executable's own start-up on a busy box comes on top of the 900 ms limit
}, 60_000)

test('rims health on a port where nothing listens says so and exits 1', async () => {
  const exe = await ensureExecutable()
  const run = health(exe, freePort())
  expect(run.code).toBe(1)
  expect(run.out).toContain('RIMS is not answering at http://127.0.0.1:')
})
