import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { MSG } from '../../contract/messages'
import { makeTestEnv, type TestEnv } from '../../test/harness'

let env: TestEnv
let manager: { id: number; token: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

const call = (method: string, path: string, body?: unknown) => env.call(method, path, { token: manager.token, body })
const auditActions = (id: number) =>
  (env.deps.db.query("SELECT action, user_id FROM audit_log WHERE entity = 'role' AND entity_id = $id ORDER BY id").all({ id }) as { action: string; user_id: number }[]).map(
    (r) => `${r.action} by ${r.user_id}`,
  )

describe('roles', () => {
  test('every signed-in user reads the roles with their user counts', async () => {
    const chef = await env.userOf('Chef')
    const res = await env.call('GET', '/api/auth/roles', { token: chef.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { id: 1, role_name: 'Manager', is_builtin: true, user_count: 1 },
      { id: 2, role_name: 'Storekeeper', is_builtin: true, user_count: 0 },
      { id: 3, role_name: 'Chef', is_builtin: true, user_count: 1 },
    ])
    expect((await call('GET', '/api/manager/roles')).body.data).toEqual(res.body.data)
  })

  test('create, read, rename and delete a custom role, each audited', async () => {
    const created = await call('POST', '/api/manager/roles', { role_name: '  Bartender ' })
    expect(created.status).toBe(200)
    expect(created.body.message).toBe(MSG.roleCreated)
    expect(created.body.data).toMatchObject({ role_name: 'Bartender', is_builtin: false, user_count: 0 })
    const id = created.body.data.id
    expect((await call('GET', `/api/manager/roles/${id}`)).body.data.role_name).toBe('Bartender')
    const renamed = await call('PUT', `/api/manager/roles/${id}`, { role_name: 'Head Bartender' })
    expect(renamed.body.message).toBe(MSG.roleUpdated)
    expect(renamed.body.data.role_name).toBe('Head Bartender')
    const deleted = await call('DELETE', `/api/manager/roles/${id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body.message).toBe(MSG.roleDeleted)
    expect((await call('GET', `/api/manager/roles/${id}`)).status).toBe(404)
    expect(auditActions(id)).toEqual([`create by ${manager.id}`, `update by ${manager.id}`, `delete by ${manager.id}`])
  })

  test('names are unique in any case and required', async () => {
    const dup = await call('POST', '/api/manager/roles', { role_name: 'chef' })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe(MSG.roleTaken)
    const bar = await call('POST', '/api/manager/roles', { role_name: 'Bar' })
    const rename = await call('PUT', `/api/manager/roles/${bar.body.data.id}`, { role_name: 'STOREKEEPER' })
    expect(rename.status).toBe(409)
    expect(rename.body.message).toBe(MSG.roleTaken)
    // Changing only the case of its own name is fine.
    expect((await call('PUT', `/api/manager/roles/${bar.body.data.id}`, { role_name: 'BAR' })).status).toBe(200)
    const blank = await call('POST', '/api/manager/roles', { role_name: ' ' })
    expect(blank.status).toBe(400)
    expect(blank.body.message).toBe('role_name is required')
    expect((await call('POST', '/api/manager/roles', {})).body.message).toBe('role_name is required')
  })

  test('the three built-in roles cannot be renamed or deleted', async () => {
    for (const id of [1, 2, 3]) {
      const rename = await call('PUT', `/api/manager/roles/${id}`, { role_name: 'Boss' })
      expect(rename.status).toBe(409)
      expect(rename.body.message).toBe(MSG.builtinRole)
      const del = await call('DELETE', `/api/manager/roles/${id}`)
      expect(del.status).toBe(409)
      expect(del.body.message).toBe(MSG.builtinRole)
    }
  })

  test('a role assigned to users cannot be deleted', async () => {
    const bar = await call('POST', '/api/manager/roles', { role_name: 'Bartender' })
    await call('POST', '/api/manager/users', { name: 'Mutale', email: 'mutale@test.local', password: 'bar-pass-123', role_id: bar.body.data.id })
    const res = await call('DELETE', `/api/manager/roles/${bar.body.data.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('This role is assigned to 1 user and cannot be deleted')
  })

  test('unknown ids are 404 and bad ids name the field', async () => {
    expect((await call('GET', '/api/manager/roles/99')).status).toBe(404)
    expect((await call('PUT', '/api/manager/roles/99', { role_name: 'X' })).body.message).toBe('Role not found')
    expect((await call('DELETE', '/api/manager/roles/99')).status).toBe(404)
    expect((await call('GET', '/api/manager/roles/x')).body.message).toBe('id must be a whole number')
  })

  test('a custom role signs in and sees only what every signed-in role sees', async () => {
    await call('POST', '/api/manager/roles', { role_name: 'Bartender' })
    const bartender = await env.userOf('Bartender')
    expect((await env.call('GET', '/api/auth/roles', { token: bartender.token })).status).toBe(200)
    expect((await env.call('GET', '/api/manager/roles', { token: bartender.token })).status).toBe(403)
  })
})
