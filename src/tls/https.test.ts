import 'reflect-metadata'
import * as x509 from '@peculiar/x509'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { connect } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MANAGER } from '../contract/roles'
import { openAndMigrate } from '../db/open'
import { hashPassword } from '../lib/passwords'
import { insertUser, roleIdByName } from '../modules/users/repo'
import { ensureExecutable, freePort, ROOT, startServer, type RunningServer } from '../test/server'
import { fingerprint256 } from './fingerprint'
import { issueServerCertificate, loadAuthority, namesOf, SERVER_DAYS, tlsPaths } from './local-ca'
import { lanAddresses } from './names'
import { makeOwnerCertificate } from './testing'

const DAY = 86_400_000
const PASSWORD = 'correct-horse-9'

/** The certificate a TLS server presents, as its SHA-256 fingerprint. */
const presentedFingerprint = (port: number, ca: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
      resolve(fingerprint256(socket.getPeerX509Certificate()!.toString()))
      socket.end()
    })
    socket.on('error', reject)
  })

/**
 * fetch over HTTPS trusting only `ca`, verified by curl (OpenSSL, as browsers do): Bun's own TLS
 * client refuses any CA with iPAddress name constraints ("unsupported name constraint type").
 */
async function trustedFetch(url: string, ca: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  const dir = mkdtempSync(join(tmpdir(), 'rims-curl-'))
  writeFileSync(join(dir, 'ca.pem'), ca)
  const args = ['curl', '-sS', '--cacert', join(dir, 'ca.pem'), '-D', join(dir, 'headers'), '-o', join(dir, 'body'), '-X', init.method ?? 'GET']
  for (const [k, v] of Object.entries(init.headers ?? {})) args.push('-H', `${k}: ${v}`)
  if (init.body !== undefined) args.push('--data-binary', init.body)
  const run = Bun.spawnSync([...args, url], { stdout: 'pipe', stderr: 'pipe' })
  if (run.exitCode !== 0) throw new Error(`curl ${url}: ${run.stderr.toString()}`)
  const [statusLine, ...lines] = readFileSync(join(dir, 'headers'), 'utf8').trim().split(/\r?\n/)
  const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]))
  return new Response(readFileSync(join(dir, 'body')), { status: Number(statusLine.split(' ')[1]), headers })
}

