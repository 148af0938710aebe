import { afterEach, beforeEach, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { buildApp } from '../../app'
import { createDeps } from '../../deps'
import { createLogger } from '../../lib/log'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'
import { startServer } from '../../test/server'

let now = Date.parse('2026-11-23T08:00:00Z')
let env: TestEnv
beforeEach(async () => {
  now = Date.parse('2026-11-23T08:00:00Z')
  env = await makeTestEnv({ clock: () => new Date(now) })
})
afterEach(() => env.close())

const login = (email: string, password: string) => env.call('POST', '/api/auth/login', { body: { email, password } })

test('500 parallel guesses, the right password last, are all refused', async () => {
  await env.userOf('Manager', { email: 'boss@test.local' })
  const guesses = Array.from({ length: 500 }, (_, i) => login('boss@test.local', i === 499 ? TEST_PASSWORD : `wrong-guess-${i}`))
  const answers = await Promise.all(guesses)
  expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true)
  expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5)
  expect(answers[499].status).toBe(429)
  expect((await login('boss@test.local', TEST_PASSWORD)).status).toBe(429)
}, 60_000)

test('the lock survives a restart (kept in SQLite)', async () => {
  await env.userOf('Chef', { email: 'chef@test.local' })
  for (let i = 0; i < 5; i++) await login('chef@test.local', 'wrong-password')
  const restarted = buildApp(createDeps({ db: env.deps.db, secret: env.secret, serverUrl: 'http://rims.test:3000', clock: () => new Date(now), logger: createLogger(() => {}) }))
  const res = await restarted.handle(new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'chef@test.local', password: TEST_PASSWORD }) }))
  expect(res.status).toBe(429)
})

test('each further lock lasts longer: 15 minutes, then 30', async () => {
  await env.userOf('Chef', { email: 'chef@test.local' })
  for (let i = 0; i < 5; i++) await login('chef@test.local', 'wrong-password')
  now += 15 * 60_000 + 1000
  for (let i = 0; i < 5; i++) await login('chef@test.local', 'wrong-password')
  now += 15 * 60_000 + 1000
  expect((await login('chef@test.local', TEST_PASSWORD)).status).toBe(429)
  now += 15 * 60_000
  expect((await login('chef@test.local', TEST_PASSWORD)).status).toBe(200)
})

test('one address guessing many accounts is stopped, whichever email it tries', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 40; i++) statuses.push((await login(`someone${i}@test.local`, 'wrong-password')).status)
  expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true)
  expect(statuses.at(-1)).toBe(429)
}, 30_000)

test('1,000 sign-ins with 1 MB emails are 400s and leave memory flat', async () => {
  const huge = 'a'.repeat(1_000_000) + '@test.local'
  const body = JSON.stringify({ email: huge, password: 'whatever-1' })
  Bun.gc(true)
  const before = process.memoryUsage().rss
  for (let i = 0; i < 1000; i++) {
    const res = await env.call('POST', '/api/auth/login', { body })
    if (res.status !== 400) throw new Error(`status ${res.status}`)
    if (i === 0) expect(res.body.message).toBe('email must be at most 254 characters')
  }
  Bun.gc(true)
  const grown = process.memoryUsage().rss - before
  expect(grown).toBeLessThan(20 * 1024 * 1024)
  expect(env.deps.db.query('SELECT count(*) AS n FROM login_throttle').get()).toEqual({ n: 0 })
}, 120_000)

/** A raw HTTP/1.1 POST from a chosen local address (Linux answers on all of 127.0.0.0/8). */
function postFrom(localAddress: string, url: string, path: string, body: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
    })
    let out = ''
    socket.on('data', (d) => (out += d.toString()))
    socket.on('end', () => resolve(Number(out.split(' ')[1])))
    socket.on('error', reject)
  })
}

test('over real HTTP: guesses from one address lock only that address out of the account', async () => {
  const server = await startServer({ args: ['--demo'] })
  try {
    const wrong = JSON.stringify({ email: 'manager@rims.local', password: 'not-the-password' })
    const right = JSON.stringify({ email: 'manager@rims.local', password: 'rims-demo-2026' })
    const attacker = await Promise.all(Array.from({ length: 50 }, () => postFrom('127.0.0.2', server.url, '/api/auth/login', wrong)))
    expect(attacker.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    expect(await postFrom('127.0.0.2', server.url, '/api/auth/login', right)).toBe(429)
    expect(await postFrom('127.0.0.1', server.url, '/api/auth/login', right)).toBe(200)
  } finally {
    await server.stop()
  }
}, 60_000)
