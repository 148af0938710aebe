import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'

// Money, quantity and percentage settings take at most 2 decimals, like every other amount: never rounded.
let env: TestEnv
let token: string
beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf('Manager')).token
})
afterAll(() => env.close())

const AMOUNT_SETTINGS = ['discrepancy_wastage_value', 'discrepancy_count_change', 'count_variance_pct', 'count_variance_value', 'price_alert_pct', 'target_food_cost_pct'] as const

test('every amount setting refuses three decimals naming the key, and keeps its value', async () => {
  for (const key of AMOUNT_SETTINGS) {
    const before = env.deps.settings.get()[key]
    const res = await env.call('PUT', '/api/manager/settings', { token, body: { [key]: 5.125 } })
    expect({ key, status: res.status, message: res.body.message }).toEqual({ key, status: 400, message: `${key} must have at most 2 decimal places` })
    expect(env.deps.settings.get()[key]).toBe(before)
  }
})

test('two decimals are taken', async () => {
  for (const key of AMOUNT_SETTINGS) {
    const res = await env.call('PUT', '/api/manager/settings', { token, body: { [key]: 5.25 } })
    expect({ key, status: res.status }).toEqual({ key, status: 200 })
    expect(env.deps.settings.get()[key]).toBe(5.25)
  }
})