/** Runs `rims serve` that is expected to stop at start; returns its exit code and output. */
async function startThatFails(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--host', '127.0.0.1', '--port', String(freePort()), '--data', mkdtempSync(join(tmpdir(), 'rims-fail-')), ...args], {
    env: { ...process.env, RIMS_HTTPS_PORT: String(freePort()), ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const code = await proc.exited
  return { code, output: (await new Response(proc.stdout).text()) + (await new Response(proc.stderr).text()) }
}

describe('the compiled executable on a fresh data dir', () => {
  let exe: string
  let dataDir: string
  let server: RunningServer
  let httpsPort: number
  const https = () => `https://127.0.0.1:${httpsPort}`
  const start = async () => {
    httpsPort = freePort()
    server = await startServer({ command: [exe], dataDir, env: { RIMS_HTTPS_PORT: String(httpsPort) } })
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rims-exe-tls-'))
    exe = join(dir, 'rims')
    copyFileSync(await ensureExecutable(), exe)
    Bun.spawnSync(['chmod', '+x', exe])
    dataDir = join(dir, 'data')
    await start()
  }, 120_000)
  afterAll(() => server?.stop())

  test('makes the CA and the server certificate under tls/, keys mode 0600', () => {
    const p = tlsPaths(dataDir)
    for (const f of [p.caCert, p.serverCert]) expect(statSync(f).isFile()).toBe(true)
    for (const key of [p.caKey, p.serverKey]) expect(statSync(key).mode & 0o777).toBe(0o600)
    expect(server.output()).toContain(fingerprint256(readFileSync(p.caCert, 'utf8')))
  })

  test('HTTPS on 127.0.0.1 and on localhost verifies when only the CA is trusted', async () => {
    const ca = readFileSync(tlsPaths(dataDir).caCert, 'utf8')
    for (const url of [https(), `https://localhost:${httpsPort}`]) {
      const res = await trustedFetch(url + '/api/health', ca)
      expect(res.status).toBe(200)
    }
    await expect(fetch(https() + '/api/health')).rejects.toThrow()
  })

  test('the server certificate is for serverAuth, at most 825 days, with the loopback and LAN addresses among its names', () => {
    const pem = readFileSync(tlsPaths(dataDir).serverCert, 'utf8')
    const cert = new x509.X509Certificate(pem)
    expect(cert.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toContain(x509.ExtendedKeyUsage.serverAuth)
    expect(cert.notAfter.getTime() - cert.notBefore.getTime()).toBeLessThanOrEqual(SERVER_DAYS * DAY)
    const names = namesOf(pem)
    expect(names.dns).toContain('localhost')
    expect(names.ips).toEqual(expect.arrayContaining(['127.0.0.1', '::1', ...lanAddresses().map((a) => a.address)]))
  })

  test('/ca.crt over HTTP and HTTPS is tls/ca.crt and holds no private key', async () => {
    const ca = readFileSync(tlsPaths(dataDir).caCert, 'utf8')
    for (const res of [await fetch(server.url + '/ca.crt'), await trustedFetch(https() + '/ca.crt', ca)]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/x-x509-ca-cert')
      const body = await res.text()
      expect(body).toBe(ca)
      expect(body).not.toContain('PRIVATE KEY')
    }
  })

  test('a restart keeps the same CA', async () => {
    const before = fingerprint256(readFileSync(tlsPaths(dataDir).caCert, 'utf8'))
    const cert = readFileSync(tlsPaths(dataDir).serverCert, 'utf8')
    await server.stop()
    await start()
    expect(fingerprint256(readFileSync(tlsPaths(dataDir).caCert, 'utf8'))).toBe(before)
    expect(readFileSync(tlsPaths(dataDir).serverCert, 'utf8')).toBe(cert)
    expect((await trustedFetch(https() + '/api/health', readFileSync(tlsPaths(dataDir).caCert, 'utf8'))).status).toBe(200)
  }, 30_000)

  test('a changed address list re-issues the server certificate under the same CA', async () => {
    const p = tlsPaths(dataDir)
    const before = fingerprint256(readFileSync(p.caCert, 'utf8'))
    await server.stop()
    // As if the box had been on another network when the certificate was made.
    const authority = (await loadAuthority(p, new Date()))!
    const old = await issueServerCertificate({ authority, names: { dns: ['localhost'], ips: ['127.0.0.1', '10.99.99.99'] } })
    writeFileSync(p.serverCert, old.cert.toString('pem'))
    writeFileSync(p.serverKey, old.keyPem, { mode: 0o600 })
    await start()
    const now = readFileSync(p.serverCert, 'utf8')
    expect(namesOf(now).ips).not.toContain('10.99.99.99')
    expect(namesOf(now).ips).toEqual(expect.arrayContaining(lanAddresses().map((a) => a.address)))
    expect(fingerprint256(readFileSync(p.caCert, 'utf8'))).toBe(before)
    expect((await trustedFetch(https() + '/api/health', readFileSync(p.caCert, 'utf8'))).status).toBe(200)
  }, 30_000)
})

describe("the owner's certificate (--cert/--key)", () => {
  test('is served instead of the local one, and its chain’s CA is handed out at /ca.crt', async () => {
    const owner = await makeOwnerCertificate()
    const httpsPort = freePort()
    const server = await startServer({ args: ['--cert', owner.chain, '--key', owner.key], env: { RIMS_HTTPS_PORT: String(httpsPort) } })
    try {
      expect(await presentedFingerprint(httpsPort, owner.caPem)).toBe(fingerprint256(owner.certPem))
      expect((await fetch(`https://localhost:${httpsPort}/api/health`, { tls: { ca: owner.caPem } })).status).toBe(200)
      expect(await (await fetch(server.url + '/ca.crt')).text()).toBe(owner.caPem)
    } finally {
      await server.stop()
    }
  }, 30_000)

  test('a missing file, a mismatched key and an expired certificate each stop the start with their message (exit 2)', async () => {
    const [a, b] = await Promise.all([makeOwnerCertificate(), makeOwnerCertificate()])
    const notAfter = new Date(Math.floor((Date.now() - DAY) / 1000) * 1000)
    const expired = await makeOwnerCertificate({ notBefore: new Date(notAfter.getTime() - 30 * DAY), notAfter })
    const missing = join(a.dir, 'missing.pem')
    const runs = await Promise.all([
      startThatFails(['--cert', missing, '--key', a.key]),
      startThatFails([], { RIMS_TLS_CERT: a.cert, RIMS_TLS_KEY: b.key }),
      startThatFails(['--cert', expired.cert, '--key', expired.key]),
    ])
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2])
    expect(runs[0].output).toContain(`The TLS certificate file ${missing} (--cert / RIMS_TLS_CERT) does not exist.`)
    expect(runs[1].output).toContain(`The TLS key file ${b.key} does not match the certificate in ${a.cert}.`)
    expect(runs[2].output).toContain(`The TLS certificate in ${expired.cert} expired on ${notAfter.toISOString()}.`)
  }, 30_000)
})

