import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { KITCHEN_MSG } from '../../contract/kitchen'
import { STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'

// One app for the file (password hashing is slow on purpose); tests that count everything start a fresh one.
let env: TestEnv
let k: Awaited<ReturnType<typeof kitchenBuilders>>
const fresh = async (options: Parameters<typeof makeTestEnv>[0] = {}) => {
  env?.close()
  env = await makeTestEnv(options)
  k = await kitchenBuilders(env)
}
beforeAll(() => fresh())
afterAll(() => env.close())

const REQUEST_NUMBER = /^KR-\d{8}-\d{3,}$/

describe('creating a request', () => {
  test('a Chef creates a PENDING request numbered KR-YYYYMMDD-NNN, MEDIUM by default, as its chef', async () => {
    const item = await k.makeItem({ store: 20, name: 'Tomatoes' })
    const res = await env.call('POST', '/api/kitchen-requests', { token: k.chef.token, body: { item_id: item.id, quantity_requested: 2.5, remarks: 'For the stew' } })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(KITCHEN_MSG.requestCreated)
    expect(res.body.data).toMatchObject({
      item_id: item.id,
      item_name: 'Tomatoes',
      unit: 'kg',
      chef_id: k.chef.id,
      chef_name: 'Bwalya Chef',
      quantity_requested: 2.5,
      quantity_approved: null,
      priority: 'MEDIUM',
      status: 'PENDING',
      remarks: 'For the stew',
      review_remarks: null,
    })
    expect(res.body.data.request_number).toMatch(REQUEST_NUMBER)
    expect(res.body.data.requested_at).toMatch(/Z$/)
  })

  test('a Manager may create one; a Storekeeper may not', async () => {
    const item = await k.makeItem()
    expect((await env.call('POST', '/api/kitchen-requests', { token: k.manager.token, body: { item_id: item.id, quantity_requested: 1 } })).status).toBe(201)
    expect((await env.call('POST', '/api/kitchen-requests', { token: k.store.token, body: { item_id: item.id, quantity_requested: 1 } })).status).toBe(403)
  })

  test('priority is accepted in any letter case and answered in upper case', async () => {
    const item = await k.makeItem()
    expect((await k.createRequest(item.id, 1, { priority: 'urgent' })).priority).toBe('URGENT')
    expect((await k.createRequest(item.id, 1, { priority: 'High' })).priority).toBe('HIGH')
  })

  test('bad input names the field', async () => {
    const item = await k.makeItem()
    const call = (body: object) => env.call('POST', '/api/kitchen-requests', { token: k.chef.token, body })
    expect((await call({ quantity_requested: 1 })).body.message).toBe('item_id is required')
    expect((await call({ item_id: 'x', quantity_requested: 1 })).body.message).toBe('item_id must be a whole number')
    expect((await call({ item_id: item.id, quantity_requested: 0 })).body.message).toBe('quantity_requested must be at least 0.01')
    expect((await call({ item_id: item.id, quantity_requested: 1.234 })).body.message).toBe('quantity_requested must have at most 2 decimal places')
    expect((await call({ item_id: item.id, quantity_requested: 1, priority: 'SOON' })).body.message).toBe('priority must be one of LOW, MEDIUM, HIGH, URGENT')
    const unknown = await call({ item_id: 99999, quantity_requested: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(KITCHEN_MSG.unknownItem)
  })

  test('numbers count up within a day and start again the next day, in the restaurant zone (a clock near midnight)', async () => {
    let now = Date.parse('2026-03-14T21:58:00Z') // 23:58 in Lusaka (UTC+2)
    await fresh({ clock: () => new Date(now) })
    env.deps.settings.update({ time_zone: 'Africa/Lusaka' }, null)
    const item = await k.makeItem()
    expect((await k.createRequest(item.id, 1)).request_number).toBe('KR-20260314-001')
    expect((await k.createRequest(item.id, 1)).request_number).toBe('KR-20260314-002')
    now = Date.parse('2026-03-14T22:00:30Z') // 00:00:30 on the 15th in Lusaka, still the 14th in UTC
    expect((await k.createRequest(item.id, 1)).request_number).toBe('KR-20260315-001')
    expect((await k.createRequest(item.id, 1)).request_number).toBe('KR-20260315-002')
  })
})

describe('reading requests', () => {
  test('the list pages newest first with meta, and filters by status, priority, chef and q', async () => {
    await fresh()
    const beef = await k.makeItem({ name: 'Beef fillet' })
    const rice = await k.makeItem({ name: 'Basmati rice' })
    const otherChef = await env.userOf('Chef', { name: 'Mutinta Other' })
    const a = await k.createRequest(beef.id, 1, { priority: 'URGENT', remarks: 'Sunday lunch' })
    const b = await k.createRequest(rice.id, 2, { priority: 'LOW' })
    const c = await k.createRequest(rice.id, 3, { token: otherChef.token })
    await k.approve(b.id)

    const all = await env.call('GET', '/api/kitchen-requests?limit=2', { token: k.store.token })
    expect(all.status).toBe(200)
    expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 2 })
    expect(all.body.data.map((r: any) => r.id)).toEqual([c.id, b.id])
    const page2 = await env.call('GET', '/api/kitchen-requests?limit=2&page=2', { token: k.store.token })
    expect(page2.body.data.map((r: any) => r.id)).toEqual([a.id])

    const ids = async (path: string) => (await env.call('GET', path, { token: k.chef.token })).body.data.map((r: any) => r.id)
    expect(await ids('/api/kitchen-requests?status=approved')).toEqual([b.id])
    expect(await ids('/api/kitchen-requests?priority=Urgent')).toEqual([a.id])
    expect(await ids(`/api/kitchen-requests?chef_id=${otherChef.id}`)).toEqual([c.id])
    expect(await ids('/api/kitchen-requests?q=beef')).toEqual([a.id])
    expect(await ids('/api/kitchen-requests?q=sunday')).toEqual([a.id])
    expect(await ids('/api/kitchen-requests?q=mutinta')).toEqual([c.id])
    expect(await ids(`/api/kitchen-requests?q=${a.request_number}`)).toEqual([a.id])
    expect(await ids('/api/kitchen-requests/search?q=rice')).toEqual([c.id, b.id])
    expect(await ids(`/api/kitchen-requests/chef/${k.chef.id}`)).toEqual([b.id, a.id])
    expect(await ids('/api/kitchen-requests/status/PENDING')).toEqual([c.id, a.id])
    expect(await ids('/api/kitchen-requests/priority/low')).toEqual([b.id])
    const meta = (await env.call('GET', '/api/kitchen-requests/status/pending', { token: k.chef.token })).body.meta
    expect(meta).toEqual({ total: 2, page: 1, limit: 50 })
    expect((await env.call('GET', '/api/kitchen-requests/status/lost', { token: k.chef.token })).status).toBe(400)
    expect((await env.call('GET', '/api/kitchen-requests/chef/99999', { token: k.chef.token })).status).toBe(404)
  })

  test('get one, 404 for an unknown id, and every role reads', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 1)
    for (const token of [k.manager.token, k.store.token, k.chef.token]) {
      const res = await env.call('GET', `/api/kitchen-requests/${r.id}`, { token })
      expect(res.status).toBe(200)
      expect(res.body.data.request_number).toBe(r.request_number)
    }
    expect((await env.call('GET', '/api/kitchen-requests/99999', { token: k.chef.token })).status).toBe(404)
    expect((await env.call('GET', '/api/kitchen-requests')).status).toBe(401)
  })

  test('statistics count each status, and urgent = URGENT still PENDING or APPROVED', async () => {
    await fresh()
    const item = await k.makeItem({ store: 100 })
    const u1 = await k.createRequest(item.id, 1, { priority: 'URGENT' })
    const u2 = await k.createRequest(item.id, 1, { priority: 'URGENT' })
    const u3 = await k.createRequest(item.id, 1, { priority: 'URGENT' })
    const m1 = await k.createRequest(item.id, 1)
    await k.createRequest(item.id, 1)
    await k.approve(u1.id)
    await k.approve(m1.id)
    await env.call('PATCH', `/api/kitchen-requests/${m1.id}/fulfill`, { token: k.store.token })
    await env.call('PATCH', `/api/kitchen-requests/${u2.id}/reject`, { token: k.store.token, body: { remarks: 'Duplicate' } })
    void u3
    const res = await env.call('GET', '/api/kitchen-requests/statistics', { token: k.chef.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      total_requests: 5,
      pending_count: 2,
      pending_requests: 2,
      approved_count: 1,
      rejected_count: 1,
      fulfilled_count: 1,
      urgent_count: 2,
    })
  })
})

