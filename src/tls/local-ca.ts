import 'reflect-metadata'
import * as x509 from '@peculiar/x509'
import { X509Certificate as NodeCertificate, createPrivateKey } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fingerprint256 } from './fingerprint'
import { allowedNames, decodeNameConstraints, encodeNameConstraints, NAME_CONSTRAINTS_OID, permittedFor, type PermittedNames } from './name-constraints'
import { canonicalIp, sameNames, type ServerNames } from './names'
import { RENEW_DAYS, tlsPaths, type TlsPaths } from './local-check'

export { RENEW_DAYS, tlsPaths, type TlsPaths }

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const
const DAY = 86_400_000
export const CA_DAYS = 3650
/** The longest validity iPhones and iPads accept for a certificate under a user-installed CA. */
export const SERVER_DAYS = 825
// A box whose clock is a little behind must still accept a certificate made a moment ago.
const BACKDATE_MS = 60 * 60 * 1000

export interface Authority {
  cert: x509.X509Certificate
  key: CryptoKey
}

const newKeys = () => crypto.subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<CryptoKeyPair>
const keyPem = async (key: CryptoKey) => x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY')
const importKey = (pem: string) => crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(pem), EC, false, ['sign'])

/**
 * A certificate authority of its own: ECDSA P-256, 10 years, may sign server certificates only
 * (path length 0) and, through critical name constraints, only for the names `permitted` lists
 * (null: no constraint, as RIMS made them before, or an owner's company CA in tests).
 */
export async function makeAuthority(label: string, now: Date, permitted: PermittedNames | null): Promise<Authority & { keyPem: string }> {
  const keys = await newKeys()
  const notBefore = new Date(now.getTime() - BACKDATE_MS)
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: [{ CN: [`RIMS local CA (${label})`] }, { O: ['RIMS'] }],
    keys,
    signingAlgorithm: EC,
    notBefore,
    notAfter: new Date(notBefore.getTime() + CA_DAYS * DAY),
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ...(permitted ? [new x509.Extension(NAME_CONSTRAINTS_OID, true, encodeNameConstraints(permitted))] : []),
    ],
  })
  return { cert, key: keys.privateKey, keyPem: await keyPem(keys.privateKey) }
}

/** A server certificate for the given names, signed by the authority. Tests pass their own validity dates. */
export async function issueServerCertificate(o: { authority: Authority; names: ServerNames; now?: Date; notBefore?: Date; notAfter?: Date }) {
  const keys = await newKeys()
  const notBefore = o.notBefore ?? new Date((o.now ?? new Date()).getTime() - BACKDATE_MS)
  const cert = await x509.X509CertificateGenerator.create({
    subject: [{ CN: [o.names.dns.find((d) => d !== 'localhost') ?? 'localhost'] }],
    issuer: o.authority.cert.subjectName.toJSON(),
    publicKey: keys.publicKey,
    signingKey: o.authority.key,
    signingAlgorithm: EC,
    notBefore,
    notAfter: o.notAfter ?? new Date(notBefore.getTime() + SERVER_DAYS * DAY),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([...o.names.dns.map((value) => ({ type: 'dns' as const, value })), ...o.names.ips.map((value) => ({ type: 'ip' as const, value }))]),
      await x509.AuthorityKeyIdentifierExtension.create(o.authority.cert.publicKey),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  })
  return { cert, keyPem: await keyPem(keys.privateKey) }
}

/** The names a CA may sign for, or null when it has no name constraints (made before RIMS added them). */
export function permittedBy(ca: x509.X509Certificate): PermittedNames | null {
  const ext = ca.getExtension(NAME_CONSTRAINTS_OID)
  return ext ? decodeNameConstraints(new Uint8Array(ext.value)) : null
}

/** The DNS names and IP addresses a certificate is valid for. */
export function namesOf(certPem: string): ServerNames {
  const san = new x509.X509Certificate(certPem).getExtension(x509.SubjectAlternativeNameExtension)
  const names = san?.names.toJSON() ?? []
  return { dns: names.filter((n) => n.type === 'dns').map((n) => n.value), ips: names.filter((n) => n.type === 'ip').map((n) => canonicalIp(n.value)) }
}

/** Writes through a temporary file and a rename, so a power cut never leaves half a key; keys are 0600. */
function writeAtomically(path: string, text: string, mode: number) {
  writeFileSync(`${path}.tmp`, text, { mode })
  chmodSync(`${path}.tmp`, mode)
  renameSync(`${path}.tmp`, path)
}

const readIfExists = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null)

