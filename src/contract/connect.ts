import { MANAGER_ONLY, type Access } from './access-types'

/** One address of the box as staff type it: over HTTP, and over HTTPS when it is on. */
export interface ServerUrl {
  http: string
  https: string | null
}

/** GET /api/manager/connect: what the Settings screen's "Connect a device" section shows. */
export interface ConnectInfo {
  urls: ServerUrl[]
  /** SHA-256 of the CA certificate served at /ca.crt (colon-separated hex), null when there is none. */
  ca_fingerprint_sha256: string | null
  /** URL → QR code (SVG text) for each address: the HTTPS URL when HTTPS is on, else the HTTP one. */
  qr_svgs: Record<string, string>
}

export const CA_CERT_CONTENT_TYPE = 'application/x-x509-ca-cert'

export const connectAccess = {
  // The CA certificate (never a key): a phone downloads it before anyone can sign in on it.
  'GET /ca.crt': 'public',
  'GET /api/manager/connect': MANAGER_ONLY,
} as const satisfies Record<string, Access>
