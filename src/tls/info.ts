import type { ServerUrl } from '../contract/connect'

/** What the running server tells the app about its HTTPS: the CA to hand out and the addresses to show. */
export interface TlsInfo {
  /** PEM of the CA served at /ca.crt, null when there is none (HTTPS off, or the owner's certificate has no CA in its chain). */
  caPem: string | null
  fingerprint: string | null
  urls: ServerUrl[]
  /** Set when no device could reach these addresses (a container without RIMS_PUBLIC_HOST): "require HTTPS" is refused with it. */
  unreachable?: string | null
}