export async function loadAuthority(paths: TlsPaths, now: Date): Promise<Authority | null> {
  const certPem = readIfExists(paths.caCert)
  const pem = readIfExists(paths.caKey)
  if (!certPem || !pem) return null
  const cert = new x509.X509Certificate(certPem)
  if (cert.notAfter.getTime() - now.getTime() < RENEW_DAYS * DAY) return null
  if (!new NodeCertificate(certPem).checkPrivateKey(createPrivateKey(pem))) return null
  return { cert, key: await importKey(pem) }
}

/** Why the stored server certificate must be replaced, or null when it still fits this box. */
async function reissueReason(paths: TlsPaths, authority: Authority, names: ServerNames, now: Date): Promise<string | null> {
  const certPem = readIfExists(paths.serverCert)
  const pem = readIfExists(paths.serverKey)
  if (!certPem || !pem) return 'no server certificate yet'
  const cert = new x509.X509Certificate(certPem)
  if (!(await cert.verify({ publicKey: authority.cert.publicKey, signatureOnly: true }))) return 'signed by another CA'
  if (!new NodeCertificate(certPem).checkPrivateKey(createPrivateKey(pem))) return 'the key does not match'
  if (cert.notAfter.getTime() - now.getTime() < RENEW_DAYS * DAY) return `fewer than ${RENEW_DAYS} days remain`
  if (!sameNames(namesOf(certPem), names)) return "the box's names or addresses changed"
  return null
}

/** The names of `wanted` that a CA with these constraints may not vouch for. */
function outside(wanted: ServerNames, permitted: PermittedNames | null): string[] {
  const allowed = allowedNames(wanted, permitted)
  return [...wanted.dns.filter((d) => !allowed.dns.includes(d)), ...wanted.ips.filter((ip) => !allowed.ips.includes(ip))]
}

/** A new CA's constraints keep what the one it replaces permitted: names devices already reach it by stay valid. */
const widened = (p: PermittedNames, old: PermittedNames | null): PermittedNames =>
  old ? { dns: [...new Set([...p.dns, ...old.dns])], ips: [...new Set([...p.ips, ...old.ips])] } : p

export interface LocalCertificates {
  caPem: string
  certPem: string
  keyPem: string
  fingerprint: string
  caSubject: string
  madeCa: boolean
  /** The required names the previous CA could not vouch for, when they made a new CA at this start; else empty. */
  caReplacedFor: string[]
  /** Why the server certificate was (re-)issued at this start, or null when the stored one was kept. */
  issued: string | null
  ms: number
}

/**
 * The local CA and the server certificate under `<data>/tls/`: the CA is made once (or when it
 * nears its end), the server certificate re-issued when the box's names changed or it nears expiry.
 * A name found by the box that the CA's constraints do not permit is left out; a `required` one (the owner's
 * --public-host) is not: the CA is made again, permitting it and everything the old one did, as a fresh data
 * dir would have it, and every device must install the new CA.
 */
export async function ensureLocalCertificates(o: { dataDir: string; caLabel: string; names: ServerNames; required?: ServerNames; now?: Date }): Promise<LocalCertificates> {
  const started = performance.now()
  const now = o.now ?? new Date()
  const paths = tlsPaths(o.dataDir)
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 })
  let authority = await loadAuthority(paths, now)
  const oldPermitted = authority ? permittedBy(authority.cert) : null
  const caReplacedFor = authority && o.required ? outside(o.required, oldPermitted) : []
  if (caReplacedFor.length) authority = null
  const madeCa = authority === null
  if (!authority) {
    const made = await makeAuthority(o.caLabel, now, widened(permittedFor(o.names), oldPermitted))
    writeAtomically(paths.caKey, made.keyPem, 0o600)
    writeAtomically(paths.caCert, made.cert.toString('pem') + '\n', 0o644)
    authority = made
  }
  // A name outside the CA's constraints would make browsers refuse the whole certificate: leave it out.
  const names = allowedNames(o.names, permittedBy(authority.cert))
  const issued = await reissueReason(paths, authority, names, now)
  if (issued) {
    const server = await issueServerCertificate({ authority, names, now })
    writeAtomically(paths.serverKey, server.keyPem, 0o600)
    writeAtomically(paths.serverCert, server.cert.toString('pem') + '\n', 0o644)
  }
  for (const key of [paths.caKey, paths.serverKey]) chmodSync(key, 0o600)
  const caPem = readFileSync(paths.caCert, 'utf8')
  return {
    caPem,
    certPem: readFileSync(paths.serverCert, 'utf8'),
    keyPem: readFileSync(paths.serverKey, 'utf8'),
    fingerprint: fingerprint256(caPem),
    caSubject: authority.cert.subject,
    madeCa,
    caReplacedFor,
    issued,
    ms: performance.now() - started,
  }
}
