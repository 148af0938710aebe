import { expect, test } from 'bun:test'
import { spawnSync } from 'bun'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureExecutable, freePort } from '../test/server'
import { startupErrorLine } from './startup-error'

/** Runs the executable as an unprivileged user when we are root (root writes anywhere). */
function runAsUser(command: string[]) {
  const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : []
  const run = spawnSync([...asUser, ...command], { env: { ...process.env, RIMS_HTTPS_PORT: '0' }, stdout: 'pipe', stderr: 'pipe', timeout: 20_000 })
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

test('an unwritable data folder stops the start with one clear line and a non-zero exit', async () => {
  const exe = await ensureExecutable()
  const parent = mkdtempSync(join(tmpdir(), 'rims-ro-'))
  chmodSync(parent, 0o755)
  const data = join(parent, 'data')
  mkdirSync(data, { mode: 0o755 }) // owned by someone else (root), or read-only for us
  if (process.getuid?.() !== 0) chmodSync(data, 0o500)
  const run = runAsUser([exe, 'serve', '--host', '127.0.0.1', '--port', String(freePort()), '--data', data])
  expect(run.code).not.toBe(0)
  const lines = run.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain('permission denied')
  expect(lines[0]).toContain(data)
  expect(lines[0]).toMatch(new RegExp(`chown -R \\d+:\\d+ ${data}$`))
  expect(run.stdout).not.toContain('RIMS is running')
})

test('a file where the data folder should be says so in one line', async () => {
  const exe = await ensureExecutable()
  const file = join(mkdtempSync(join(tmpdir(), 'rims-file-')), 'data')
  writeFileSync(file, 'not a folder')
  const run = spawnSync([exe, 'serve', '--host', '127.0.0.1', '--port', String(freePort()), '--data', file], { env: { ...process.env, RIMS_HTTPS_PORT: '0' }, timeout: 20_000 })
  expect(run.exitCode).toBe(1)
  const err = run.stderr.toString().trim()
  expect(err.split('\n')).toHaveLength(1)
  expect(err).toContain('a file is in the way')
})

test('other errors keep to their first line', () => {
  expect(startupErrorLine(new Error('database disk image is malformed\n    at open (x.ts:1)'))).toBe('RIMS could not start: database disk image is malformed')
  expect(startupErrorLine({ code: 'ENOSPC', path: '/data/rims.db' })).toContain('the disk is full')
})
