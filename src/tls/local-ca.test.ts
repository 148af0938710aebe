import 'reflect-metadata'
import * as x509 from '@peculiar/x509'
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fingerprint256 } from './fingerprint'
import { ensureLocalCertificates, issueServerCertificate, loadAuthority, makeAuthority, namesOf, SERVER_DAYS, tlsPaths } from './local-ca'
import { serverNames } from './names'

const DAY = 86_400_000
const NAMES = { dns: ['localhost', 'backoffice', 'backoffice.local'], ips: ['127.0.0.1', '::1', '192.168.1.20', 'fd00::20'] }
const freshDir = () => mkdtempSync(join(tmpdir(), 'rims-tls-'))

describe('the local certificate authority', () => {
  test('first start writes the CA and the server certificate, keys readable by the owner only', async () => {
    const dir = freshDir()
    const made = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const p = tlsPaths(dir)
    for (const f of [p.caCert, p.caKey, p.serverCert, p.serverKey]) expect(existsSync(f)).toBe(true)
    expect(statSync(p.caKey).mode & 0o777).toBe(0o600)
    expect(statSync(p.serverKey).mode & 0o777).toBe(0o600)
    expect(made.madeCa).toBe(true)
    expect(made.issued).toBe('no server certificate yet')
    expect(made.fingerprint).toBe(fingerprint256(readFileSync(p.caCert, 'utf8')))
    expect(made.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    expect(readFileSync(p.caCert, 'utf8')).not.toContain('PRIVATE KEY')
  })

  test('the CA is ECDSA P-256 for 10 years, named after the restaurant, and may sign server certificates only', async () => {
    const dir = freshDir()
    await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const ca = new x509.X509Certificate(readFileSync(tlsPaths(dir).caCert, 'utf8'))
    expect(ca.subjectName.getField('CN')).toEqual(['RIMS local CA (Test Bistro)'])
    expect(ca.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    const years = (ca.notAfter.getTime() - ca.notBefore.getTime()) / DAY / 365
    expect(years).toBeGreaterThan(9.99)
    expect(years).toBeLessThan(10.01)
    const basic = ca.getExtension(x509.BasicConstraintsExtension)!
    expect([basic.ca, basic.pathLength, basic.critical]).toEqual([true, 0, true])
    expect(ca.getExtension(x509.KeyUsagesExtension)!.usages).toBe(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign)
    expect(await ca.isSelfSigned()).toBe(true)
  })

  test('the server certificate is signed by the CA, for serverAuth, at most 825 days, with every name of the box', async () => {
    const dir = freshDir()
    await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const p = tlsPaths(dir)
    const ca = new x509.X509Certificate(readFileSync(p.caCert, 'utf8'))
    const cert = new x509.X509Certificate(readFileSync(p.serverCert, 'utf8'))
    expect(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true)
    expect(cert.issuer).toBe(ca.subject)
    expect(cert.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    expect(cert.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toEqual([x509.ExtendedKeyUsage.serverAuth])
    expect(cert.getExtension(x509.BasicConstraintsExtension)!.ca).toBe(false)
    expect(cert.notAfter.getTime() - cert.notBefore.getTime()).toBeLessThanOrEqual(SERVER_DAYS * DAY)
    expect(namesOf(readFileSync(p.serverCert, 'utf8'))).toEqual(NAMES)
  })

  test('a restart with the same names keeps the CA and the server certificate', async () => {
    const dir = freshDir()
    const first = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const again = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Another name', names: { dns: [...NAMES.dns].reverse(), ips: ['fd00:0:0:0:0:0:0:20', ...NAMES.ips.slice(0, 3)] } })
    expect(again.madeCa).toBe(false)
    expect(again.issued).toBeNull()
    expect(again.fingerprint).toBe(first.fingerprint)
    expect(again.certPem).toBe(first.certPem)
  })

  test('a changed address list re-issues the server certificate under the same CA', async () => {
    const dir = freshDir()
    const first = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const moved = { dns: NAMES.dns, ips: ['127.0.0.1', '::1', '10.0.0.7'] }
    const again = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: moved })
    expect(again.issued).toBe("the box's names or addresses changed")
    expect(again.fingerprint).toBe(first.fingerprint)
    expect(again.certPem).not.toBe(first.certPem)
    expect(namesOf(again.certPem).ips).toEqual(moved.ips)
  })

  test('fewer than 30 days left re-issues the server certificate under the same CA', async () => {
    const dir = freshDir()
    const first = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const notAfter = new x509.X509Certificate(first.certPem).notAfter
    const at31 = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES, now: new Date(notAfter.getTime() - 31 * DAY) })
    expect(at31.issued).toBeNull()
    const at29 = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES, now: new Date(notAfter.getTime() - 29 * DAY) })
    expect(at29.issued).toBe('fewer than 30 days remain')
    expect(at29.fingerprint).toBe(first.fingerprint)
  })
})

