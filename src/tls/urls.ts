import type { ServerUrl } from '../contract/connect'
import { lanAddresses, urlHost } from './names'

const WILDCARDS = new Set(['0.0.0.0', '::'])

/** The addresses staff can type: localhost and each IPv4 LAN address (or the one bound host), over HTTP and HTTPS. */
export function serverUrls(host: string, httpPort: number, httpsPort: number, addresses = lanAddresses()): ServerUrl[] {
  const hosts = WILDCARDS.has(host) ? ['localhost', ...addresses.filter((a) => a.family === 'IPv4').map((a) => a.address)] : [host]
  return hosts.map((h) => ({ http: `http://${urlHost(h)}:${httpPort}`, https: httpsPort ? `https://${urlHost(h)}:${httpsPort}` : null }))
}

/** The address a phone should open: the first one on the LAN (localhost only when there is nothing else). */
export const phoneUrl = (urls: ServerUrl[]): ServerUrl => urls.find((u) => !/\/\/(localhost|127\.|\[::1\])/.test(u.http)) ?? urls[0]
