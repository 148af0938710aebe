import { canonicalIp, type ServerNames } from './names'

// X.509 name constraints (RFC 5280 §4.2.1.10) for the local CA: a phone that installs it trusts it
// for this box, .local names and private addresses, never for a bank or any public site.

export const NAME_CONSTRAINTS_OID = '2.5.29.30'

/** Private and link-local ranges, where the box lives; loopback for the box itself. */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', 'fc00::/7', 'fe80::/10', '::1/128']

export interface PermittedNames {
  /** DNS suffixes: the name itself and every name under it. */
  dns: string[]
  /** CIDR ranges. */
  ips: string[]
}

/** What the CA of a box with these names may vouch for: localhost, .local, its own names, private ranges and its own addresses. */
export function permittedFor(names: ServerNames): PermittedNames {
  const dns = new Set(['localhost', 'local'])
  for (const d of names.dns) if (!permitsDns(d, [...dns])) dns.add(d.toLowerCase())
  const ips = [...PRIVATE_RANGES]
  for (const ip of names.ips) if (!ips.some((r) => inRange(ip, r))) ips.push(ip.includes(':') ? `${canonicalIp(ip)}/128` : `${ip}/32`)
  return { dns: [...dns], ips }
}

const permitsDns = (name: string, suffixes: string[]) => {
  const n = name.toLowerCase().replace(/\.$/, '')
  return suffixes.some((s) => n === s || n.endsWith(`.${s}`))
}

/** The names a CA with these constraints may sign; all of them when it has none (a CA made before the constraint). */
export function allowedNames(names: ServerNames, permitted: PermittedNames | null): ServerNames {
  if (!permitted) return names
  return { dns: names.dns.filter((d) => permitsDns(d, permitted.dns)), ips: names.ips.filter((ip) => permitted.ips.some((r) => inRange(ip, r))) }
}

function ipBytes(ip: string): number[] | null {
  const bare = canonicalIp(ip)
  if (!bare.includes(':')) {
    const parts = bare.split('.').map(Number)
    return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : null
  }
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, null]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  if (groups.length !== 8) return null
  return groups.flatMap((g) => {
    const n = parseInt(g, 16)
    return [(n >> 8) & 0xff, n & 0xff]
  })
}

const maskBytes = (bits: number, length: number) => Array.from({ length }, (_, i) => (bits >= (i + 1) * 8 ? 0xff : bits <= i * 8 ? 0 : (0xff << (8 - (bits - i * 8))) & 0xff))

export function inRange(ip: string, cidr: string): boolean {
  const [net, bits] = cidr.split('/')
  const a = ipBytes(ip)
  const b = ipBytes(net)
  if (!a || !b || a.length !== b.length) return false
  const mask = maskBytes(Number(bits), a.length)
  return a.every((x, i) => (x & mask[i]) === (b[i] & mask[i]))
}

// DER, by hand: the extension is three nested SEQUENCEs of context-tagged strings.
function tlv(tag: number, body: number[]): number[] {
  const n = body.length
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]
  return [tag, ...length, ...body]
}

/** The DER value of a NameConstraints extension with these permitted subtrees. */
export function encodeNameConstraints(p: PermittedNames): Uint8Array<ArrayBuffer> {
  const subtrees = [
    ...p.dns.map((d) => tlv(0x30, tlv(0x82, [...new TextEncoder().encode(d)]))),
    ...p.ips.map((cidr) => {
      const [net, bits] = cidr.split('/')
      const bytes = ipBytes(net)!
      return tlv(0x30, tlv(0x87, [...bytes, ...maskBytes(Number(bits), bytes.length)]))
    }),
  ]
  return new Uint8Array(tlv(0x30, tlv(0xa0, subtrees.flat())))
}

/** Reads the permitted subtrees back from an extension's DER value (the ones RIMS writes: DNS names and IP ranges). */
export function decodeNameConstraints(der: Uint8Array): PermittedNames {
  const read = (at: number) => {
    let length = der[at + 1]
    let start = at + 2
    if (length & 0x80) {
      const count = length & 0x7f
      length = 0
      for (let i = 0; i < count; i++) length = (length << 8) | der[start + i]
      start += count
    }
    return { tag: der[at], start, end: start + length }
  }
  const out: PermittedNames = { dns: [], ips: [] }
  const outer = read(0)
  for (let at = outer.start; at < outer.end; ) {
    const trees = read(at)
    at = trees.end
    if (trees.tag !== 0xa0) continue
    for (let s = trees.start; s < trees.end; ) {
      const subtree = read(s)
      s = subtree.end
      const base = read(subtree.start)
      const value = der.subarray(base.start, base.end)
      if (base.tag === 0x82) out.dns.push(new TextDecoder().decode(value).toLowerCase())
      if (base.tag === 0x87) out.ips.push(rangeOf(value))
    }
  }
  return out
}

function rangeOf(value: Uint8Array): string {
  const half = value.length / 2
  const addr = [...value.subarray(0, half)]
  const bits = [...value.subarray(half)].reduce((n, b) => n + b.toString(2).replace(/0/g, '').length, 0)
  const text = half === 4 ? addr.join('.') : canonicalIp(Array.from({ length: 8 }, (_, i) => ((addr[2 * i] << 8) | addr[2 * i + 1]).toString(16)).join(':'))
  return `${text}/${bits}`
}

