import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boxTimeZone, zoneFromPath } from '../../lib/box-zone'
import { makeTestEnv, type TestEnv } from '../../test/harness'

// The time zone is a name from the runtime's IANA list (the browser's picker shows its own list of
// the same names); until a Manager picks one, the restaurant runs on the box's zone.
let env: TestEnv
let token: string
beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf('Manager')).token
}, 60_000)
afterAll(() => env.close())

const put = (time_zone: unknown) => env.call('PUT', '/api/manager/settings', { token, body: { time_zone } })
const stored = () => env.deps.settings.get().time_zone

describe('time zone setting', () => {
  test('every name on the runtime list is taken, and the saved zone is what /settings/display gives', async () => {
    const zones = Intl.supportedValuesOf('timeZone')
    expect(zones).toContain('Africa/Lusaka')
    for (const z of ['Africa/Lusaka', 'America/Argentina/Buenos_Aires', 'UTC', zones[0], zones.at(-1)!]) {
      const res = await put(z)
      expect(res.status).toBe(200)
      expect(stored()).toBe(z)
    }
    await put('Africa/Lusaka')
    expect((await env.call('GET', '/api/settings/display')).body.data.time_zone).toBe('Africa/Lusaka')
  })

  test("an alias a browser lists (Chromium's Asia/Calcutta) is taken too", async () => {
    expect((await put('Asia/Calcutta')).status).toBe(200)
    expect(stored()).toBe('Asia/Calcutta')
    await put('Africa/Lusaka')
  })

  test('anything that is not a zone name is refused with a message, and the zone stays', async () => {
    for (const bad of ['Lusaka', 'Africa/Nowhere', 'africa/lusaka', 'utc', '+02:00', 'GMT+2', '', 'Africa/Lusaka; DROP TABLE settings']) {
      const res = await put(bad)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('time_zone must be a time zone name from the list, such as Africa/Lusaka')
      expect(stored()).toBe('Africa/Lusaka')
    }
    expect((await put(2)).body.message).toBe('time_zone must be text')
  })
})

describe("the box's zone", () => {
  test('read from TZ, /etc/timezone or the /etc/localtime link when the runtime says UTC', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rims-zone-'))
    const none = { timezone: join(dir, 'missing'), localtime: join(dir, 'missing-link') }
    expect(zoneFromPath(':/usr/share/zoneinfo/Africa/Lusaka')).toBe('Africa/Lusaka')
    expect(zoneFromPath('/usr/share/zoneinfo/Nowhere/Else')).toBeNull()
    const intl = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (intl === 'UTC' || intl === 'Etc/UTC') {
      expect(boxTimeZone({ TZ: ':/usr/share/zoneinfo/Africa/Lusaka' }, none)).toBe('Africa/Lusaka')
      writeFileSync(join(dir, 'timezone'), 'Africa/Harare\n')
      expect(boxTimeZone({}, { ...none, timezone: join(dir, 'timezone') })).toBe('Africa/Harare')
      symlinkSync('/usr/share/zoneinfo/Europe/Berlin', join(dir, 'localtime'))
      expect(boxTimeZone({}, { ...none, localtime: join(dir, 'localtime') })).toBe('Europe/Berlin')
      expect(boxTimeZone({}, none)).toBe(intl)
    } else {
      // A box already on a real zone: that is the answer, whatever the files say.
      expect(boxTimeZone({ TZ: 'Europe/Berlin' }, none)).toBe(intl)
    }
  })

  test('a fresh restaurant (the demo too) starts on the box zone, without writing it', async () => {
    const fresh = await makeTestEnv()
    try {
      expect(fresh.deps.settings.get().time_zone).toBe(boxTimeZone())
      expect((await fresh.call('GET', '/api/settings/display')).body.data.time_zone).toBe(boxTimeZone())
      expect(fresh.deps.db.query("SELECT count(*) AS n FROM settings WHERE key = 'time_zone'").get()).toEqual({ n: 0 })
    } finally {
      fresh.close()
    }
  })
})

describe('the box zone read lazily', () => {
  let lazy: TestEnv
  beforeEach(async () => {
    lazy = await makeTestEnv()
  })
  afterEach(() => lazy.close())


// The box's zone is resolved when first read (ICU's zone data stays out of the start): it must read, spread and
// serialize like a stored value, and a stored zone replaces it.
test('an unset time zone reads as the box zone everywhere settings are copied', async () => {
  const s = lazy.deps.settings.get()
  expect(s.time_zone).toBe(boxTimeZone())
  expect({ ...s }.time_zone).toBe(boxTimeZone())
  expect(JSON.parse(JSON.stringify(s)).time_zone).toBe(boxTimeZone())
  expect(Object.keys(s)).toContain('time_zone')
  const token = (await lazy.userOf('Manager')).token
  expect((await lazy.call('GET', '/api/manager/settings', { token })).body.data.time_zone).toBe(boxTimeZone())
})

test('a stored time zone replaces the box zone and is read back', async () => {
  const token = (await lazy.userOf('Manager')).token
  const zone = boxTimeZone() === 'Africa/Lusaka' ? 'Europe/Paris' : 'Africa/Lusaka'
  expect((await lazy.call('PUT', '/api/manager/settings', { token, body: { time_zone: zone } })).status).toBe(200)
  expect(lazy.deps.settings.get().time_zone).toBe(zone)
  expect({ ...lazy.deps.settings.get() }.time_zone).toBe(zone)
  expect((await lazy.call('GET', '/api/manager/settings', { token })).body.data.time_zone).toBe(zone)
  })
})
