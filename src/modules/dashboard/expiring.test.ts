import { afterEach, beforeEach, expect, test } from 'bun:test'
import { addDays, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Point 22: "expiring" means 0 ≤ days left ≤ the window (expiryStatus); an item expired yesterday is expired, not expiring.

let env: TestEnv
beforeEach(async () => {
  env = await makeTestEnv()
})
afterEach(() => env.close())

test("the dashboard's expiring list leaves out an item expired yesterday and holds today's and the window's last day", async () => {
  const manager = await env.userOf('Manager')
  const store = await env.userOf('Storekeeper')
  const b = stockBuilders(env, manager.token)
  const s = env.deps.settings.get()
  const today = localDate(new Date(), s.time_zone)
  await b.makeItem({ name: 'A expired yesterday', quantity: 5, expiry: addDays(today, -1) })
  await b.makeItem({ name: 'B expires today', quantity: 5, expiry: today })
  await b.makeItem({ name: 'C expires at the window end', quantity: 5, expiry: addDays(today, s.expiring_days) })
  await b.makeItem({ name: 'D expires after the window', quantity: 5, expiry: addDays(today, s.expiring_days + 1) })
  for (const token of [store.token, manager.token]) {
    const res = await env.call('GET', '/api/dashboard', { token })
    expect(res.status).toBe(200)
    expect(res.body.data.expiring_items.map((i: any) => [i.name, i.status, i.days_until_expiry])).toEqual([
      ['B expires today', 'expiring', 0],
      ['C expires at the window end', 'expiring', s.expiring_days],
    ])
    expect(res.body.data.cards.expiring_soon).toBe(2)
  }
})
