import { describe, expect, test } from 'bun:test'
import { arrivalAddress, httpsRedirect, type RedirectOptions } from './redirect'

const interfaces = {
  eth0: [
    { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4' as const, mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' },
    { address: 'fd00::20', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6' as const, mac: '02:00:00:00:00:01', internal: false, cidr: 'fd00::20/64', scopeid: 0 },
  ],
  wlan0: [{ address: '10.0.5.1', netmask: '255.255.0.0', family: 'IPv4' as const, mac: '02:00:00:00:00:02', internal: false, cidr: '10.0.5.1/16' }],
}

const from = (address: string) => ({ requestIP: () => ({ address }) })
const options = (s: Partial<{ require_https: boolean; public_url: string }> = {}, o: Partial<RedirectOptions> = {}): RedirectOptions => ({
  httpsPort: 3443,
  boundHost: '127.0.0.1',
  settings: () => ({ require_https: true, public_url: '', ...s }),
  ...o,
})

describe('the HTTP listener when HTTPS is required', () => {
  test('serves as usual while require_https is off', () => {
    expect(httpsRedirect(new Request('http://127.0.0.1:3000/login'), from('127.0.0.1'), options({ require_https: false }))).toBeNull()
  })

  test('answers 308 to the same path and query on the HTTPS port', () => {
    const res = httpsRedirect(new Request('http://127.0.0.1:3000/stock?page=2&q=rice'), from('127.0.0.1'), options())!
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe('https://127.0.0.1:3443/stock?page=2&q=rice')
  })

  test('keeps /ca.crt on HTTP, for phones that do not trust the CA yet', () => {
    expect(httpsRedirect(new Request('http://127.0.0.1:3000/ca.crt'), from('127.0.0.1'), options())).toBeNull()
    expect(httpsRedirect(new Request('http://127.0.0.1:3000/ca.crt', { method: 'POST' }), from('127.0.0.1'), options())!.status).toBe(308)
  })

  test('never takes the host from the Host header', () => {
    const forged = new Request('http://evil.example:3000/login', { headers: { host: 'evil.example' } })
    expect(httpsRedirect(forged, from('127.0.0.1'), options())!.headers.get('location')).toBe('https://127.0.0.1:3443/login')
  })

  test("uses the configured public URL's host, with RIMS's own HTTPS port", () => {
    const res = httpsRedirect(new Request('http://evil.example/x'), from('192.168.1.50'), options({ public_url: 'http://rims.bistro.test:3000' }))!
    expect(res.headers.get('location')).toBe('https://rims.bistro.test:3443/x')
  })

  test('never redirects when HTTPS is off', () => {
    expect(httpsRedirect(new Request('http://127.0.0.1:3000/'), from('127.0.0.1'), options({}, { httpsPort: 0 }))).toBeNull()
  })

  test('on a wildcard listener, redirects to the address the client reached, IPv6 in brackets', () => {
    const wildcard = options({}, { boundHost: '0.0.0.0' })
    expect(httpsRedirect(new Request('http://evil.example/login'), from('::ffff:127.0.0.1'), wildcard)!.headers.get('location')).toBe('https://127.0.0.1:3443/login')
    expect(httpsRedirect(new Request('http://evil.example/login'), from('::1'), wildcard)!.headers.get('location')).toBe('https://[::1]:3443/login')
  })
})

describe('the address a request arrived on', () => {
  test('is the bound address when the listener has one', () => {
    expect(arrivalAddress('192.168.1.77', '192.168.1.20', interfaces)).toBe('192.168.1.20')
  })
  test("is the LAN address on the client's subnet, IPv4 or IPv6", () => {
    expect(arrivalAddress('192.168.1.77', '0.0.0.0', interfaces)).toBe('192.168.1.20')
    expect(arrivalAddress('::ffff:10.0.200.3', '0.0.0.0', interfaces)).toBe('10.0.5.1')
    expect(arrivalAddress('fd00::1:2', '::', interfaces)).toBe('fd00::20')
  })
  test('is loopback for a client on the box, and the first LAN address for one routed from elsewhere', () => {
    expect(arrivalAddress('127.0.0.1', '0.0.0.0', interfaces)).toBe('127.0.0.1')
    expect(arrivalAddress('::1', '::', interfaces)).toBe('::1')
    expect(arrivalAddress('172.16.0.4', '0.0.0.0', interfaces)).toBe('192.168.1.20')
  })
})
