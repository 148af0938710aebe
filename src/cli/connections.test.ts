import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Socket } from 'bun'
import { connect } from 'node:net'
import { BODY_DEADLINE_MS, IDLE_TIMEOUT_S, MAX_REQUESTS_PER_ADDRESS } from '../http/connection-limits'
import { ensureExecutable, startServer, type RunningServer } from '../test/server'

// Over real HTTP on the compiled executable: idle and slow clients on one address cannot hold the box.

let server: RunningServer
let port: number
beforeAll(async () => {
  server = await startServer({ command: [await ensureExecutable()] })
  port = Number(new URL(server.url).port)
}, 120_000)
afterAll(() => server?.stop())

interface Client {
  socket: Socket<undefined>
  closed: boolean
  received: string
}

async function open(count: number): Promise<Client[]> {
  const clients: Client[] = []
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, async () => {
        const client = { closed: false, received: '' } as Client
        client.socket = await Bun.connect({
          hostname: '127.0.0.1',
          port,
          socket: {
            data: (_s, chunk) => void (client.received += chunk.toString()),
            close: () => void (client.closed = true),
            error: () => void (client.closed = true),
          },
        })
        clients.push(client)
      }),
    )
  }
  return clients
}

/** GET /api/health from another loopback source address (127.0.0.2): another client of the box. */
const healthFromAnotherAddress = () =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('end', () => resolve(text.split('\r\n')[0]))
    socket.on('error', reject)
  })

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await Bun.sleep(100)
  return check()
}

// Sockets are bounded by the file limit of this box: 2,000 fit under the usual 4,096 or more.
const IDLE_SOCKETS = 2000

test('many idle connections from one address do not stop a fresh request, and are closed after the idle timeout', async () => {
  const idle = await open(IDLE_SOCKETS)
  // Half have sent a whole request and wait on keep-alive; half never send a byte.
  for (const c of idle.slice(0, IDLE_SOCKETS / 2)) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  const started = Date.now()
  const fresh = await fetch(server.url + '/api/health')
  expect(fresh.status).toBe(200)
  expect(Date.now() - started).toBeLessThan(5000)
  expect(await waitFor(() => idle.every((c) => c.closed), (IDLE_TIMEOUT_S + 10) * 1000)).toBe(true)
  expect((await fetch(server.url + '/api/health')).status).toBe(200)
}, 60_000)

test('a trickled body is cut with 408 after the body deadline, and one address holds at most its share of requests', async () => {
  const slow = await open(MAX_REQUESTS_PER_ADDRESS + 20)
  for (const c of slow) c.socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"`)
  // Bytes keep coming, so the idle timeout alone would never cut them.
  const drip = setInterval(() => {
    for (const c of slow) if (!c.closed) c.socket.write('a')
  }, 1000)
  try {
    expect(await waitFor(() => slow.filter((c) => c.received.includes(' 429 ')).length >= 20, 5000)).toBe(true)
    // That address waits its turn; another is served at once.
    expect((await fetch(server.url + '/api/health')).status).toBe(429)
    expect(await healthFromAnotherAddress()).toBe('HTTP/1.1 200 OK')
    expect(await waitFor(() => slow.every((c) => c.closed), BODY_DEADLINE_MS + 10_000)).toBe(true)
    expect((await fetch(server.url + '/api/health')).status).toBe(200)
    const cut = slow.filter((c) => c.received.includes(' 408 '))
    expect(cut.length).toBeGreaterThanOrEqual(MAX_REQUESTS_PER_ADDRESS - 5)
  } finally {
    clearInterval(drip)
  }
}, 60_000)
