import type { Server } from 'bun'
import { CSV_BODY_ROUTES, IMPORT_MSG, MAX_IMPORT_BYTES } from '../contract/imports'
import { INVOICE_MSG, INVOICE_UPLOAD_ROUTE, MAX_UPLOAD_BODY_BYTES } from '../contract/invoices'
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
/** An invoice file (up to 10 MB, issue 34) twice that again. */
export const INVOICE_BODY_DEADLINE_MS = 150_000
/** An import takes up to 5 MB; every other route 1 MiB at most, Content-Length or not (Bun.serve's own limit is set far above both, so that this answer is JSON). */
const MAX_OTHER_BODY_BYTES = 1024 * 1024
/** Requests in progress from one client address; more get 429 at once, so trickled bodies cannot pile up. */
export const MAX_REQUESTS_PER_ADDRESS = 64

export const isLongRequest = (path: string) => path.startsWith('/api/manager/settings/backup') || path.startsWith('/api/reports/') || path.startsWith('/api/imports/')

const refuse = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(failure(message)), { status, headers: { 'content-type': 'application/json', connection: 'close', ...extra } })

/** The app's fetch, told the client address the socket saw (the request it gets may be a re-made one). */
type Handler = (req: Request, address: string) => Response | Promise<Response>

/** Decides from the headers alone whether an upload's sender may send it: null to read the body, or why not. */
export type UploadAdmission = (req: Request) => Promise<{ status: number; message: string } | null>

/** Reads a body as it arrives, stopping at `limit` bytes or at the deadline: a refused body is never held whole. */
async function readBody(body: ReadableStream<Uint8Array>, limit: number, deadlineMs: number): Promise<Uint8Array<ArrayBuffer> | 'late' | 'too large'> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let done = false
  let timer: Timer | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)))
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late])
      if (next === 'late') return 'late'
      if (next.done) break
      size += next.value.byteLength
      if (size > limit) return 'too large'
      chunks.push(next.value)
    }
    done = true
  } finally {
    clearTimeout(timer)
    if (!done) reader.cancel().catch(() => {})
  }
  const all = new Uint8Array(new ArrayBuffer(size))
  let at = 0
  for (const c of chunks) all.set(c, at), (at += c.byteLength)
  return all
}

/**
 * Wraps the app's fetch for Bun.serve: counts requests in progress per client address, raises the
 * idle timeout for backups and reports only, and reads a body against a deadline (a minimum rate) and
 * a size limit. An upload (a CSV import, an invoice file) is first checked by `admitUpload` from its headers: an unknown
 * or wrong-role sender is answered before a byte of the body is read.
 */
export function withConnectionLimits(handler: Handler, o: { maxPerAddress?: number; bodyDeadlineMs?: number; admitUpload?: UploadAdmission } = {}) {
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
        const invoice = req.method === 'POST' && INVOICE_UPLOAD_ROUTE.test(path)
        const limit = invoice ? MAX_UPLOAD_BODY_BYTES : csvImport ? MAX_IMPORT_BYTES : MAX_OTHER_BODY_BYTES
        const tooLarge = invoice ? INVOICE_MSG.tooLarge : csvImport ? IMPORT_MSG.tooLarge : 'The request body is too large (1 MiB at most)'
        if (Number(req.headers.get('content-length') ?? 0) > limit) return refuse(413, tooLarge)
        if ((csvImport || invoice) && o.admitUpload) {
          const refused = await o.admitUpload(req)
          if (refused) return refuse(refused.status, refused.message)
        }
        const deadline = invoice ? Math.max(bodyDeadlineMs, INVOICE_BODY_DEADLINE_MS) : csvImport ? Math.max(bodyDeadlineMs, IMPORT_BODY_DEADLINE_MS) : bodyDeadlineMs
        const body = await readBody(req.body, limit, deadline)
        if (body === 'late') return refuse(408, 'The request body arrived too slowly')
        if (body === 'too large') return refuse(413, tooLarge)
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
