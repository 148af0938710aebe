import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../test/harness'

let env: TestEnv
beforeAll(async () => {
  env = await makeTestEnv()
}, 60_000)
afterAll(() => env.close())

const get = (url: string) => env.app.handle(new Request(url))

describe('Strict-Transport-Security', () => {
  test('is sent on HTTPS answers while require_https is on', async () => {
    env.deps.settings.update({ require_https: true }, null)
    for (const path of ['/api/health', '/', '/api/settings/display']) {
      expect((await get('https://localhost' + path)).headers.get('strict-transport-security')).toBe('max-age=31536000')
    }
  })

  test('is never sent over HTTP, nor while require_https is off', async () => {
    env.deps.settings.update({ require_https: true }, null)
    expect((await get('http://localhost/api/health')).headers.get('strict-transport-security')).toBeNull()
    env.deps.settings.update({ require_https: false }, null)
    expect((await get('https://localhost/api/health')).headers.get('strict-transport-security')).toBeNull()
  })
})

test('HTML answers carry X-Frame-Options: DENY beside the CSP', async () => {
  for (const path of ['/', '/login', '/manager/settings']) {
    const res = await get('http://localhost' + path)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  }
})
