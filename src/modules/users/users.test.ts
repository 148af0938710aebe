import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { MSG } from '../../contract/messages'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'
import { userHasHistory } from './repo'
import { createUsersService } from './service'

let env: TestEnv
let manager: { id: number; token: string; email: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager', { name: 'Mwila Banda', email: 'boss@test.local' })
})
afterEach(() => env.close())

const as = (token: string) => ({
  get: (path: string) => env.call('GET', path, { token }),
  post: (path: string, body?: unknown) => env.call('POST', path, { token, body }),
  put: (path: string, body?: unknown) => env.call('PUT', path, { token, body }),
  patch: (path: string, body?: unknown) => env.call('PATCH', path, { token, body }),
  del: (path: string) => env.call('DELETE', path, { token }),
})
const auditRows = (entity: string, entityId: number) =>
  env.deps.db.query('SELECT user_id, action, details FROM audit_log WHERE entity = $entity AND entity_id = $entityId ORDER BY id').all({ entity, entityId }) as {
    user_id: number
    action: string
    details: string | null
  }[]
const CHEF_ROLE = 3
const STORE_ROLE = 2
const MANAGER_ROLE = 1
const newUser = (o: Partial<{ name: string; email: string; password: string; role_id: number }> = {}) => ({
  name: 'Chanda Mwale',
  email: 'chanda@test.local',
  password: 'kitchen-pass-1',
  role_id: CHEF_ROLE,
  ...o,
})
const login = (email: string, password: string) => env.call('POST', '/api/auth/login', { body: { email, password } })

describe('create', () => {
  test('creates a user who can sign in; the answer and the audit never hold the password', async () => {
    const res = await as(manager.token).post('/api/manager/users', newUser({ email: 'Chanda@Test.local' }))
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(MSG.userCreated)
    expect(res.body.data).toMatchObject({ name: 'Chanda Mwale', email: 'chanda@test.local', role_id: CHEF_ROLE, role_name: 'Chef', is_active: true, last_login_at: null })
    expect(Object.keys(res.body.data)).not.toContain('password_hash')
    expect(Object.keys(res.body.data)).not.toContain('token_version')
    expect((await login('chanda@test.local', 'kitchen-pass-1')).status).toBe(200)
    const audit = auditRows('user', res.body.data.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ user_id: manager.id, action: 'create' })
    expect(audit[0].details).not.toContain('kitchen-pass-1')
  })

  test('POST and GET /auth/users are the same create and list', async () => {
    const created = await as(manager.token).post('/api/auth/users', newUser())
    expect(created.status).toBe(200)
    const list = await as(manager.token).get('/api/auth/users')
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(['chanda@test.local', 'boss@test.local'])
  })

  test('a blank field answers the spec message', async () => {
    for (const body of [newUser({ name: '' }), newUser({ email: '  ' }), { name: 'A', email: 'a@test.local', password: 'long-enough-1' }, {}]) {
      const res = await as(manager.token).post('/api/manager/users', body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(MSG.allFieldsRequired)
    }
  })

  test('field rules name the field: bad email, short password, unknown role', async () => {
    const bad = await as(manager.token).post('/api/manager/users', newUser({ email: 'not-an-email' }))
    expect(bad.body.message).toBe('email must be a valid email address')
    const short = await as(manager.token).post('/api/manager/users', newUser({ password: 'short' }))
    expect(short.body.message).toBe(MSG.profilePasswordTooShort)
    const role = await as(manager.token).post('/api/manager/users', newUser({ role_id: 99 }))
    expect(role.status).toBe(400)
    expect(role.body.message).toBe(MSG.unknownRole)
  })

  test('a duplicate email, in any case, is a 409', async () => {
    const res = await as(manager.token).post('/api/manager/users', newUser({ email: 'BOSS@test.local' }))
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(MSG.emailTaken)
  })
})

