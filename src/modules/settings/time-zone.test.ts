import { afterEach, beforeEach, expect, test } from 'bun:test'
import { defaultTimeZone } from '../../contract/settings'
import { makeTestEnv, type TestEnv } from '../../test/harness'

let env: TestEnv
beforeEach(async () => {
  env = await makeTestEnv()
})
afterEach(() => env.close())

// The box's zone is resolved when first read (ICU's zone data stays out of the start): it must read, spread and
// serialize like a stored value, and a stored zone replaces it.
test('an unset time zone reads as the box zone everywhere settings are copied', async () => {
  const s = env.deps.settings.get()
  expect(s.time_zone).toBe(defaultTimeZone())
  expect({ ...s }.time_zone).toBe(defaultTimeZone())
  expect(JSON.parse(JSON.stringify(s)).time_zone).toBe(defaultTimeZone())
  expect(Object.keys(s)).toContain('time_zone')
  const token = (await env.userOf('Manager')).token
  expect((await env.call('GET', '/api/manager/settings', { token })).body.data.time_zone).toBe(defaultTimeZone())
})

test('a stored time zone replaces the box zone and is read back', async () => {
  const token = (await env.userOf('Manager')).token
  const zone = defaultTimeZone() === 'Africa/Lusaka' ? 'Europe/Paris' : 'Africa/Lusaka'
  expect((await env.call('PUT', '/api/manager/settings', { token, body: { time_zone: zone } })).status).toBe(200)
  expect(env.deps.settings.get().time_zone).toBe(zone)
  expect({ ...env.deps.settings.get() }.time_zone).toBe(zone)
  expect((await env.call('GET', '/api/manager/settings', { token })).body.data.time_zone).toBe(zone)
})