describe('editing and deleting', () => {
  test('a Chef edits and deletes their own PENDING request', async () => {
    const item = await k.makeItem()
    const other = await k.makeItem({ name: 'Onions' })
    const r = await k.createRequest(item.id, 1)
    const res = await env.call('PUT', `/api/kitchen-requests/${r.id}`, { token: k.chef.token, body: { quantity_requested: 4, priority: 'high', item_id: other.id, remarks: '' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ quantity_requested: 4, priority: 'HIGH', item_id: other.id, item_name: 'Onions', remarks: null, request_number: r.request_number })
    const del = await env.call('DELETE', `/api/kitchen-requests/${r.id}`, { token: k.chef.token })
    expect(del.status).toBe(200)
    expect(del.body.message).toBe(KITCHEN_MSG.requestDeleted)
    expect((await env.call('GET', `/api/kitchen-requests/${r.id}`, { token: k.chef.token })).status).toBe(404)
  })

  test("a Chef cannot edit or delete another Chef's request; a Manager can", async () => {
    const item = await k.makeItem()
    const otherChef = await env.userOf('Chef')
    const r = await k.createRequest(item.id, 1, { token: otherChef.token })
    const edit = await env.call('PUT', `/api/kitchen-requests/${r.id}`, { token: k.chef.token, body: { quantity_requested: 9 } })
    expect(edit.status).toBe(403)
    expect(edit.body.message).toBe(KITCHEN_MSG.notOwnRequest)
    expect((await env.call('DELETE', `/api/kitchen-requests/${r.id}`, { token: k.chef.token })).status).toBe(403)
    expect((await env.call('PUT', `/api/kitchen-requests/${r.id}`, { token: k.manager.token, body: { quantity_requested: 9 } })).body.data.quantity_requested).toBe(9)
    expect((await env.call('DELETE', `/api/kitchen-requests/${r.id}`, { token: k.manager.token })).status).toBe(200)
  })

  test('a Storekeeper edits and deletes nothing', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 1)
    expect((await env.call('PUT', `/api/kitchen-requests/${r.id}`, { token: k.store.token, body: { quantity_requested: 2 } })).status).toBe(403)
    expect((await env.call('DELETE', `/api/kitchen-requests/${r.id}`, { token: k.store.token })).status).toBe(403)
  })

  test('nobody edits or deletes a request that is no longer PENDING (409 naming the status)', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 1)
    await k.approve(r.id)
    for (const token of [k.chef.token, k.manager.token]) {
      const edit = await env.call('PUT', `/api/kitchen-requests/${r.id}`, { token, body: { quantity_requested: 2 } })
      expect(edit.status).toBe(409)
      expect(edit.body.message).toBe(KITCHEN_MSG.wrongStatus('edit', 'APPROVED'))
      expect(edit.body.message).toContain('APPROVED')
      const del = await env.call('DELETE', `/api/kitchen-requests/${r.id}`, { token })
      expect(del.status).toBe(409)
      expect(del.body.message).toBe(KITCHEN_MSG.wrongStatus('delete', 'APPROVED'))
    }
  })
})

