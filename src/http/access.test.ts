import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { jwt } from '@elysiajs/jwt'
import { ACCESS, canAccess, type Access } from '../contract/access'
import { BUILTIN_ROLES } from '../contract/roles'
import { makeTestEnv, type TestEnv } from '../test/harness'
import { insertUser } from '../modules/users/repo'
import { hashPassword } from '../lib/passwords'

// The role matrix, read from the one access table: every route that exists is checked for every role,
// so a feature added later is covered without touching this file.

const CUSTOM_ROLE = 'Bartender' // a role made by the Manager: sees only what every signed-in role sees
const ROLES = [...BUILTIN_ROLES, CUSTOM_ROLE] as const

/** A plausible value for each path parameter, so the route itself is reached. */
const SAMPLE_PARAMS: Record<string, string> = { role: 'Chef', token: 'x', type: 'IN', status: 'PENDING', priority: 'HIGH', name: 'rims-sample.db' }
const samplePath = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1').replace(/\*$/, 'some-page')

const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`
const split = (key: string) => {
  const i = key.indexOf(' ')
  return { method: key.slice(0, i), pattern: key.slice(i + 1) }
}

let env: TestEnv
const tokens: Record<string, string> = {}

beforeAll(async () => {
  env = await makeTestEnv()
  // Manager first: user 1 is the Manager, so a sample DELETE /…/users/1 is its own account (refused, nothing lost).
  for (const role of BUILTIN_ROLES) tokens[role] = (await env.userOf(role)).token
  env.deps.db.query("INSERT INTO roles (role_name, is_builtin, created_at) VALUES ($name, 0, '2026-01-01T00:00:00.000Z')").run({ name: CUSTOM_ROLE })
  tokens[CUSTOM_ROLE] = (await env.userOf(CUSTOM_ROLE)).token
})
afterAll(() => env.close())

const callAs = (key: string, token: string | null) => {
  const { method, pattern } = split(key)
  return env.call(method, samplePath(pattern), { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} })
}

describe('every route in ACCESS answers each role as the table says', () => {
  for (const [key, access] of Object.entries(ACCESS) as [string, Access][]) {
    test(`${key} (${Array.isArray(access) ? access.join(', ') : access})`, async () => {
      if (access === 'public') {
        const res = await callAs(key, null)
        expect([401, 403]).not.toContain(res.status)
        return
      }
      const anonymous = await callAs(key, null)
      expect(anonymous.status).toBe(401)
      // Refused roles first, so that an allowed call's effect cannot change what they see.
      const refused = ROLES.filter((r) => !canAccess(access, r))
      const allowed = ROLES.filter((r) => canAccess(access, r))
      for (const role of refused) {
        const res = await callAs(key, tokens[role])
        expect({ role, status: res.status }).toEqual({ role, status: 403 })
      }
      for (const role of allowed) {
        const res = await callAs(key, tokens[role])
        expect({ role, refused: [401, 403].includes(res.status) }).toEqual({ role, refused: false })
      }
    })
  }
})

describe('the table and the app agree', () => {
  test('every route the app registers has an entry in ACCESS', () => {
    const missing = env.app.routes.map((r) => routeKey(r.method, r.path)).filter((k) => !(k in ACCESS))
    expect(missing).toEqual([])
  })

  test('every ACCESS entry is a real route (no stale entries)', () => {
    const registered = new Set(env.app.routes.map((r) => routeKey(r.method, r.path)))
    expect(Object.keys(ACCESS).filter((k) => !registered.has(k))).toEqual([])
  })
})

describe('tokens that no longer hold', () => {
  test("a deactivated user's token is a 401", async () => {
    const chef = await env.userOf('Chef')
    expect((await env.call('GET', '/api/auth/profile', { token: chef.token })).status).toBe(200)
    env.deps.db.query('UPDATE users SET is_active = 0 WHERE id = $id').run({ id: chef.id })
    expect((await env.call('GET', '/api/auth/profile', { token: chef.token })).status).toBe(401)
  })

  test('an expired token, signed with the right secret, is a 401', async () => {
    const id = insertUser(env.deps.db, { name: 'Late Chef', email: 'late@test.local', passwordHash: await hashPassword('late-chef-pass'), roleId: 3, at: new Date().toISOString() })
    const signer = jwt({ name: 'jwt', secret: env.secret, alg: 'HS256' }).decorator.jwt
    const nowSec = Math.floor(Date.now() / 1000)
    const { sid } = env.deps.db.query('SELECT sid FROM users WHERE id = $id').get({ id }) as { sid: string }
    const claims = { sub: String(id), role: 'Chef', tv: 0, sid }
    const expired = await signer.sign({ ...claims, exp: nowSec - 3600 })
    const fresh = await signer.sign({ ...claims, exp: nowSec + 3600 })
    expect((await env.call('GET', '/api/auth/profile', { token: fresh })).status).toBe(200)
    const res = await env.call('GET', '/api/auth/profile', { token: expired })
    expect(res.status).toBe(401)
  })
})
