// `rims health`: exit 0 when the local server answers /api/health, 1 otherwise, within a second.
// Docker's HEALTHCHECK and systemd watchdogs call it; the image carries no curl.

const WILDCARDS = new Set(['0.0.0.0', '::', ''])
const TIMEOUT_MS = 900

export async function healthCommand(o: { host: string; port: number }): Promise<number> {
  const host = WILDCARDS.has(o.host) ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host
  const url = `http://${host}:${o.port}/api/health`
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' })
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