describe('list, get, search and reports', () => {
  beforeEach(async () => {
    await as(manager.token).post('/api/manager/users', newUser({ name: 'Chanda Mwale', email: 'chanda@test.local', role_id: CHEF_ROLE }))
    await as(manager.token).post('/api/manager/users', newUser({ name: 'Bwalya Store', email: 'bwalya@test.local', role_id: STORE_ROLE }))
    const inactive = await as(manager.token).post('/api/manager/users', newUser({ name: 'Zed Old', email: 'zed@test.local', role_id: CHEF_ROLE }))
    await as(manager.token).patch(`/api/manager/users/${inactive.body.data.id}/status`, { is_active: false })
  })

  test('the list is data itself, with meta, filters and pages', async () => {
    const all = await as(manager.token).get('/api/manager/users')
    expect(Array.isArray(all.body.data)).toBe(true)
    expect(all.body.meta).toEqual({ total: 4, page: 1, limit: 50 })
    const chefs = await as(manager.token).get('/api/manager/users?role=chef')
    expect(chefs.body.data.map((u: { name: string }) => u.name)).toEqual(['Chanda Mwale', 'Zed Old'])
    const inactive = await as(manager.token).get('/api/manager/users?status=inactive')
    expect(inactive.body.data.map((u: { name: string }) => u.name)).toEqual(['Zed Old'])
    const active = await as(manager.token).get('/api/manager/users?status=active&role=Chef')
    expect(active.body.data.map((u: { name: string }) => u.name)).toEqual(['Chanda Mwale'])
    const q = await as(manager.token).get('/api/manager/users?q=BWALYA')
    expect(q.body.data.map((u: { email: string }) => u.email)).toEqual(['bwalya@test.local'])
    const page2 = await as(manager.token).get('/api/manager/users?page=2&limit=3')
    expect(page2.body.meta).toEqual({ total: 4, page: 2, limit: 3 })
    expect(page2.body.data.map((u: { name: string }) => u.name)).toEqual(['Zed Old'])
    expect((await as(manager.token).get('/api/manager/users?status=gone')).body.message).toBe('status must be active or inactive')
    expect((await as(manager.token).get('/api/manager/users?limit=501')).body.message).toBe('limit must be at most 500')
  })

  test('search takes query (the spec) and q; % is a plain character', async () => {
    const byQuery = await as(manager.token).get('/api/manager/users/search?query=chanda')
    expect(byQuery.body.data.map((u: { email: string }) => u.email)).toEqual(['chanda@test.local'])
    const byQ = await as(manager.token).get('/api/manager/users/search?q=store')
    expect(byQ.body.data.map((u: { email: string }) => u.email)).toEqual(['bwalya@test.local'])
    expect((await as(manager.token).get('/api/manager/users/search?query=%25')).body.data).toEqual([])
  })

  test('get one, or 404', async () => {
    const one = await as(manager.token).get(`/api/manager/users/${manager.id}`)
    expect(one.body.data).toMatchObject({ id: manager.id, name: 'Mwila Banda', role_name: 'Manager' })
    const missing = await as(manager.token).get('/api/manager/users/9999')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User not found')
    expect((await as(manager.token).get('/api/manager/users/abc')).body.message).toBe('id must be a whole number')
  })

  test('stats count total, active, inactive and each role', async () => {
    const res = await as(manager.token).get('/api/manager/users/stats')
    expect(res.body.data).toEqual({
      total: 4,
      active: 3,
      inactive: 1,
      by_role: [
        { role_name: 'Manager', count: 1 },
        { role_name: 'Storekeeper', count: 1 },
        { role_name: 'Chef', count: 2 },
      ],
    })
  })

  test('recent logins: newest first, only those who signed in, limit 10 by default and 100 at most', async () => {
    await login('chanda@test.local', 'kitchen-pass-1')
    await Bun.sleep(5)
    await login('bwalya@test.local', 'kitchen-pass-1')
    const res = await as(manager.token).get('/api/manager/users/recent-logins')
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual(['bwalya@test.local', 'chanda@test.local', 'boss@test.local'])
    expect(res.body.data[0].last_login_at).toMatch(/Z$/)
    expect((await as(manager.token).get('/api/manager/users/recent-logins?limit=1')).body.data).toHaveLength(1)
    expect((await as(manager.token).get('/api/manager/users/recent-logins?limit=101')).body.message).toBe('limit must be at most 100')
    const never = await as(manager.token).get('/api/manager/users/never-logged-in')
    expect(never.body.data.map((u: { email: string }) => u.email)).toEqual(['zed@test.local'])
  })

  test('by role name in any case; an unknown role is a 404', async () => {
    const res = await as(manager.token).get('/api/manager/users/role/CHEF')
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Chanda Mwale', 'Zed Old'])
    expect((await as(manager.token).get('/api/manager/users/role/Sommelier')).status).toBe(404)
    const role = await as(manager.token).post('/api/manager/roles', { role_name: 'Sous Chef' })
    await as(manager.token).post('/api/manager/users', newUser({ email: 'sous@test.local', role_id: role.body.data.id }))
    const sous = await as(manager.token).get('/api/manager/users/role/sous%20chef')
    expect(sous.body.data.map((u: { email: string }) => u.email)).toEqual(['sous@test.local'])
  })
})

