import 'reflect-metadata'
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fingerprint256 } from './fingerprint'
import { ensureLocalCertificates, tlsPaths } from './local-ca'
import { CHECKED_FILE, currentLocalCertificates } from './local-check'

const DAY = 86_400_000
const NAMES = { dns: ['localhost', 'backoffice', 'backoffice.local'], ips: ['127.0.0.1', '::1', '192.168.1.20'] }

async function madeDir() {
  const dir = mkdtempSync(join(tmpdir(), 'rims-tls-check-'))
  await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
  return { dir, record: join(tlsPaths(dir).dir, CHECKED_FILE) }
}
const readRecord = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

describe('the stored certificates, checked at each start', () => {
  test('a full check keeps the certificates and records what it found, for the owner only', async () => {
    const { dir, record } = await madeDir()
    expect(existsSync(record)).toBe(false)
    const current = currentLocalCertificates({ dataDir: dir, names: NAMES })
    expect(current?.certPem).toBe(readFileSync(tlsPaths(dir).serverCert, 'utf8'))
    expect(current?.fingerprint).toBe(fingerprint256(readFileSync(tlsPaths(dir).caCert, 'utf8')))
    expect(statSync(record).mode & 0o777).toBe(0o600)
    expect(readRecord(record).san.ips).toContain('192.168.1.20')
  })

  test('the next start reads the record, not the certificates: what it says about expiry is what counts', async () => {
    const { dir, record } = await madeDir()
    currentLocalCertificates({ dataDir: dir, names: NAMES })
    writeFileSync(record, JSON.stringify({ ...readRecord(record), serverValidTo: Date.now() + 10 * DAY }))
    expect(currentLocalCertificates({ dataDir: dir, names: NAMES })).toBeNull()
  })

  test('a record of other files is ignored: a swapped key fails the full check', async () => {
    const { dir, record } = await madeDir()
    currentLocalCertificates({ dataDir: dir, names: NAMES })
    const other = await madeDir()
    writeFileSync(tlsPaths(dir).serverKey, readFileSync(tlsPaths(other.dir).serverKey))
    expect(currentLocalCertificates({ dataDir: dir, names: NAMES })).toBeNull()
    expect(readRecord(record).digest).toBeString() // the old record stays, and still matches nothing
  })

  test('a changed address, a certificate near its end or a damaged record: each decided as by a full check', async () => {
    const { dir, record } = await madeDir()
    currentLocalCertificates({ dataDir: dir, names: NAMES })
    expect(currentLocalCertificates({ dataDir: dir, names: { ...NAMES, ips: [...NAMES.ips, '192.168.1.21'] } })).toBeNull()
    expect(currentLocalCertificates({ dataDir: dir, names: NAMES, now: new Date(Date.now() + 800 * DAY) })).toBeNull()
    writeFileSync(record, '{ not json')
    expect(currentLocalCertificates({ dataDir: dir, names: NAMES })).not.toBeNull()
    expect(readRecord(record).fingerprint).toBe(fingerprint256(readFileSync(tlsPaths(dir).caCert, 'utf8')))
  })
})
