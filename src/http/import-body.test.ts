import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { DEMO_PASSWORD } from '../cli/demo'
import { MAX_IMPORT_BYTES } from '../contract/imports'
import { startServer, type RunningServer } from '../test/server'

// Over a real server: an import's body is read only for a caller who may import, and only up to the limit.
// The client below sends the headers and the first 64 KB of a 5 MB upload and then nothing more: an answer
// can only come from a server that decided without the rest of the body.

let server: RunningServer
let port: number
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startServer({ args: ['--demo'] })
  port = Number(new URL(server.url).port)
  for (const who of ['manager', 'chef']) {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${who}@rims.local`, password: DEMO_PASSWORD }) })
    tokens[who] = ((await res.json()) as { data: { token: string } }).data.token
  }
}, 60_000)
afterAll(() => server?.stop())

const FIRST_CHUNK = 64 * 1024
const firstChunk = () => Buffer.from('name,unit\n' + 'Rice,kg\n'.repeat(FIRST_CHUNK / 8)).subarray(0, FIRST_CHUNK)

interface Answer {
  status: number
  json: { success: boolean; message: string }
  /** Bytes of the body the client had written when the answer came. */
  sent: number
}

/**
 * Opens a connection, sends the request line, headers and `chunks` (each written only once the previous
 * one was taken by the socket), and resolves with the first complete answer. With `stopAfterFirst`, nothing
 * past the first chunk is ever written; with `open`, a chunked body is never ended.
 */
function upload(o: { token?: string; length?: number; chunked?: boolean; chunks: Buffer[]; stopAfterFirst?: boolean; open?: boolean }) {
  return new Promise<Answer>((resolve, reject) => {
    let raw = Buffer.alloc(0)
    let sent = 0
    let answered = false
    const socket = connect({ host: '127.0.0.1', port }, async () => {
      const head = [
        'POST /api/imports/items?dry_run=true HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: text/csv',
        ...(o.token ? [`Authorization: Bearer ${o.token}`] : []),
        o.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${o.length}`,
      ]
      socket.write(head.join('\r\n') + '\r\n\r\n')
      for (const [i, chunk] of o.chunks.entries()) {
        if (answered || socket.destroyed || (o.stopAfterFirst && i > 0)) return
        const framed = o.chunked ? Buffer.concat([Buffer.from(chunk.length.toString(16) + '\r\n'), chunk, Buffer.from('\r\n')]) : chunk
        const flushed = socket.write(framed)
        sent += chunk.length
        if (!flushed) await new Promise((r) => socket.once('drain', r))
      }
      if (o.chunked && !o.stopAfterFirst && !o.open && !answered && !socket.destroyed) socket.write('0\r\n\r\n')
    })
    socket.on('data', (data) => {
      raw = Buffer.concat([raw, Buffer.from(data)])
      const end = raw.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = raw.subarray(0, end).toString()
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
      if (raw.length < end + 4 + length) return
      answered = true
      const body = raw.subarray(end + 4, end + 4 + length).toString()
      socket.destroy()
      resolve({ status: Number(head.split(' ')[1]), json: body ? JSON.parse(body) : null, sent })
    })
    // A server that refuses a body closes the connection while the client still writes (EPIPE): the answer counts, read before the close.
    socket.on('error', () => undefined)
    socket.on('close', () => (answered ? undefined : reject(new Error(`closed without an answer: ${raw.toString().slice(0, 200)}`))))
  })
}

test('an unauthenticated 5 MB upload gets 401 before its body is read', async () => {
  const res = await upload({ length: MAX_IMPORT_BYTES, chunks: [firstChunk()], stopAfterFirst: true })
  expect(res.status).toBe(401)
  expect(res.json).toMatchObject({ success: false, message: 'Please sign in to continue' })
  expect(res.sent).toBe(FIRST_CHUNK)
}, 20_000)

test('the same without a Content-Length (chunked): 401 after the first chunk', async () => {
  const res = await upload({ chunked: true, chunks: [firstChunk()], stopAfterFirst: true })
  expect(res.status).toBe(401)
  expect(res.json.success).toBe(false)
}, 20_000)

test('a Chef (not a role that imports) gets 403 before the body is read', async () => {
  const res = await upload({ token: tokens.chef, length: MAX_IMPORT_BYTES, chunks: [firstChunk()], stopAfterFirst: true })
  expect(res.status).toBe(403)
  expect(res.json).toMatchObject({ success: false })
  const chunked = await upload({ token: tokens.chef, chunked: true, chunks: [firstChunk()], stopAfterFirst: true })
  expect(chunked.status).toBe(403)
}, 20_000)

test('a body over the limit gets a JSON 413 naming the limit: by its Content-Length, or once a chunked body passes it', async () => {
  const declared = await upload({ token: tokens.manager, length: MAX_IMPORT_BYTES + 1, chunks: [firstChunk()], stopAfterFirst: true })
  expect(declared.status).toBe(413)
  expect(declared.json).toMatchObject({ success: false, message: 'The file is too large (5 MB at most)' })
  const huge = await upload({ token: tokens.manager, length: 200 * 1024 * 1024, chunks: [firstChunk()], stopAfterFirst: true })
  expect(huge.status).toBe(413)
  expect(huge.json.message).toBe('The file is too large (5 MB at most)')
  // Chunked, one byte past the limit and no end of body: refused once the limit is passed, without waiting for an end
  // that never comes. (The client stops there: a server closing on bytes it never read would reset the connection.)
  const mb = Buffer.alloc(1024 * 1024, 'a')
  const chunked = await upload({ token: tokens.manager, chunked: true, open: true, chunks: [...Array.from({ length: MAX_IMPORT_BYTES / mb.length }, () => mb), Buffer.from('a')] })
  expect(chunked.status).toBe(413)
  expect(chunked.json).toMatchObject({ success: false, message: 'The file is too large (5 MB at most)' })
}, 30_000)

test('a signed-in Manager’s body is still read and imported', async () => {
  const res = await fetch(`${server.url}/api/imports/items?dry_run=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.manager}`, 'content-type': 'text/csv' },
    body: 'name,unit\nRice,kg\n',
  })
  expect(res.status).toBe(200)
  expect(((await res.json()) as { data: { create: number } }).data.create).toBe(1)
})