describe('transitions', () => {
  test('approve: PENDING → APPROVED with the requested quantity by default, recording who and when', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 3, { remarks: 'Chef note' })
    const res = await env.call('PATCH', `/api/kitchen-requests/${r.id}/approve`, { token: k.store.token, body: {} })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(KITCHEN_MSG.requestApproved)
    expect(res.body.data).toMatchObject({ status: 'APPROVED', quantity_approved: 3, approved_by: k.store.id, approved_by_name: 'Chileshe Store', remarks: 'Chef note', review_remarks: null })
    expect(res.body.data.approved_at).toMatch(/Z$/)
  })

  test('approve with a quantity and remarks keeps the Chef remarks apart', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 3, { remarks: 'Chef note' })
    const res = await k.approve(r.id, { quantity_approved: 2.25, remarks: 'Only 2.25 this week' }, k.manager.token)
    expect(res).toMatchObject({ quantity_approved: 2.25, remarks: 'Chef note', review_remarks: 'Only 2.25 this week', approved_by: k.manager.id })
    const bad = await env.call('PATCH', `/api/kitchen-requests/${(await k.createRequest(item.id, 1)).id}/approve`, { token: k.store.token, body: { quantity_approved: 0 } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('quantity_approved must be at least 0.01')
  })

  test('reject: PENDING → REJECTED, remarks required', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 1)
    const missing = await env.call('PATCH', `/api/kitchen-requests/${r.id}/reject`, { token: k.store.token, body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('remarks is required')
    const res = await env.call('PATCH', `/api/kitchen-requests/${r.id}/reject`, { token: k.store.token, body: { remarks: 'Out of season' } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(KITCHEN_MSG.requestRejected)
    expect(res.body.data).toMatchObject({ status: 'REJECTED', review_remarks: 'Out of season', rejected_by: k.store.id, rejected_by_name: 'Chileshe Store' })
    expect(res.body.data.rejected_at).toMatch(/Z$/)
  })

  test('a Chef cannot approve, reject or fulfil', async () => {
    const item = await k.makeItem()
    const r = await k.createRequest(item.id, 1)
    expect((await env.call('PATCH', `/api/kitchen-requests/${r.id}/approve`, { token: k.chef.token, body: {} })).status).toBe(403)
    expect((await env.call('PATCH', `/api/kitchen-requests/${r.id}/reject`, { token: k.chef.token, body: { remarks: 'x' } })).status).toBe(403)
    expect((await env.call('PATCH', `/api/kitchen-requests/${r.id}/fulfill`, { token: k.chef.token })).status).toBe(403)
  })

  test('a transition from the wrong status answers 409 naming the current status', async () => {
    const item = await k.makeItem({ store: 10 })
    const pending = await k.createRequest(item.id, 1)
    const fulfilPending = await env.call('PATCH', `/api/kitchen-requests/${pending.id}/fulfill`, { token: k.store.token })
    expect(fulfilPending.status).toBe(409)
    expect(fulfilPending.body.message).toBe('This request is PENDING; only APPROVED requests can be fulfilled.')

    const rejected = await k.createRequest(item.id, 1)
    await env.call('PATCH', `/api/kitchen-requests/${rejected.id}/reject`, { token: k.store.token, body: { remarks: 'No' } })
    for (const [path, body] of [['approve', {}], ['reject', { remarks: 'again' }], ['fulfill', undefined]] as const) {
      const res = await env.call('PATCH', `/api/kitchen-requests/${rejected.id}/${path}`, { token: k.manager.token, body })
      expect(res.status).toBe(409)
      expect(res.body.message).toContain('This request is REJECTED')
    }

    const approved = await k.createRequest(item.id, 1)
    await k.approve(approved.id)
    const again = await env.call('PATCH', `/api/kitchen-requests/${approved.id}/approve`, { token: k.store.token, body: {} })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This request is APPROVED; only PENDING requests can be approved.')
    expect((await env.call('PATCH', `/api/kitchen-requests/${approved.id}/fulfill`, { token: k.store.token })).status).toBe(200)
    const twice = await env.call('PATCH', `/api/kitchen-requests/${approved.id}/fulfill`, { token: k.store.token })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This request is FULFILLED; only APPROVED requests can be fulfilled.')
    expect((await env.call('PATCH', '/api/kitchen-requests/99999/fulfill', { token: k.store.token })).status).toBe(404)
  })
})

