// `rims health`: exit 0 when the local server answers /api/health, 1 otherwise, within a second.
// Docker's HEALTHCHECK and systemd watchdogs call it; the image carries no curl.

const WILDCARDS = new Set(['0.0.0.0', '::', ''])
const TIMEOUT_MS = 900

export async function healthCommand(o: { host: string; port: number; httpsPort: number }): Promise<number> {
  const host = WILDCARDS.has(o.host) ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host
  let url = `http://${host}:${o.port}/api/health`
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  try {
    let res = await fetch(url, { signal, redirect: 'manual' })
    if (res.status === 308 && o.httpsPort) {
      // "Require HTTPS" is on: ask the HTTPS listener on this box. Only "is it up" is checked, and no
      // secret is sent, so the local CA's certificate need not be trusted here.
      url = `https://${host}:${o.httpsPort}/api/health`
      res = await fetch(url, { signal, tls: { rejectUnauthorized: false } })
    }
    const body = (await res.json().catch(() => null)) as { data?: { status?: string } } | null
    if (res.ok && body?.data?.status === 'ok') {
      console.log(`ok ${url}`)
      return 0
    }
    console.error(`RIMS answered ${res.status} at ${url}`)
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS} ms` : (e as Error).message
    console.error(`RIMS is not answering at ${url}: ${reason}`)
  }
  return 1
}
