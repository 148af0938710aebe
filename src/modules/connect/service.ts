import type { ConnectInfo, ServerUrl } from '../../contract/connect'
import type { TlsInfo } from '../../tls/info'

const svgCache = new Map<string, Promise<string>>()
const qrFor = (url: string) => {
  let svg = svgCache.get(url)
  // qrcode loads on the first Connect screen, not at start.
  if (!svg) svgCache.set(url, (svg = import('../../tls/qr').then((m) => m.svgQr(url))))
  return svg
}

/** The addresses to connect a device with, the CA's fingerprint to compare, and a QR code for each address. */
export async function connectInfo(tls: TlsInfo | undefined, serverUrl: string): Promise<ConnectInfo> {
  const urls: ServerUrl[] = tls?.urls.length ? tls.urls : [{ http: serverUrl, https: null }]
  const targets = urls.map((u) => u.https ?? u.http)
  const svgs = await Promise.all(targets.map(qrFor))
  return { urls, ca_fingerprint_sha256: tls?.fingerprint ?? null, qr_svgs: Object.fromEntries(targets.map((t, i) => [t, svgs[i]])) }
}
