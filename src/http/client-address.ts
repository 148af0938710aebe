// Bun.serve knows each request's peer; the Elysia app, called through app.fetch, does not.
const peers = new WeakMap<Request, string>()

/** Called by `rims serve` for every request, before the app sees it. */
export function rememberPeer(request: Request, address: string): void {
  if (address) peers.set(request, address)
}

/**
 * The peer's address as the socket saw it: never X-Forwarded-For, which anyone can write.
 * IPv4 seen through an IPv6 socket is written as IPv4, so one client has one key.
 * `app.handle` (tests) has no socket: every call is 'local'.
 */
export function clientAddress(request: Request): string {
  const address = peers.get(request)
  if (!address) return 'local'
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1').slice(0, 45)
}
