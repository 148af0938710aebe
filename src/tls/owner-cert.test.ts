import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { loadOwnerCertificate, TlsConfigError } from './owner-cert'
import { makeOwnerCertificate } from './testing'

const DAY = 86_400_000

const failure = (fn: () => unknown): string => {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(TlsConfigError)
    return (e as Error).message
  }
  throw new Error('expected a TlsConfigError')
}

describe("the owner's certificate", () => {
  test('a matching, valid certificate and key are served as given; a chain ending in a CA hands that CA out', async () => {
    const owner = await makeOwnerCertificate()
    const plain = loadOwnerCertificate(owner.cert, owner.key)
    expect(plain.certPem).toBe(owner.certPem)
    expect(plain.caPem).toBeNull()
    const chained = loadOwnerCertificate(owner.chain, owner.key)
    expect(chained.caPem).toBe(owner.caPem)
  })

  test('a missing certificate or key file is named with the problem', async () => {
    const owner = await makeOwnerCertificate()
    const missing = join(owner.dir, 'nope.pem')
    expect(failure(() => loadOwnerCertificate(missing, owner.key))).toBe(`The TLS certificate file ${missing} (--cert / RIMS_TLS_CERT) does not exist.`)
    expect(failure(() => loadOwnerCertificate(owner.cert, missing))).toBe(`The TLS key file ${missing} (--key / RIMS_TLS_KEY) does not exist.`)
  })

  test('a file that is not a certificate, or a key file without a key, is refused', async () => {
    const owner = await makeOwnerCertificate()
    expect(failure(() => loadOwnerCertificate(owner.key, owner.key))).toBe(`The TLS certificate file ${owner.key} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`)
    expect(failure(() => loadOwnerCertificate(owner.cert, owner.cert))).toBe(`The TLS key file ${owner.cert} holds no readable private key (PEM, unencrypted).`)
  })

  test('a key of another certificate is refused', async () => {
    const [a, b] = await Promise.all([makeOwnerCertificate(), makeOwnerCertificate()])
    expect(failure(() => loadOwnerCertificate(a.cert, b.key))).toBe(`The TLS key file ${b.key} does not match the certificate in ${a.cert}.`)
  })

  test('an expired certificate is refused with its end date', async () => {
    const notAfter = new Date(Math.floor((Date.now() - 2 * DAY) / 1000) * 1000)
    const owner = await makeOwnerCertificate({ notBefore: new Date(notAfter.getTime() - 30 * DAY), notAfter })
    expect(failure(() => loadOwnerCertificate(owner.cert, owner.key))).toBe(`The TLS certificate in ${owner.cert} expired on ${notAfter.toISOString()}.`)
  })
})
