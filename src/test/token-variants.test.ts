import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { jwt } from '@elysiajs/jwt'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACCESS, type Access } from '../contract/access'
import { MANAGER } from '../contract/roles'
import { makeTestEnv, type TestEnv } from './harness'
import { ensureExecutable, startServer, type RunningServer } from './server'

// Every route that needs a signed-in user, read from the one access table, refuses with 401 each kind of
// token that must not hold: expired, of a deactivated user, tampered with, `alg: none`, signed with another
// secret. The tokens name a Manager, who may call every route: the refusal comes from the token alone.

/** A plausible value for each path parameter, so the route itself is reached. */
const SAMPLE_PARAMS: Record<string, string> = { role: 'Chef', token: 'x', type: 'IN', status: 'PENDING', priority: 'HIGH', name: 'rims-sample.db' }
const samplePath = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1').replace(/\*$/, 'some-page')
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')

const guarded = (Object.entries(ACCESS) as [string, Access][]).filter(([, access]) => access !== 'public').map(([key]) => key)

let env: TestEnv
const bad: Record<string, string> = {}

beforeAll(async () => {
  env = await makeTestEnv()
  const manager = await env.userOf(MANAGER)
  const gone = await env.userOf(MANAGER)
  env.deps.db.query('UPDATE users SET is_active = 0 WHERE id = $id').run({ id: gone.id })

  const nowSec = Math.floor(Date.now() / 1000)
  const claims = { sub: String(manager.id), role: MANAGER, tv: 0 }
  const right = jwt({ name: 'jwt', secret: env.secret, alg: 'HS256' }).decorator.jwt
  const wrong = jwt({ name: 'jwt', secret: 'not-the-server-secret', alg: 'HS256' }).decorator.jwt
  const [header, payload, signature] = manager.token.split('.')
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)

  bad['expired'] = await right.sign({ ...claims, exp: nowSec - 3600 })
  bad['of a deactivated user'] = gone.token
  bad['with a tampered signature'] = `${header}.${payload}.${flipped}`
  bad['with a tampered payload'] = `${header}.${b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: String(gone.id) })}.${signature}`
  bad['with alg none'] = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`
  bad['signed with another secret'] = await wrong.sign({ ...claims, exp: nowSec + 3600 })
  bad['without exp'] = await right.sign({ ...claims })

  // The same Manager's real token is accepted: what fails below fails because of the token.
  expect((await env.call('GET', '/api/auth/profile', { token: manager.token })).status).toBe(200)
})
afterAll(() => env.close())

describe('every guarded route refuses a token that does not hold with 401', () => {
  test('the table has guarded routes', () => {
    expect(guarded.length).toBeGreaterThan(40)
  })

  for (const key of guarded) {
    test(key, async () => {
      const i = key.indexOf(' ')
      const [method, pattern] = [key.slice(0, i), key.slice(i + 1)]
      const statuses: Record<string, number> = {}
      for (const [kind, token] of Object.entries(bad)) {
        const res = await env.call(method, samplePath(pattern), { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} })
        statuses[kind] = res.status
        expect(res.body.success).toBe(false)
      }
      expect(statuses).toEqual(Object.fromEntries(Object.keys(bad).map((k) => [k, 401])))
    })
  }
})

describe("the compiled executable's HTML carries the security headers", () => {
  let server: RunningServer

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rims-headers-'))
    const exe = join(dir, 'rims')
    copyFileSync(await ensureExecutable(), exe)
    Bun.spawnSync(['chmod', '+x', exe])
    server = await startServer({ command: [exe], dataDir: join(dir, 'data') })
  }, 120_000)
  afterAll(() => server?.stop())

  for (const path of ['/', '/stock', '/login']) {
    test(`GET ${path}`, async () => {
      const res = await fetch(server.url + path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      const csp = res.headers.get('content-security-policy') ?? ''
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? csp.split(';').find((d) => d.trim().startsWith('default-src'))
      expect(scriptSrc).toBeDefined()
      expect(scriptSrc).not.toContain('unsafe-inline')
      expect(scriptSrc).not.toContain('unsafe-eval')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      // The policy forbids inline scripts, so the page must not need one.
      const html = await res.text()
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && body.trim() !== '')
      expect(inline.map(([tag]) => tag.slice(0, 80))).toEqual([])
    })
  }
})
