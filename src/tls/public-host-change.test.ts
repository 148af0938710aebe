import 'reflect-metadata'
import { describe, expect, test } from 'bun:test'
import { X509Certificate } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServer } from '../test/server'
import { ensureLocalCertificates, namesOf, tlsPaths } from './local-ca'
import { CHECKED_FILE, currentLocalCertificates } from './local-check'
import { publicNames } from './public-hosts'
import { prepareTls } from './setup'

// Issue 29 (14): a new RIMS_PUBLIC_HOST (--public-host) on a data dir that already holds a certificate must end up
// in the certificate, as it does on a fresh data dir, with the box's other names beside it.

const SETTINGS = { restaurant_name: 'Test Bistro', public_url: '' }
const LOOPBACK = { dns: ['localhost'], ips: ['127.0.0.1', '::1'] }
const freshDir = () => mkdtempSync(join(tmpdir(), 'rims-host-change-'))

/** openssl verify checks the CA's name constraints as a browser does. */
function verifies(caPem: string, certPem: string) {
  const dir = freshDir()
  writeFileSync(join(dir, 'ca.pem'), caPem)
  writeFileSync(join(dir, 'cert.pem'), certPem)
  const run = Bun.spawnSync(['openssl', 'verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'cert.pem')], { stdout: 'pipe', stderr: 'pipe' })
  return run.exitCode === 0 ? 'ok' : run.stdout.toString() + run.stderr.toString()
}

const stored = (dir: string) => ({ ca: readFileSync(tlsPaths(dir).caCert, 'utf8'), cert: readFileSync(tlsPaths(dir).serverCert, 'utf8') })

describe('starting again with a new public host', () => {
  for (const [kind, host] of [
    ['a DNS name', 'rims.bistro.lan'],
    ['an IP address outside the private ranges (a Tailscale address)', '100.101.102.103'],
  ] as const) {
    test(`${kind}: the re-issued certificate names it, beside localhost and loopback, and devices accept it`, async () => {
      const dir = freshDir()
      await prepareTls({ dataDir: dir, settings: SETTINGS })
      const first = stored(dir)
      const again = await prepareTls({ dataDir: dir, publicHosts: [host], settings: SETTINGS })
      const names = namesOf(again.cert)
      expect(names).toEqual({ dns: host.includes('.bistro') ? [...LOOPBACK.dns, host] : LOOPBACK.dns, ips: host.includes('.bistro') ? LOOPBACK.ips : [...LOOPBACK.ips, host] })
      // As a fresh data dir with the same host would have it.
      const fresh = freshDir()
      expect(namesOf((await prepareTls({ dataDir: fresh, publicHosts: [host], settings: SETTINGS })).cert)).toEqual(names)
      // What is stored is what is served, and it verifies under the CA /ca.crt hands out.
      expect(stored(dir).cert).toBe(again.cert)
      expect(again.info.caPem).toBe(stored(dir).ca)
      expect(verifies(again.info.caPem!, again.cert)).toBe('ok')
      // The old CA could not vouch for the name: a new one, and the log says every device must install it.
      expect(stored(dir).ca).not.toBe(first.ca)
      expect(again.notes.join('\n')).toContain(`could not vouch for ${host}`)
      expect(again.notes.join('\n')).toContain('Every device must install the new CA')
      // The next start with the same host keeps all of it.
      const third = await prepareTls({ dataDir: dir, publicHosts: [host], settings: SETTINGS })
      expect(third.cert).toBe(again.cert)
      expect(third.notes).toEqual([])
    })
  }

  test('a public host the CA already vouches for (a .local name, a private address) keeps the CA', async () => {
    const dir = freshDir()
    await prepareTls({ dataDir: dir, settings: SETTINGS })
    const first = stored(dir)
    const again = await prepareTls({ dataDir: dir, publicHosts: ['till.local', '192.168.7.7'], settings: SETTINGS })
    expect(namesOf(again.cert)).toEqual({ dns: ['localhost', 'till.local'], ips: ['127.0.0.1', '::1', '192.168.7.7'] })
    expect(stored(dir).ca).toBe(first.ca)
  })

  test('tls/checked.json of a certificate re-issued without the name does not make it trusted', async () => {
    const dir = freshDir()
    await prepareTls({ dataDir: dir, publicHosts: ['backoffice.local'], settings: SETTINGS })
    // What an earlier RIMS left: the certificate re-issued for the new host without it, and its check recorded.
    const names = publicNames(['rims.bistro.lan'])
    await ensureLocalCertificates({ dataDir: dir, caLabel: 'Test Bistro', names })
    expect(namesOf(stored(dir).cert).dns).not.toContain('rims.bistro.lan')
    currentLocalCertificates({ dataDir: dir, names })
    expect(existsSync(join(tlsPaths(dir).dir, CHECKED_FILE))).toBe(true)
    expect(currentLocalCertificates({ dataDir: dir, names, required: names })).toBeNull()

    const again = await prepareTls({ dataDir: dir, publicHosts: ['rims.bistro.lan'], settings: SETTINGS })
    expect(namesOf(again.cert).dns).toContain('rims.bistro.lan')
    expect(verifies(again.info.caPem!, again.cert)).toBe('ok')
    // The next start checks the new files and records them: the record now names the host, and the certificate is kept.
    const next = await prepareTls({ dataDir: dir, publicHosts: ['rims.bistro.lan'], settings: SETTINGS })
    expect(next.cert).toBe(again.cert)
    const record = JSON.parse(readFileSync(join(tlsPaths(dir).dir, CHECKED_FILE), 'utf8'))
    expect(record.san.dns).toContain('rims.bistro.lan')
  })
})

describe('rims serve, started again with RIMS_PUBLIC_HOST', () => {
  /** The subjectAltName of the certificate the HTTPS listener presents. */
  const servedSan = (port: number) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () => {
        resolve(new X509Certificate(socket.getPeerX509Certificate()!.raw).subjectAltName ?? '')
        socket.end()
      })
      socket.on('error', reject)
    })

  test('the served certificate names the new host beside localhost and loopback', async () => {
    const dataDir = freshDir()
    let server = await startServer({ dataDir, env: { RIMS_HTTPS_PORT: String(freePort()) } })
    await server.stop()
    const httpsPort = freePort()
    server = await startServer({ dataDir, env: { RIMS_HTTPS_PORT: String(httpsPort), RIMS_PUBLIC_HOST: 'rims.bistro.lan' } })
    try {
      const san = await servedSan(httpsPort)
      for (const name of ['DNS:rims.bistro.lan', 'DNS:localhost', 'IP Address:127.0.0.1', 'IP Address:0:0:0:0:0:0:0:1']) expect(san).toContain(name)
      expect(new X509Certificate(readFileSync(tlsPaths(dataDir).serverCert)).subjectAltName).toBe(san)
      expect(server.output()).toContain('Every device must install the new CA')
    } finally {
      await server.stop()
    }
  }, 60_000)
})