describe('fulfilment', () => {
  test('moves exactly quantity_approved: a main-store OUT and a kitchen IN, both REQUEST with the request number', async () => {
    const item = await k.makeItem({ store: 10 })
    const r = await k.createRequest(item.id, 5)
    await k.approve(r.id, { quantity_approved: 3.5 })
    const res = await env.call('PATCH', `/api/kitchen-requests/${r.id}/fulfill`, { token: k.store.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(KITCHEN_MSG.requestFulfilled)
    expect(res.body.data).toMatchObject({ status: 'FULFILLED', fulfilled_by: k.store.id, fulfilled_by_name: 'Chileshe Store' })
    expect(k.storeBalance(item.id)).toBe(650)
    expect(k.kitchenBalance(item.id)).toBe(350)
    expect(k.storeRows(item.id).at(-1)).toEqual({ type: 'OUT', quantity: 350, source_type: 'REQUEST', reference: r.request_number })
    expect(k.kitchenRows(item.id)).toEqual([{ movement_type: 'IN', quantity: 350, source_type: 'REQUEST', request_number: r.request_number, user_id: k.store.id }])
    expect(k.doctorProblems()).toEqual([])
  })

  test('with too little main stock it is refused with the spec message and nothing changes', async () => {
    const item = await k.makeItem({ store: 2, unit: 'liters' })
    const r = await k.createRequest(item.id, 5)
    await k.approve(r.id)
    const storeBefore = k.storeRows(item.id)
    const res = await env.call('PATCH', `/api/kitchen-requests/${r.id}/fulfill`, { token: k.store.token })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Insufficient stock! Available: 2 liters, Requested: 5 liters. Please restock before proceeding.')
    expect(res.body.message).toBe(STOCK_MSG.insufficientStock(200, 500, 'liters'))
    expect(k.storeBalance(item.id)).toBe(200)
    expect(k.kitchenBalance(item.id)).toBe(0)
    expect(k.storeRows(item.id)).toEqual(storeBefore)
    expect(k.kitchenRows(item.id)).toEqual([])
    expect((await env.call('GET', `/api/kitchen-requests/${r.id}`, { token: k.store.token })).body.data.status).toBe('APPROVED')
    expect(k.doctorProblems()).toEqual([])
  })

  test('an Idempotency-Key replays the first answer instead of fulfilling twice', async () => {
    const item = await k.makeItem({ store: 10 })
    const r = await k.createRequest(item.id, 2)
    await k.approve(r.id)
    const headers = { 'idempotency-key': 'fulfil-' + r.id }
    const first = await env.call('PATCH', `/api/kitchen-requests/${r.id}/fulfill`, { token: k.store.token, headers })
    const second = await env.call('PATCH', `/api/kitchen-requests/${r.id}/fulfill`, { token: k.store.token, headers })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(k.kitchenRows(item.id).length).toBe(1)
  })
})

describe("tonight's list: POST /api/kitchen-requests/batch", () => {
  const batch = (token: string, lines: unknown[]) => env.call('POST', '/api/kitchen-requests/batch', { token, body: { lines } })
  const total = async () => (await env.call('GET', '/api/kitchen-requests', { token: k.manager.token })).body.meta.total as number

  test('three lines make three PENDING requests, numbered consecutively, in one answer', async () => {
    const [onions, garlic, cream] = [await k.makeItem({ name: 'Onions' }), await k.makeItem({ name: 'Garlic' }), await k.makeItem({ name: 'Cream', unit: 'l' })]
    const before = await total()
    const res = await batch(k.chef.token, [
      { item_id: onions.id, quantity_requested: 5, priority: 'high' },
      { item_id: garlic.id, quantity_requested: 2.5 },
      { item_id: cream.id, quantity_requested: 0.75, priority: 'URGENT', remarks: 'For the sauce' },
    ])
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(KITCHEN_MSG.requestsCreated(3))
    const made = res.body.data as { request_number: string; item_name: string; quantity_requested: number; priority: string; status: string; chef_id: number; remarks: string | null }[]
    expect(made.map((r) => [r.item_name, r.quantity_requested, r.priority, r.status, r.chef_id])).toEqual([
      ['Onions', 5, 'HIGH', 'PENDING', k.chef.id],
      ['Garlic', 2.5, 'MEDIUM', 'PENDING', k.chef.id],
      ['Cream', 0.75, 'URGENT', 'PENDING', k.chef.id],
    ])
    expect(made[2].remarks).toBe('For the sauce')
    const numbers = made.map((r) => r.request_number)
    for (const n of numbers) expect(n).toMatch(REQUEST_NUMBER)
    const seq = numbers.map((n) => Number(n.split('-')[2]))
    expect(seq).toEqual([seq[0], seq[0] + 1, seq[0] + 2])
    expect(await total()).toBe(before + 3)
  })

  test('a failing line makes none, and the message names the line', async () => {
    const item = await k.makeItem()
    const before = await total()
    const unknown = await batch(k.chef.token, [{ item_id: item.id, quantity_requested: 1 }, { item_id: 99999, quantity_requested: 1 }, { item_id: item.id, quantity_requested: 2 }])
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(`Line 2: ${KITCHEN_MSG.unknownItem}`)
    const badQuantity = await batch(k.chef.token, [{ item_id: item.id, quantity_requested: 1 }, { item_id: item.id, quantity_requested: 1 }, { item_id: item.id, quantity_requested: 2.555 }])
    expect(badQuantity.status).toBe(400)
    expect(badQuantity.body.message).toBe('Line 3: quantity_requested must have at most 2 decimal places')
    expect(await total()).toBe(before)
  })

  test('a deactivated item refuses its line (409) and the whole list', async () => {
    const item = await k.makeItem()
    const gone = await k.makeItem({ store: 3 })
    await k.createRequest(gone.id, 1) // history, so delete deactivates
    expect((await env.call('DELETE', `/api/items/${gone.id}`, { token: k.manager.token })).status).toBe(200)
    const before = await total()
    const res = await batch(k.chef.token, [{ item_id: item.id, quantity_requested: 1 }, { item_id: gone.id, quantity_requested: 1 }])
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(`Line 2: ${KITCHEN_MSG.itemInactive}`)
    expect(await total()).toBe(before)
  })

  test('1 to 20 lines; a Storekeeper may not send one', async () => {
    const item = await k.makeItem()
    expect((await batch(k.chef.token, [])).body.message).toBe('lines must hold 1 to 20 lines')
    expect((await batch(k.chef.token, Array.from({ length: 21 }, () => ({ item_id: item.id, quantity_requested: 1 })))).status).toBe(400)
    expect((await batch(k.store.token, [{ item_id: item.id, quantity_requested: 1 }])).status).toBe(403)
    expect((await batch(k.manager.token, [{ item_id: item.id, quantity_requested: 1 }])).status).toBe(201)
  })
})
