import { afterAll, describe, expect, test } from 'bun:test'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SETTINGS_MSG } from '../contract/settings'
import { MANAGER } from '../contract/roles'
import { makeTestEnv, type TestEnv } from '../test/harness'
import { ensureExecutable, freePort, startServer } from '../test/server'
import { tlsPaths } from './local-ca'
import { parsePublicHosts, publicNames, publicUrls, unreachableReason } from './public-hosts'

const iface = (address: string) => ({ address, family: 'IPv4' as const, internal: false, cidr: `${address}/16`, netmask: '255.255.0.0', mac: '00:00:00:00:00:00' })

describe('--public-host / RIMS_PUBLIC_HOST', () => {
  test('takes names and addresses, comma-separated, and refuses anything else with the flag named', () => {
    expect(parsePublicHosts(' rims.local, 192.168.1.20 ,[fd00::1]')).toEqual(['rims.local', '192.168.1.20', 'fd00::1'])
    expect(parsePublicHosts(undefined)).toEqual([])
    for (const bad of ['http://rims.local', 'rims local', '300.1.1.1', 'a..b']) expect(() => parsePublicHosts(bad)).toThrow('--public-host (RIMS_PUBLIC_HOST)')
  })

  test('the named hosts replace the names the box finds by itself, beside loopback', () => {
    expect(publicNames(['rims.local', '192.168.1.20'], 'bistro.example')).toEqual({ dns: ['localhost', 'rims.local', 'bistro.example'], ips: ['127.0.0.1', '::1', '192.168.1.20'] })
    expect(publicUrls(['192.168.1.20'], 3000, 3443)).toEqual([{ http: 'http://192.168.1.20:3000', https: 'https://192.168.1.20:3443' }])
  })

  test('in a container on a bridge network without a named host, no address is reachable; with host networking or a name, it is', () => {
    const bridged = { eth0: [iface('10.88.0.15')] }
    const reason = unreachableReason({ container: true, publicHosts: [], publicUrl: '', interfaces: bridged })
    expect(reason).toContain('10.88.0.15')
    expect(reason).toContain('RIMS_PUBLIC_HOST')
    expect(reason).toContain('--network host')
    expect(unreachableReason({ container: true, publicHosts: [], publicUrl: '', interfaces: { eth0: [iface('192.168.1.20')], docker0: [iface('172.17.0.1')] } })).toBeNull()
    expect(unreachableReason({ container: true, publicHosts: ['192.168.1.20'], publicUrl: '', interfaces: bridged })).toBeNull()
    expect(unreachableReason({ container: false, publicHosts: [], publicUrl: '', interfaces: bridged })).toBeNull()
  })
})

describe('"require HTTPS" only when devices can follow the redirect', () => {
  let env: TestEnv
  afterAll(() => env?.close())

  test('refused while HTTPS is off, and while the only addresses are the container\'s own; a public URL makes it possible', async () => {
    env = await makeTestEnv()
    const { token } = await env.userOf(MANAGER)
    const off = await env.call('PUT', '/api/manager/settings', { token, body: { require_https: true } })
    expect(off.status).toBe(409)
    expect(off.body.message).toBe(SETTINGS_MSG.httpsOff)
    expect(env.deps.settings.get().require_https).toBe(false)

    env.deps.tls = { caPem: null, fingerprint: null, urls: [{ http: 'http://10.88.0.15:3000', https: 'https://10.88.0.15:3443' }], unreachable: 'RIMS runs in a container …' }
    const bridged = await env.call('PUT', '/api/manager/settings', { token, body: { require_https: true } })
    expect(bridged.status).toBe(409)
    expect(bridged.body.message).toBe(SETTINGS_MSG.httpsUnreachable('RIMS runs in a container …'))
    expect(env.deps.settings.get().require_https).toBe(false)

    const named = await env.call('PUT', '/api/manager/settings', { token, body: { require_https: true, public_url: 'https://rims.bistro.example' } })
    expect(named.status).toBe(200)
    expect(env.deps.settings.get().require_https).toBe(true)
  })
})

describe('the executable in a container', () => {
  test('with RIMS_PUBLIC_HOST the certificate names those hosts, and a restart keeps it', async () => {
    const exe = await ensureExecutable()
    const dataDir = mkdtempSync(join(tmpdir(), 'rims-public-host-'))
    const env = { RIMS_IN_CONTAINER: '1', RIMS_PUBLIC_HOST: 'rims.bistro.lan,192.168.1.20', RIMS_HTTPS_PORT: String(freePort()) }
    let server = await startServer({ command: [exe], dataDir, env })
    await server.stop()
    expect(server.output()).not.toContain('RIMS_PUBLIC_HOST=')
    expect(server.output()).toContain('https://192.168.1.20:')
    const certPath = tlsPaths(dataDir).serverCert
    const san = new X509Certificate(readFileSync(certPath)).subjectAltName ?? ''
    expect(san).toContain('DNS:rims.bistro.lan')
    expect(san).toContain('IP Address:192.168.1.20')
    expect(san).toContain('DNS:localhost')
    const before = { cert: readFileSync(certPath, 'utf8'), mtime: statSync(certPath).mtimeMs, ca: readFileSync(tlsPaths(dataDir).caCert, 'utf8') }

    server = await startServer({ command: [exe], dataDir, env: { ...env, RIMS_HTTPS_PORT: String(freePort()) } })
    await server.stop()
    expect(readFileSync(certPath, 'utf8')).toBe(before.cert)
    expect(statSync(certPath).mtimeMs).toBe(before.mtime)
    expect(readFileSync(tlsPaths(dataDir).caCert, 'utf8')).toBe(before.ca)
  }, 60_000)
})
