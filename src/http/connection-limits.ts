import type { Server } from 'bun'
import { CSV_BODY_ROUTES } from '../contract/imports'
import { failure } from './envelope'

// Bun.serve shows requests, not connections: the limits below are what a request handler can enforce.

/** A connection that sends nothing for this long is closed (Bun's idle timeout). */
export const IDLE_TIMEOUT_S = 15
/** Backups and reports may take minutes before their first byte: their requests get Bun's maximum. */
export const LONG_TIMEOUT_S = 255
/** A request body (1 MiB at most) must arrive whole within this time: 1 MiB at 70 KB/s. */
export const BODY_DEADLINE_MS = 15_000
/** A CSV import (up to 5 MB) gets five times as long: the same minimum rate. */
export const IMPORT_BODY_DEADLINE_MS = 75_000
/** Bun.serve takes bodies up to the import's 5 MB; every other route still gets 1 MiB at most, Content-Length or not. */
const MAX_OTHER_BODY_BYTES = 1024 * 1024
/** Requests in progress from one client address; more get 429 at once, so trickled bodies cannot pile up. */
export const MAX_REQUESTS_PER_ADDRESS = 64

export const isLongRequest = (path: string) => path.startsWith('/api/manager/settings/backup') || path.startsWith('/api/reports/') || path.startsWith('/api/imports/')

const refuse = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(failure(message)), { status, headers: { 'content-type': 'application/json', connection: 'close', ...extra } })

/** The app's fetch, told the client address the socket saw (the request it gets may be a re-made one). */
type Handler = (req: Request, address: string) => Response | Promise<Response>

/**
 * Wraps the app's fetch for Bun.serve: counts requests in progress per client address, raises the
 * idle timeout for backups and reports only, and reads a body against a deadline (a minimum rate).
 */
export function withConnectionLimits(handler: Handler, o: { maxPerAddress?: number; bodyDeadlineMs?: number } = {}) {
  const maxPerAddress = o.maxPerAddress ?? MAX_REQUESTS_PER_ADDRESS
  const bodyDeadlineMs = o.bodyDeadlineMs ?? BODY_DEADLINE_MS
  const inProgress = new Map<string, number>()

  return async (req: Request, server: Server<unknown>): Promise<Response> => {
    const address = server.requestIP(req)?.address ?? ''
    const count = inProgress.get(address) ?? 0
    if (count >= maxPerAddress) return refuse(429, 'Too many requests at once from this address; try again in a moment', { 'retry-after': '5' })
    inProgress.set(address, count + 1)
    try {
      const path = new URL(req.url).pathname
      if (isLongRequest(path)) server.timeout(req, LONG_TIMEOUT_S)
      let request = req
      if (req.body) {
        const csvImport = req.method === 'POST' && CSV_BODY_ROUTES.test(path)
        let timer: Timer | undefined
        const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), csvImport ? Math.max(bodyDeadlineMs, IMPORT_BODY_DEADLINE_MS) : bodyDeadlineMs)))
        const body = await Promise.race([req.arrayBuffer(), late]).finally(() => clearTimeout(timer))
        if (body === null) return refuse(408, 'The request body arrived too slowly')
        if (!csvImport && body.byteLength > MAX_OTHER_BODY_BYTES) return refuse(413, 'The request body is too large (1 MiB at most)')
        request = new Request(req.url, { method: req.method, headers: req.headers, body })
      }
      return await handler(request, address)
    } finally {
      const left = (inProgress.get(address) ?? 1) - 1
      if (left > 0) inProgress.set(address, left)
      else inProgress.delete(address)
    }
  }
}
