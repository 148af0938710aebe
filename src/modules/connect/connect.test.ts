import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CA_CERT_CONTENT_TYPE } from '../../contract/connect'
import { CHEF, MANAGER, STOREKEEPER } from '../../contract/roles'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import type { TlsInfo } from '../../tls/info'
import { ensureLocalCertificates } from '../../tls/local-ca'

let env: TestEnv
let tls: TlsInfo

beforeAll(async () => {
  const local = await ensureLocalCertificates({ dataDir: mkdtempSync(join(tmpdir(), 'rims-connect-')), caLabel: 'Test Bistro', names: { dns: ['localhost'], ips: ['127.0.0.1', '192.168.1.20'] } })
  tls = {
    caPem: local.caPem,
    fingerprint: local.fingerprint,
    urls: [
      { http: 'http://localhost:3000', https: 'https://localhost:3443' },
      { http: 'http://192.168.1.20:3000', https: 'https://192.168.1.20:3443' },
    ],
  }
  env = await makeTestEnv({ tls })
})
afterAll(() => env.close())

describe('GET /ca.crt', () => {
  test('hands out the CA certificate without sign-in, as a CA certificate, never a key', async () => {
    const res = await env.app.handle(new Request('http://localhost/ca.crt'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(CA_CERT_CONTENT_TYPE)
    const body = await res.text()
    expect(body).toBe(tls.caPem!)
    expect(body).toStartWith('-----BEGIN CERTIFICATE-----')
    expect(body).not.toContain('PRIVATE KEY')
  })

  test('answers 404 when there is no local CA (HTTPS off)', async () => {
    const plain = await makeTestEnv()
    const res = await plain.call('GET', '/ca.crt')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('CA certificate not found')
    plain.close()
  })
})

describe('GET /api/manager/connect', () => {
  test('gives the Manager each address, the CA fingerprint and a QR code (SVG) per HTTPS address', async () => {
    const manager = await env.userOf(MANAGER)
    const res = await env.call('GET', '/api/manager/connect', { token: manager.token })
    expect(res.status).toBe(200)
    expect(res.body.data.urls).toEqual(tls.urls)
    expect(res.body.data.ca_fingerprint_sha256).toBe(tls.fingerprint)
    expect(Object.keys(res.body.data.qr_svgs)).toEqual(['https://localhost:3443', 'https://192.168.1.20:3443'])
    for (const svg of Object.values(res.body.data.qr_svgs) as string[]) expect(svg).toStartWith('<svg')
  })

  test('without HTTPS, gives the HTTP address and no fingerprint', async () => {
    const plain = await makeTestEnv()
    const manager = await plain.userOf(MANAGER)
    const res = await plain.call('GET', '/api/manager/connect', { token: manager.token })
    expect(res.body.data.urls).toEqual([{ http: 'http://rims.test:3000', https: null }])
    expect(res.body.data.ca_fingerprint_sha256).toBeNull()
    expect(Object.keys(res.body.data.qr_svgs)).toEqual(['http://rims.test:3000'])
    plain.close()
  })

  test('is refused to Storekeepers, Chefs and anyone not signed in', async () => {
    for (const role of [STOREKEEPER, CHEF]) {
      const user = await env.userOf(role)
      expect((await env.call('GET', '/api/manager/connect', { token: user.token })).status).toBe(403)
    }
    expect((await env.call('GET', '/api/manager/connect')).status).toBe(401)
  })
})
