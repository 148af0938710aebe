import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './server'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startServer', () => {
  test('a server that never answers /api/health is killed before the error is thrown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rims-srv-hang-'))
    const pidFile = join(dir, 'pid')
    // Stands in for a server stuck before listening: it writes its pid and idles.
    const hang = [process.execPath, '-e', `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`]
    try {
      await expect(startServer({ command: hang, dataDir: dir, timeoutMs: 1500 })).rejects.toThrow('server did not start within 1500 ms')
      const pid = Number(readFileSync(pidFile, 'utf8'))
      expect(pid).toBeGreaterThan(0)
      expect(alive(pid)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