describe('the local CA is trusted for the box and private addresses only (critical name constraints)', () => {
  // openssl verify checks name constraints like a browser: a certificate for a name outside them fails.
  const verify = (caPem: string, certPem: string) => {
    const dir = freshDir()
    writeFileSync(join(dir, 'ca.pem'), caPem)
    writeFileSync(join(dir, 'cert.pem'), certPem)
    const run = Bun.spawnSync(['openssl', 'verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'cert.pem')], { stdout: 'pipe', stderr: 'pipe' })
    return { ok: run.exitCode === 0, out: run.stdout.toString() + run.stderr.toString() }
  }
  const issue = async (dir: string, names: { dns: string[]; ips: string[] }) => {
    const authority = (await loadAuthority(tlsPaths(dir), new Date()))!
    return (await issueServerCertificate({ authority, names })).cert.toString('pem')
  }

  test('the constraint is critical and names localhost, .local, the host name and the private ranges', async () => {
    const dir = freshDir()
    const made = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    const ext = new x509.X509Certificate(made.caPem).getExtension('2.5.29.30')
    expect(ext?.critical).toBe(true)
    const text = Bun.spawnSync(['openssl', 'x509', '-noout', '-ext', 'nameConstraints'], { stdin: new TextEncoder().encode(made.caPem), stdout: 'pipe' }).stdout.toString()
    for (const entry of ['DNS:localhost', 'DNS:local', 'DNS:backoffice', 'IP:10.0.0.0/255.0.0.0', 'IP:172.16.0.0/255.240.0.0', 'IP:192.168.0.0/255.255.0.0', 'IP:127.0.0.0/255.0.0.0']) expect(text).toContain(entry)
  })

  test("the box's own certificate verifies; one for localhost and a .local name verifies", async () => {
    const dir = freshDir()
    const made = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    expect(verify(made.caPem, made.certPem)).toMatchObject({ ok: true })
    expect(verify(made.caPem, await issue(dir, { dns: ['localhost', 'till.local'], ips: ['127.0.0.1', '10.1.2.3', '172.20.0.1', 'fe80::1', '::1'] }))).toMatchObject({ ok: true })
  })

  test('a certificate it signed for example.com, a bank or a public address fails verification', async () => {
    const dir = freshDir()
    const made = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: NAMES })
    for (const names of [{ dns: ['example.com'], ips: [] }, { dns: ['localhost', 'www.bank.co.zm'], ips: [] }, { dns: ['localhost'], ips: ['8.8.8.8'] }, { dns: ['localhost'], ips: ['2001:db8::1'] }]) {
      const result = verify(made.caPem, await issue(dir, names))
      expect({ names, ok: result.ok }).toEqual({ names, ok: false })
      expect(result.out).toMatch(/name constraint|permitted subtree/i)
    }
  })

  test("a public URL's host known when the CA is made is permitted; a name outside the CA is left out of the server certificate", async () => {
    const dir = freshDir()
    const first = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: { dns: [...NAMES.dns, 'rims.bistro.co.zm'], ips: NAMES.ips } })
    expect(verify(first.caPem, first.certPem)).toMatchObject({ ok: true })
    const later = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: { dns: [...NAMES.dns, 'rims.bistro.co.zm', 'elsewhere.example'], ips: [...NAMES.ips, '203.0.113.9'] } })
    expect(later.fingerprint).toBe(first.fingerprint)
    expect(namesOf(later.certPem).dns).not.toContain('elsewhere.example')
    expect(namesOf(later.certPem).ips).not.toContain('203.0.113.9')
    expect(verify(later.caPem, later.certPem)).toMatchObject({ ok: true })
  })

  test('a CA made before the constraint (none) is kept, and its server certificates still carry every name', async () => {
    const dir = freshDir()
    const p = tlsPaths(dir)
    const old = await makeAuthority('Old Bistro', new Date(), null)
    mkdirSync(p.dir, { recursive: true })
    writeFileSync(p.caKey, old.keyPem, { mode: 0o600 })
    writeFileSync(p.caCert, old.cert.toString('pem') + '\n')
    const made = await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names: { dns: [...NAMES.dns, 'elsewhere.example'], ips: NAMES.ips } })
    expect(made.madeCa).toBe(false)
    expect(namesOf(made.certPem).dns).toContain('elsewhere.example')
  })
})

describe("the box's names", () => {
  const interfaces = {
    lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4' as const, mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
    eth0: [
      { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4' as const, mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' },
      { address: 'FD00:0::20', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6' as const, mac: '02:00:00:00:00:01', internal: false, cidr: 'fd00::20/64', scopeid: 0 },
    ],
  }

  test('are localhost, the host name and its .local name, loopback and every LAN address, IPv4 and IPv6', () => {
    expect(serverNames({ host: 'BackOffice', interfaces })).toEqual({ dns: ['localhost', 'backoffice', 'backoffice.local'], ips: ['127.0.0.1', '::1', '192.168.1.20', 'fd00::20'] })
  })

  test("include the public URL's host", () => {
    expect(serverNames({ host: 'box', interfaces, extraHost: 'rims.example.com' }).dns).toContain('rims.example.com')
    expect(serverNames({ host: 'box', interfaces, extraHost: '10.1.1.1' }).ips).toContain('10.1.1.1')
  })
})
