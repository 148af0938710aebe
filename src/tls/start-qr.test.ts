import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startQr } from './setup'
import { terminalQr } from './qr'

test('the start-up QR code is kept in the data folder per address and made again when the address changes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rims-qr-'))
  try {
    const a = 'https://192.168.1.20:3443'
    const made = await startQr(a, dir)
    expect(made).toBe(await terminalQr(a))
    const cache = join(dir, 'start-qr.txt')
    expect(readFileSync(cache, 'utf8')).toBe(`${a}\n${made}`)
    expect(statSync(cache).mode & 0o777).toBe(0o600)
    // The kept code is what the next start prints (the QR library is not asked).
    writeFileSync(cache, `${a}\nKEPT`)
    expect(await startQr(a, dir)).toBe('KEPT')
    // Another address: a new code, kept instead.
    const b = 'https://rims.lan:3443'
    expect(await startQr(b, dir)).toBe(await terminalQr(b))
    expect(readFileSync(cache, 'utf8').split('\n')[0]).toBe(b)
    // Without a data folder: made each time, nothing written.
    expect(await startQr(a)).toBe(await terminalQr(a))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