test('an HTTPS port already in use stops the start, naming the port and the flag', async () => {
  const busy = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  try {
    const run = await startThatFails([], { RIMS_HTTPS_PORT: String(busy.port) })
    expect(run.code).toBe(2)
    expect(run.output).toContain(`Port ${busy.port} is already in use. Start RIMS with --https-port <another port> (or set RIMS_HTTPS_PORT).`)
  } finally {
    busy.stop(true)
  }
}, 30_000)

describe('require_https', () => {
  let server: RunningServer
  let httpsPort: number
  let token: string
  const setRequireHttps = async (on: boolean, extra: Record<string, unknown> = {}) => {
    const res = await trustedFetch(`https://127.0.0.1:${httpsPort}/api/manager/settings`, readFileSync(tlsPaths(server.dataDir).caCert, 'utf8'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ require_https: on, ...extra }),
    })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rims-require-https-'))
    const db = openAndMigrate(join(dataDir, 'rims.db'))
    insertUser(db, { name: 'Owner', email: 'owner@bistro.test', passwordHash: await hashPassword(PASSWORD), roleId: roleIdByName(db, MANAGER)!, at: new Date().toISOString() })
    db.close()
    httpsPort = freePort()
    server = await startServer({ dataDir, env: { RIMS_HTTPS_PORT: String(httpsPort) } })
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@bistro.test', password: PASSWORD }) })
    token = ((await login.json()) as { data: { token: string } }).data.token
  }, 30_000)
  afterAll(() => server?.stop())

  test('off: HTTP serves the app', async () => {
    const res = await fetch(server.url + '/login', { redirect: 'manual' })
    expect(res.status).toBe(200)
  })

  test('on: HTTP answers 308 to the HTTPS URL with path and query kept; /ca.crt still over HTTP', async () => {
    await setRequireHttps(true)
    const res = await fetch(server.url + '/stock?page=2&q=tomato', { redirect: 'manual' })
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe(`https://127.0.0.1:${httpsPort}/stock?page=2&q=tomato`)
    const api = await fetch(server.url + '/api/health', { redirect: 'manual' })
    expect(api.status).toBe(308)
    const ca = await fetch(server.url + '/ca.crt', { redirect: 'manual' })
    expect(ca.status).toBe(200)
    expect(await ca.text()).toBe(readFileSync(tlsPaths(server.dataDir).caCert, 'utf8'))
  })

  test('on: HTTPS answers carry Strict-Transport-Security; HTTP answers never do', async () => {
    await setRequireHttps(true)
    const secure = await trustedFetch(`https://127.0.0.1:${httpsPort}/api/health`, readFileSync(tlsPaths(server.dataDir).caCert, 'utf8'))
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect((await fetch(server.url + '/ca.crt')).headers.get('strict-transport-security')).toBeNull()
  })

  test('a forged Host header cannot send the redirect to another site', async () => {
    await setRequireHttps(true)
    const res = await fetch(server.url + '/login', { redirect: 'manual', headers: { host: 'evil.example' } })
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe(`https://127.0.0.1:${httpsPort}/login`)
  })

  test("with a public URL, the redirect goes to its host on RIMS's HTTPS port", async () => {
    await setRequireHttps(true, { public_url: 'http://rims.bistro.test:8080' })
    const res = await fetch(server.url + '/login', { redirect: 'manual', headers: { host: 'evil.example' } })
    expect(res.headers.get('location')).toBe(`https://rims.bistro.test:${httpsPort}/login`)
    await setRequireHttps(false, { public_url: '' })
    expect((await fetch(server.url + '/login', { redirect: 'manual' })).status).toBe(200)
  })
})
