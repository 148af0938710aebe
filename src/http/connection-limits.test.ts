import { expect, test } from 'bun:test'
import type { Server } from 'bun'
import { LONG_TIMEOUT_S, withConnectionLimits } from './connection-limits'
import { MAX_UPLOAD_BODY_BYTES } from '../contract/invoices'

// A fake Bun server: one client address, and a record of the per-request timeouts asked for.
const fakeServer = (timeouts: [string, number][]) =>
  ({ requestIP: () => ({ address: '192.168.1.50', family: 'IPv4', port: 50000 }), timeout: (req: Request, s: number) => void timeouts.push([new URL(req.url).pathname, s]) }) as unknown as Server<unknown>

test('backups and reports get the long idle timeout; other requests keep the short one', async () => {
  const timeouts: [string, number][] = []
  const fetch = withConnectionLimits(() => new Response('ok'))
  for (const path of ['/api/manager/settings/backup', '/api/manager/settings/backup/rims-20261123-030000-manual.db', '/api/reports/download/usage', '/api/reports/generate', '/api/items', '/api/health', '/'])
    await fetch(new Request('http://box' + path), fakeServer(timeouts))
  expect(timeouts).toEqual([
    ['/api/manager/settings/backup', LONG_TIMEOUT_S],
    ['/api/manager/settings/backup/rims-20261123-030000-manual.db', LONG_TIMEOUT_S],
    ['/api/reports/download/usage', LONG_TIMEOUT_S],
    ['/api/reports/generate', LONG_TIMEOUT_S],
  ])
})

test('the app receives the whole body, method and headers after it was read against the deadline', async () => {
  let seen = ''
  const fetch = withConnectionLimits(async (req) => new Response((seen = `${req.method} ${req.headers.get('content-type')} ${await req.text()}`)))
  await fetch(new Request('http://box/api/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Salt"}' }), fakeServer([]))
  expect(seen).toBe('POST application/json {"name":"Salt"}')
})

test('Bun takes bodies up to the import’s 5 MB, but only a CSV import gets past 1 MiB, Content-Length or not', async () => {
  const seen: string[] = []
  const fetch = withConnectionLimits(async (req) => (seen.push(new URL(req.url).pathname), new Response('ok')))
  const big = 'x'.repeat(2 * 1024 * 1024)
  const chunked = () => new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(big)), c.close()) })
  const refused = await fetch(new Request('http://box/api/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunked() }), fakeServer([]))
  expect(refused.status).toBe(413)
  expect(((await refused.json()) as { message: string }).message).toBe('The request body is too large (1 MiB at most)')
  const csv = await fetch(new Request('http://box/api/imports/items?dry_run=true', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: chunked() }), fakeServer([]))
  expect(csv.status).toBe(200)
  expect(seen).toEqual(['/api/imports/items'])
})

test('an invoice file (issue 34) gets past 1 MiB up to 10 MB; a bigger one, or a sender the access check refuses, is answered before its body is read', async () => {
  const seen: string[] = []
  let admitted = true
  const fetch = withConnectionLimits(async (req) => (seen.push(`${new URL(req.url).pathname} ${(await req.arrayBuffer()).byteLength}`), new Response('ok')), {
    admitUpload: async () => (admitted ? null : { status: 403, message: 'You do not have permission' }),
  })
  const body = (bytes: number) => new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(bytes)), c.close()) })
  const ok = await fetch(new Request('http://box/api/receipts/drafts', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: body(3 * 1024 * 1024) }), fakeServer([]))
  expect(ok.status).toBe(200)
  // Over the file's 10 MB and the form around it (a photo's OCR words): refused unread.
  const big = await fetch(new Request('http://box/api/receipts/drafts', { method: 'POST', body: body(MAX_UPLOAD_BODY_BYTES + 1) }), fakeServer([]))
  expect(big.status).toBe(413)
  expect(((await big.json()) as { message: string }).message).toBe('The file is too large (10 MB at most)')
  admitted = false
  const chef = await fetch(new Request('http://box/api/receipts/drafts', { method: 'POST', body: body(1024) }), fakeServer([]))
  expect(chef.status).toBe(403)
  expect(seen).toEqual([`/api/receipts/drafts ${3 * 1024 * 1024}`])
})
