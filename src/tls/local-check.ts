import { X509Certificate, createPrivateKey } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fingerprint256 } from './fingerprint'
import { allowedNames, decodeNameConstraints, type PermittedNames } from './name-constraints'
import { canonicalIp, sameNames, type ServerNames } from './names'

const DAY = 86_400_000
/** A certificate with fewer days left than this is made again (local-ca.ts). */
export const RENEW_DAYS = 30

export interface TlsPaths {
  dir: string
  caCert: string
  caKey: string
  serverCert: string
  serverKey: string
}

export const tlsPaths = (dataDir: string): TlsPaths => {
  const dir = join(dataDir, 'tls')
  return { dir, caCert: join(dir, 'ca.crt'), caKey: join(dir, 'ca.key'), serverCert: join(dir, 'server.crt'), serverKey: join(dir, 'server.key') }
}

const readIfExists = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null)

// The name constraints extension (2.5.29.30) as DER: OID 55 1D 1E, an optional critical flag, then the value.
const NAME_CONSTRAINTS_DER = [0x06, 0x03, 0x55, 0x1d, 0x1e]

/** The names a CA may sign for, read from its DER without an ASN.1 library; null when unconstrained. */
export function permittedByDer(der: Uint8Array): PermittedNames | null {
  let at = -1
  for (let i = 0; i + NAME_CONSTRAINTS_DER.length <= der.length && at < 0; i++) {
    if (NAME_CONSTRAINTS_DER.every((b, k) => der[i + k] === b)) at = i + NAME_CONSTRAINTS_DER.length
  }
  if (at < 0) return null
  if (der[at] === 0x01) at += 2 + der[at + 1]
  if (der[at] !== 0x04) throw new Error('malformed name constraints extension')
  let length = der[at + 1]
  let start = at + 2
  if (length & 0x80) {
    const count = length & 0x7f
    length = 0
    for (let k = 0; k < count; k++) length = length * 256 + der[at + 2 + k]
    start += count
  }
  return decodeNameConstraints(der.subarray(start, start + length))
}

/** The DNS names and IP addresses in a certificate's subjectAltName, as node:crypto spells them. */
function sanNames(cert: X509Certificate): ServerNames {
  const parts = (cert.subjectAltName ?? '').split(', ').filter(Boolean)
  return {
    dns: parts.filter((p) => p.startsWith('DNS:')).map((p) => p.slice(4)),
    ips: parts.filter((p) => p.startsWith('IP Address:')).map((p) => canonicalIp(p.slice(11))),
  }
}

/**
 * What a full check of the four PEM files found that does not change while the files do not: written beside them
 * (`tls/checked.json`) and trusted only for the exact bytes its digest names. A start then compares a SHA-256
 * (native) instead of parsing certificates and keys with node:crypto (≈ 0.3 MB less resident after start, measured).
 */
interface CheckedFiles {
  digest: string
  caValidTo: number
  serverValidTo: number
  /** The server certificate's subjectAltName. */
  san: ServerNames
  /** The CA's name constraints (null: unconstrained). */
  permitted: PermittedNames | null
  fingerprint: string
}

const digestOf = (files: string[]) => {
  const hasher = new Bun.CryptoHasher('sha256')
  for (const f of files) hasher.update(f).update('\0')
  return hasher.digest('hex')
}

function readChecked(path: string, digest: string): CheckedFiles | null {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as CheckedFiles
    return record.digest === digest && Number.isFinite(record.caValidTo) && Number.isFinite(record.serverValidTo) && record.san && record.fingerprint ? record : null
  } catch {
    return null
  }
}

/** The full check with node:crypto: keys matching, the server's certificate signed by the CA; null when not. */
function checkFiles(digest: string, caPem: string, caKey: string, certPem: string, keyPem: string): CheckedFiles | null {
  try {
    const ca = new X509Certificate(caPem)
    if (!ca.checkPrivateKey(createPrivateKey(caKey))) return null
    const server = new X509Certificate(certPem)
    if (!server.verify(ca.publicKey)) return null
    if (!server.checkPrivateKey(createPrivateKey(keyPem))) return null
    const validTo = (c: X509Certificate) => new Date(c.validTo).getTime()
    return { digest, caValidTo: validTo(ca), serverValidTo: validTo(server), san: sanNames(server), permitted: permittedByDer(new Uint8Array(ca.raw)), fingerprint: fingerprint256(caPem) }
  } catch {
    return null
  }
}

/**
 * The stored local CA and server certificate when both still fit this box (valid for more than
 * RENEW_DAYS, keys matching, the server's signed by the CA and naming exactly the box's allowed
 * names); null when anything must be made (then local-ca.ts, with its certificate library, is
 * loaded). Keeps @peculiar/x509 out of an ordinary start, and node:crypto too once the files were checked.
 * `required`: names the owner set (--public-host) that the certificate must carry, even where the CA's
 * constraints leave them out of the allowed names (local-ca.ts then makes a CA that may vouch for them).
 */
export function currentLocalCertificates(o: { dataDir: string; names: ServerNames; required?: ServerNames; now?: Date }) {
  const now = (o.now ?? new Date()).getTime()
  const paths = tlsPaths(o.dataDir)
  const [caPem, caKey, certPem, keyPem] = [paths.caCert, paths.caKey, paths.serverCert, paths.serverKey].map(readIfExists)
  if (!caPem || !caKey || !certPem || !keyPem) return null
  const digest = digestOf([caPem, caKey, certPem, keyPem])
  const recordPath = join(paths.dir, CHECKED_FILE)
  let checked = readChecked(recordPath, digest)
  if (!checked) {
    checked = checkFiles(digest, caPem, caKey, certPem, keyPem)
    if (!checked) return null
    try {
      writeFileSync(recordPath, JSON.stringify(checked), { mode: 0o600 })
    } catch {} // a read-only data dir: the next start checks the files again
  }
  if (checked.caValidTo - now < RENEW_DAYS * DAY || checked.serverValidTo - now < RENEW_DAYS * DAY) return null
  if (!sameNames(checked.san, allowedNames(o.names, checked.permitted))) return null
  if (o.required && !carriesAll(checked.san, o.required)) return null
  return { caPem, certPem, keyPem, fingerprint: checked.fingerprint }
}

/** Whether a certificate's names include every one of `wanted`. */
export function carriesAll(names: ServerNames, wanted: ServerNames): boolean {
  const dns = new Set(names.dns.map((d) => d.toLowerCase()))
  const ips = new Set(names.ips.map(canonicalIp))
  return wanted.dns.every((d) => dns.has(d.toLowerCase())) && wanted.ips.every((ip) => ips.has(canonicalIp(ip)))
}

/** The record of the last full check, in the tls folder. */
export const CHECKED_FILE = 'checked.json'
