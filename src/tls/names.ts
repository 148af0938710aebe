import { hostname, networkInterfaces } from 'node:os'

/** The names a server certificate must carry: DNS names and IP addresses (IPv6 in canonical form). */
export interface ServerNames {
  dns: string[]
  ips: string[]
}

export interface LanAddress {
  address: string
  family: 'IPv4' | 'IPv6'
  cidr: string | null
}

type Interfaces = ReturnType<typeof networkInterfaces>

/** Every non-loopback address of the box, IPv4 first (the ones staff type). */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): LanAddress[] {
  const all = Object.values(interfaces).flatMap((list) => list ?? [])
  const lan = all.filter((a) => !a.internal).map((a) => ({ address: canonicalIp(a.address), family: a.family, cidr: a.cidr }))
  return [...lan.filter((a) => a.family === 'IPv4'), ...lan.filter((a) => a.family === 'IPv6')]
}

export const isIp = (s: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(s) || (s.includes(':') && /^[0-9a-f:.]+$/i.test(s))

/** One spelling per address, so that a stored certificate's names compare equal to the box's. */
export function canonicalIp(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!bare.includes(':')) return bare
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1)
}

/** The names of this box: localhost, the host name and its mDNS name, loopback and every LAN address, plus an extra host (the public URL's). */
export function serverNames(o: { host?: string; interfaces?: Interfaces; extraHost?: string } = {}): ServerNames {
  const host = (o.host ?? hostname()).toLowerCase()
  const dns = new Set(['localhost'])
  const ips = new Set(['127.0.0.1', '::1'])
  if (host && !isIp(host)) {
    dns.add(host)
    dns.add(`${host.split('.')[0]}.local`)
  }
  for (const a of lanAddresses(o.interfaces)) ips.add(a.address)
  const extra = o.extraHost?.replace(/^\[|\]$/g, '').toLowerCase()
  if (extra) isIp(extra) ? ips.add(canonicalIp(extra)) : dns.add(extra)
  return { dns: [...dns], ips: [...ips] }
}

export const sameNames = (a: ServerNames, b: ServerNames) => {
  const key = (n: ServerNames) => [...n.dns.map((d) => d.toLowerCase()).sort(), '|', ...n.ips.map(canonicalIp).sort()].join(',')
  return key(a) === key(b)
}

/** An address as it goes in a URL: IPv6 in brackets. */
export const urlHost = (address: string) => (address.includes(':') && !address.startsWith('[') ? `[${address}]` : address)
