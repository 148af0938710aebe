import { networkInterfaces } from 'node:os'
import { canonicalIp, lanAddresses, urlHost } from './names'

const WILDCARDS = new Set(['0.0.0.0', '::', ''])

function ipBits(ip: string): { v6: boolean; value: bigint } | null {
  if (!ip.includes(':')) {
    const parts = ip.split('.').map(Number)
    if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null
    return { v6: false, value: parts.reduce((acc, p) => (acc << 8n) | BigInt(p), 0n) }
  }
  const c = canonicalIp(ip)
  const [head, tail] = c.includes('::') ? c.split('::') : [c, null]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  if (groups.length !== 8) return null
  return { v6: true, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16) || 0), 0n) }
}

function inSubnet(ip: string, cidr: string): boolean {
  const [net, prefix] = cidr.split('/')
  const a = ipBits(ip)
  const b = ipBits(net)
  if (!a || !b || a.v6 !== b.v6) return false
  const width = a.v6 ? 128n : 32n
  const shift = width - BigInt(Number(prefix))
  return a.value >> shift === b.value >> shift
}

/**
 * The box's own address a request arrived on, worked out from the listener and the client's
 * address (the LAN address on the client's subnet), never from the Host header.
 */
export function arrivalAddress(clientIp: string | null | undefined, boundHost: string, interfaces = networkInterfaces()): string {
  if (!WILDCARDS.has(boundHost)) return boundHost
  const client = clientIp ? canonicalIp(clientIp.replace(/^::ffff:(?=\d+\.)/i, '')) : ''
  if (/^127\./.test(client)) return '127.0.0.1'
  if (client === '::1') return '::1'
  const lan = lanAddresses(interfaces)
  const match = lan.find((a) => a.cidr && inSubnet(client, a.cidr))
  return (match ?? lan.find((a) => a.family === 'IPv4') ?? { address: '127.0.0.1' }).address
}

export interface RedirectOptions {
  httpsPort: number
  boundHost: string
  /** Read at each request, so the Manager's switch applies at once. */
  settings: () => { require_https: boolean; public_url: string }
}

type RequestIp = { requestIP(req: Request): { address: string } | null }

const isCaDownload = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && new URL(req.url).pathname === '/ca.crt'

/**
 * The HTTP listener's answer when the owner requires HTTPS: 308 to the same path and query on
 * this box's HTTPS port, on the configured public URL's host or the address the request came in on.
 * /ca.crt stays on HTTP: a phone needs it before it trusts the HTTPS address. Null: serve as usual.
 */
export function httpsRedirect(req: Request, server: RequestIp, o: RedirectOptions): Response | null {
  if (o.httpsPort === 0) return null
  const s = o.settings()
  if (!s.require_https || isCaDownload(req)) return null
  const publicHost = s.public_url ? new URL(s.public_url).hostname : ''
  const host = publicHost || urlHost(arrivalAddress(server.requestIP(req)?.address, o.boundHost))
  const url = new URL(req.url)
  const port = o.httpsPort === 443 ? '' : `:${o.httpsPort}`
  return new Response(null, { status: 308, headers: { location: `https://${host}${port}${url.pathname}${url.search}`, 'cache-control': 'no-store' } })
}