describe('update', () => {
  test('changes name, email and role, and audits what changed', async () => {
    const c = await env.userOf('Chef')
    const res = await as(manager.token).put(`/api/manager/users/${c.id}`, { name: 'Chanda B', email: 'cb@test.local', role_id: STORE_ROLE })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(MSG.userUpdated)
    expect(res.body.data).toMatchObject({ name: 'Chanda B', email: 'cb@test.local', role_name: 'Storekeeper' })
    const [row] = auditRows('user', c.id)
    expect(row.action).toBe('update')
    expect(JSON.parse(row.details!)).toMatchObject({ role_id: { from: CHEF_ROLE, to: STORE_ROLE }, email: { to: 'cb@test.local' } })
  })

  test('missing fields give the spec message; 404, 409 and an unknown role', async () => {
    const c = await env.userOf('Chef')
    const missing = await as(manager.token).put(`/api/manager/users/${c.id}`, { name: 'X', email: '' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(MSG.nameEmailRoleRequired)
    expect((await as(manager.token).put('/api/manager/users/9999', { name: 'X', email: 'x@test.local', role_id: 1 })).status).toBe(404)
    const dup = await as(manager.token).put(`/api/manager/users/${c.id}`, { name: 'X', email: manager.email, role_id: CHEF_ROLE })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe(MSG.emailTaken)
    expect((await as(manager.token).put(`/api/manager/users/${c.id}`, { name: 'X', email: 'x@test.local', role_id: 42 })).body.message).toBe(MSG.unknownRole)
  })

  test('the last active Manager cannot be demoted; with a second one it can', async () => {
    const res = await as(manager.token).put(`/api/manager/users/${manager.id}`, { name: 'Mwila', email: manager.email, role_id: CHEF_ROLE })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(MSG.lastManager)
    const other = await env.userOf('Manager')
    const demote = await as(manager.token).put(`/api/manager/users/${other.id}`, { name: 'Other', email: other.email, role_id: CHEF_ROLE })
    expect(demote.status).toBe(200)
  })
})

describe('password and status', () => {
  test("a Manager's password set lets the new password in and ends the old sessions", async () => {
    const c = await env.userOf('Chef')
    const short = await as(manager.token).patch(`/api/manager/users/${c.id}/password`, { newPassword: 'short' })
    expect(short.body.message).toBe(MSG.profilePasswordTooShort)
    const res = await as(manager.token).patch(`/api/manager/users/${c.id}/password`, { newPassword: 'brand-new-pass' })
    expect(res.status).toBe(200)
    expect((await as(c.token).get('/api/auth/profile')).status).toBe(401)
    expect((await login(c.email, TEST_PASSWORD)).status).toBe(401)
    expect((await login(c.email, 'brand-new-pass')).status).toBe(200)
    expect(auditRows('user', c.id).map((r) => r.action)).toEqual(['set-password'])
    expect(JSON.stringify(auditRows('user', c.id))).not.toContain('brand-new-pass')
    expect((await as(manager.token).patch('/api/manager/users/9999/password', { newPassword: 'brand-new-pass' })).status).toBe(404)
  })

  test('deactivation ends the sessions and refuses sign-in; activation lets them back', async () => {
    const c = await env.userOf('Chef')
    const off = await as(manager.token).patch(`/api/manager/users/${c.id}/status`, { is_active: false })
    expect(off.status).toBe(200)
    expect(off.body.message).toBe(MSG.userDeactivated)
    expect(off.body.data.is_active).toBe(false)
    expect((await as(c.token).get('/api/auth/profile')).status).toBe(401)
    expect((await login(c.email, TEST_PASSWORD)).status).toBe(401)
    const on = await as(manager.token).patch(`/api/manager/users/${c.id}/status`, { is_active: 1 })
    expect(on.body.message).toBe(MSG.userActivated)
    expect(on.body.data.is_active).toBe(true)
    expect((await login(c.email, TEST_PASSWORD)).status).toBe(200)
    expect(auditRows('user', c.id).map((r) => r.action)).toEqual(['deactivate', 'activate'])
    expect((await as(manager.token).patch(`/api/manager/users/${c.id}/status`, { is_active: 'yes' })).body.message).toBe('is_active must be true or false')
    expect((await as(manager.token).patch('/api/manager/users/9999/status', { is_active: false })).status).toBe(404)
  })

  test('a Manager cannot deactivate their own account', async () => {
    const self = await as(manager.token).patch(`/api/manager/users/${manager.id}/status`, { is_active: false })
    expect(self.status).toBe(409)
    expect(self.body.message).toBe(MSG.cannotChangeOwnStatus)
    const second = await env.userOf('Manager')
    expect((await as(second.token).patch(`/api/manager/users/${manager.id}/status`, { is_active: false })).status).toBe(200)
  })

  test('the rules hold whoever asks: the last active Manager is never deactivated or deleted', async () => {
    const users = createUsersService(env.deps)
    const store = await env.userOf('Storekeeper')
    expect(() => users.setStatus(store.id, manager.id, false)).toThrow(MSG.lastManager)
    expect(() => users.remove(store.id, manager.id)).toThrow(MSG.lastManager)
    expect(users.get(manager.id).is_active).toBe(true)
  })
})

describe('delete', () => {
  test('a user with no history is deleted, and the delete is audited', async () => {
    const created = await as(manager.token).post('/api/manager/users', newUser())
    const id = created.body.data.id
    const res = await as(manager.token).del(`/api/manager/users/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(MSG.userDeleted)
    expect((await as(manager.token).get(`/api/manager/users/${id}`)).status).toBe(404)
    expect(auditRows('user', id).map((r) => r.action)).toEqual(['create', 'delete'])
    expect((await as(manager.token).del(`/api/manager/users/${id}`)).status).toBe(404)
  })

  test('a user with history is refused with the advice to deactivate', async () => {
    const c = await env.userOf('Chef')
    await as(c.token).put('/api/auth/profile', { name: 'Chanda', email: c.email })
    expect(userHasHistory(env.deps.db, c.id)).toBe(true)
    const res = await as(manager.token).del(`/api/manager/users/${c.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(MSG.userHasHistory)
  })

  test('a Manager cannot delete their own account', async () => {
    const res = await as(manager.token).del(`/api/manager/users/${manager.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(MSG.cannotDeleteSelf)
  })

  test('history is found through every foreign key to users that does not cascade', async () => {
    const c = await env.userOf('Chef')
    expect(userHasHistory(env.deps.db, c.id)).toBe(false)
    env.deps.db.exec('CREATE TABLE later_feature (id INTEGER PRIMARY KEY, made_by INTEGER NOT NULL REFERENCES users(id)) STRICT')
    env.deps.db.query('INSERT INTO later_feature (made_by) VALUES ($id)').run({ id: c.id })
    expect(userHasHistory(env.deps.db, c.id)).toBe(true)
  })
})
