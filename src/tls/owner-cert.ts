import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fingerprint256, pemCertificates } from './fingerprint'

/** A problem with the owner's certificate or key: the start stops with this message (exit 2). */
export class TlsConfigError extends Error {}

export interface OwnerCertificate {
  certPem: string
  keyPem: string
  subject: string
  notAfter: Date
  /** The issuing CA when the file's chain ends in one (served as /ca.crt), else null. */
  caPem: string | null
}

function readPem(path: string, what: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as { code?: string }).code
    const problem = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read (permission denied)' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${(e as Error).message})`
    throw new TlsConfigError(`The TLS ${what} file ${path} (${flag}) ${problem}.`)
  }
}

/**
 * Loads `--cert/--key`: a PEM certificate (optionally followed by its chain) and its private key.
 * A missing file, a key of another certificate or an expired certificate is refused here, so the
 * owner reads what is wrong instead of a TLS library's error.
 */
export function loadOwnerCertificate(certFile: string, keyFile: string, now = new Date()): OwnerCertificate {
  const certPath = resolve(certFile)
  const keyPath = resolve(keyFile)
  const certText = readPem(certPath, 'certificate', '--cert / RIMS_TLS_CERT')
  const keyText = readPem(keyPath, 'key', '--key / RIMS_TLS_KEY')
  const chain = pemCertificates(certText)
  if (chain.length === 0) throw new TlsConfigError(`The TLS certificate file ${certPath} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`)
  let leaf: X509Certificate
  try {
    leaf = new X509Certificate(chain[0])
  } catch (e) {
    throw new TlsConfigError(`The TLS certificate file ${certPath} holds a certificate that cannot be read (${(e as Error).message}).`)
  }
  let key: KeyObject
  try {
    key = createPrivateKey(keyText)
  } catch {
    throw new TlsConfigError(`The TLS key file ${keyPath} holds no readable private key (PEM, unencrypted).`)
  }
  if (!leaf.checkPrivateKey(key)) throw new TlsConfigError(`The TLS key file ${keyPath} does not match the certificate in ${certPath}.`)
  const notAfter = new Date(leaf.validTo)
  if (notAfter.getTime() <= now.getTime()) throw new TlsConfigError(`The TLS certificate in ${certPath} expired on ${notAfter.toISOString()}.`)
  const notBefore = new Date(leaf.validFrom)
  if (notBefore.getTime() > now.getTime()) throw new TlsConfigError(`The TLS certificate in ${certPath} is not valid before ${notBefore.toISOString()}; check the box's clock.`)
  const last = chain.length > 1 ? new X509Certificate(chain[chain.length - 1]) : null
  return { certPem: certText, keyPem: keyText, subject: leaf.subject, notAfter, caPem: last?.ca ? chain[chain.length - 1] + '\n' : null }
}

export const ownerFingerprint = (o: OwnerCertificate) => (o.caPem ? fingerprint256(o.caPem) : null)
