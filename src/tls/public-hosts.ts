import type { ServerUrl } from '../contract/connect'
import { inRange } from './name-constraints'
import { canonicalIp, isIp, lanAddresses, type ServerNames, urlHost } from './names'

// In a container RIMS sees its own interfaces (10.88.x, 172.17.x), which no phone can reach, and a
// host name that changes with each re-create. The owner names the box instead: `--public-host` /
// RIMS_PUBLIC_HOST, a comma-separated list of names and addresses devices use.

/** The names and addresses given with --public-host / RIMS_PUBLIC_HOST, each checked. */
export function parsePublicHosts(value: string | undefined): string[] {
  if (!value?.trim()) return []
  return value.split(',').map((raw) => {
    const host = raw.trim().replace(/^\[|\]$/g, '').toLowerCase()
    if (!(isIp(host) ? validIp(host) : HOST_NAME.test(host))) throw new PublicHostError(`--public-host (RIMS_PUBLIC_HOST): "${raw.trim()}" is not a host name or an IP address`)
    return isIp(host) ? canonicalIp(host) : host
  })
}

export class PublicHostError extends Error {}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/

function validIp(ip: string): boolean {
  if (!ip.includes(':')) return ip.split('.').every((p) => Number(p) <= 255)
  try {
    canonicalIp(ip)
    return true
  } catch {
    return false
  }
}

/** Podman's and Docker's default bridge networks: an address there is the container's own. */
const CONTAINER_BRIDGES = ['10.88.0.0/16', '172.16.0.0/12']

/**
 * Whether this process runs in RIMS's container image, which sets RIMS_IN_CONTAINER=1. Not guessed
 * from /.dockerenv: a build or test machine may itself be a container, where RIMS runs as on a box.
 */
export const inContainer = (): boolean => process.env.RIMS_IN_CONTAINER === '1'

/** The certificate's names when the owner named the box: loopback for checks on the box itself, then theirs. */
export function publicNames(hosts: string[], extraHost?: string): ServerNames {
  const dns = new Set(['localhost'])
  const ips = new Set(['127.0.0.1', '::1'])
  for (const h of extraHost ? [...hosts, extraHost.replace(/^\[|\]$/g, '').toLowerCase()] : hosts) isIp(h) ? ips.add(canonicalIp(h)) : dns.add(h)
  return { dns: [...dns], ips: [...ips] }
}

/** The addresses to show (log, QR codes, links) for the named hosts, on RIMS's own ports. */
export const publicUrls = (hosts: string[], httpPort: number, httpsPort: number): ServerUrl[] =>
  hosts.map((h) => ({ http: `http://${urlHost(h)}:${httpPort}`, https: httpsPort ? `https://${urlHost(h)}:${httpsPort}` : null }))

/**
 * Why no device could reach this server's addresses, or null. In a container on a bridge network,
 * without a named host, every address RIMS knows is the container's own.
 */
export function unreachableReason(o: { container: boolean; publicHosts: string[]; publicUrl: string; interfaces?: Parameters<typeof lanAddresses>[0] }): string | null {
  if (!o.container || o.publicHosts.length || o.publicUrl) return null
  const seen = lanAddresses(o.interfaces).map((a) => a.address).filter((a) => !a.includes(':'))
  // With --network host the container sees the box's own LAN addresses: those are reachable.
  if (seen.some((a) => !CONTAINER_BRIDGES.some((r) => inRange(a, r)))) return null
  return `RIMS runs in a container and knows only its own address${seen.length === 1 ? '' : 'es'} (${seen.join(', ') || 'none'}), which devices cannot reach. Set RIMS_PUBLIC_HOST to the box's name or address (e.g. -e RIMS_PUBLIC_HOST=192.168.1.20), or run the container with --network host.`
}
