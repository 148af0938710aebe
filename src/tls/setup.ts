import { hostname } from 'node:os'
import { SETTING_DEFAULTS, type Settings } from '../contract/settings'
import type { TlsInfo } from './info'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { currentLocalCertificates, tlsPaths } from './local-check'
import { serverNames } from './names'
import { publicNames } from './public-hosts'
import { loadOwnerCertificate, ownerFingerprint } from './owner-cert'
import { phoneUrl } from './urls'

export interface TlsSetup {
  /** For Bun.serve's `tls`. */
  cert: string
  key: string
  /** Handed to the app (deps.tls); `urls` is filled once the listeners are up. */
  info: TlsInfo
  /** Lines for the start-up log: which certificate is served and what was made at this start. */
  notes: string[]
}

/**
 * The certificate the HTTPS listener serves: the owner's (`--cert/--key`, checked) or the local
 * CA's server certificate under `<data>/tls/`, made or re-issued as needed.
 */
export async function prepareTls(o: { dataDir: string; certFile?: string; keyFile?: string; publicHosts?: string[]; settings: Pick<Settings, 'restaurant_name' | 'public_url'> }): Promise<TlsSetup> {
  if (o.certFile && o.keyFile) {
    const owner = loadOwnerCertificate(o.certFile, o.keyFile)
    return {
      cert: owner.certPem,
      key: owner.keyPem,
      info: { caPem: owner.caPem, fingerprint: ownerFingerprint(owner), urls: [] },
      notes: [`HTTPS uses your certificate ${owner.subject.replace(/\n/g, ', ')} (valid until ${owner.notAfter.toISOString().slice(0, 10)}).`],
    }
  }
  const { restaurant_name, public_url } = o.settings
  const caLabel = restaurant_name && restaurant_name !== SETTING_DEFAULTS.restaurant_name ? restaurant_name : hostname()
  const extraHost = public_url ? new URL(public_url).hostname : undefined
  // Named hosts replace what the box finds by itself, so a re-created container keeps its certificate.
  const names = o.publicHosts?.length ? publicNames(o.publicHosts, extraHost) : serverNames({ extraHost })
  // The owner's named hosts must be in the certificate, even when the stored CA may not vouch for them (then a new CA).
  const required = o.publicHosts?.length ? publicNames(o.publicHosts) : undefined
  // An ordinary start only checks what is stored (node:crypto); the certificate library loads when something must be made.
  const current = currentLocalCertificates({ dataDir: o.dataDir, names, required })
  if (current) {
    const p = tlsPaths(o.dataDir)
    for (const key of [p.caKey, p.serverKey]) chmodSync(key, 0o600)
    return { cert: current.certPem, key: current.keyPem, info: { caPem: current.caPem, fingerprint: current.fingerprint, urls: [] }, notes: [] }
  }
  // @peculiar/x509's tsyringe needs the Reflect polyfill before it loads; in a lazily loaded bundle only an earlier import guarantees that.
  await import('reflect-metadata')
  const { ensureLocalCertificates } = await import('./local-ca')
  const local = await ensureLocalCertificates({ dataDir: o.dataDir, caLabel, names, required })
  const notes: string[] = []
  if (local.caReplacedFor.length) {
    notes.push(
      `Made a new local certificate authority (${local.caSubject}, SHA-256 fingerprint ${local.fingerprint}): the previous one could not vouch for ${local.caReplacedFor.join(', ')} (--public-host / RIMS_PUBLIC_HOST). Every device must install the new CA once (see /ca.crt); the old one can be removed.`,
    )
  } else if (local.madeCa) notes.push(`Made a local certificate authority (${local.caSubject}) in ${o.dataDir}/tls: each device trusts it once (see /ca.crt).`)
  if (local.issued) notes.push(`Issued the HTTPS certificate (${local.issued}) in ${Math.round(local.ms)} ms.`)
  return { cert: local.certPem, key: local.keyPem, info: { caPem: local.caPem, fingerprint: local.fingerprint, urls: [] }, notes }
}

/** The start-up log's HTTPS part: each address over HTTP and HTTPS, the CA to install, a QR code for a phone. */
export async function describeTls(setup: TlsSetup, o: { dataDir?: string } = {}): Promise<string> {
  const lines = setup.info.urls.map((u) => `  ${u.http.padEnd(28)} ${u.https}`)
  lines.push(...setup.notes)
  const phone = phoneUrl(setup.info.urls)
  if (setup.info.fingerprint) lines.push(`CA certificate to install on each device: ${phone.http}/ca.crt (SHA-256 fingerprint ${setup.info.fingerprint})`)
  const target = phone.https ?? phone.http
  lines.push(`Scan with a phone to open ${target}:`, await startQr(target, o.dataDir))
  return lines.join('\n')
}

/** The last start's terminal QR code, kept in the data folder: the address it encodes on line 1, the code below. */
const QR_CACHE = 'start-qr.txt'

/**
 * The terminal QR code for the start-up log. The address is usually the same from one start to the next, so the
 * code is kept in `<data>/start-qr.txt` and the QR library (≈ 3 MB resident, ≈ 20 ms) loads only when it changed.
 */
export async function startQr(target: string, dataDir?: string): Promise<string> {
  const cache = dataDir ? join(dataDir, QR_CACHE) : null
  if (cache) {
    try {
      const text = readFileSync(cache, 'utf8')
      const nl = text.indexOf('\n')
      if (nl > 0 && text.slice(0, nl) === target) return text.slice(nl + 1)
    } catch {}
  }
  const { terminalQr } = await import('./qr')
  const qr = await terminalQr(target)
  if (cache) {
    try {
      writeFileSync(cache, `${target}\n${qr}`, { mode: 0o600 })
    } catch {}
  }
  return qr
}
