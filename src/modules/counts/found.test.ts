import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { COUNT_MSG } from '../../contract/counts'
import { runDoctor } from '../../cli/doctor'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Issue 32.3: a complete count sheet. An item of the catalogue found on the shelf is added as a line
// (POST /stock-counts/:id/lines); a product not in the catalogue is a found line (POST …/found) that a
// Manager maps to an item or discards before approval (POST …/found/:foundId/resolve).

let env: TestEnv
let manager: { id: number; token: string }
let keeper: { id: number; token: string }
let chef: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  // Each reading of the clock is 1 ms later: a movement made after a found line is always later than it.
  let t = Date.parse('2026-11-20T09:00:00Z')
  env = await makeTestEnv({ clock: () => new Date((t += 1)) })
  manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  chef = await env.userOf('Chef')
  b = stockBuilders(env, manager.token)
}, 60_000)
afterEach(() => env.close())

const call = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => env.call(method, path, { token, body, headers })
async function openCount(itemIds: number[], name = 'Bar') {
  const a = (await call('POST', '/api/storage-areas', manager.token, { name })).body.data
  expect((await call('PUT', `/api/storage-areas/${a.id}/items`, manager.token, { item_ids: itemIds })).status).toBe(200)
  const c = await call('POST', '/api/stock-counts', keeper.token, { area_ids: [a.id], blind: false })
  expect(c.status).toBe(201)
  return { areaId: a.id as number, countId: c.body.data.id as number }
}
const countRows = async (itemId: number) =>
  ((await call('GET', `/api/stock-movements/item/${itemId}`, manager.token)).body.data as any[]).filter((m) => m.source_type === 'COUNT')
const submit = (countId: number) => call('POST', `/api/stock-counts/${countId}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
const approve = (countId: number) => call('POST', `/api/stock-counts/${countId}/approve`, manager.token)

describe('add an item found on the shelf', () => {
  test('a Storekeeper adds it to the area as an uncounted found line; a Chef may not; the same key answers once', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const rum = await b.makeItem({ name: 'Rum', quantity: 7 })
    const { areaId, countId } = await openCount([gin.id])
    expect((await call('POST', `/api/stock-counts/${countId}/lines`, chef.token, { area_id: areaId, item_id: rum.id })).status).toBe(403)

    const key = { 'Idempotency-Key': 'add-rum-1' }
    const added = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: rum.id }, key)
    expect(added.status).toBe(201)
    expect(added.body.message).toBe(COUNT_MSG.lineAdded('Rum', 'Bar'))
    expect(added.body.data).toMatchObject({ item_id: rum.id, item_name: 'Rum', found: true, counted: null, expected: 7, position: 1 })
    // A retry of the same request (a lost answer) replays it: still one line.
    const again = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: rum.id }, key)
    expect(again.status).toBe(201)
    expect(again.body.data).toEqual(added.body.data)
    const sheet = (await call('GET', `/api/stock-counts/${countId}`, keeper.token)).body.data
    expect(sheet.lines.map((l: any) => l.item_name)).toEqual(['Gin', 'Rum'])
    expect(sheet.line_count).toBe(2)
    // Counted like any line; approval posts its variance.
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: rum.id, counted: 5 })).status).toBe(200)
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 4 })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)
    env.deps.settings.update({ count_variance_pct: 50 }, null)
    expect((await approve(countId)).status).toBe(200)
    expect(await countRows(rum.id)).toMatchObject([{ type: 'ADJUSTMENT', quantity: -2, source_id: countId }])
    expect(await b.balance(rum.id)).toBe(5)
  })

  test('an item already on the sheet, an unknown area or item, a deactivated item and a closed count are refused, changing nothing', async () => {
    const gin = await b.makeItem({ name: 'Gin' })
    const old = await b.makeItem({ name: 'Old rum' })
    expect((await call('PUT', `/api/items/${old.id}`, manager.token, { is_active: false })).status).toBe(200)
    const { areaId, countId } = await openCount([gin.id])
    const dup = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe(COUNT_MSG.alreadyOnSheet('Gin', 'Bar'))
    const otherArea = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: 99999, item_id: gin.id })
    expect([otherArea.status, otherArea.body.message]).toEqual([400, COUNT_MSG.areaNotInSession])
    expect((await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: 99999 })).status).toBe(404)
    const inactive = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: old.id })
    expect([inactive.status, inactive.body.message]).toEqual([409, COUNT_MSG.itemInactive])
    expect((await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId })).body.message).toBe('item_id is required')
    expect((await call('GET', `/api/stock-counts/${countId}`, keeper.token)).body.data.lines).toHaveLength(1)

    expect((await submit(countId)).status).toBe(200)
    const rum = await b.makeItem({ name: 'Rum' })
    const closed = await call('POST', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: rum.id })
    expect([closed.status, closed.body.message]).toEqual([409, COUNT_MSG.notOpen('SUBMITTED')])
    const foundClosed = await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: 'Green bottle', counted: 1 })
    expect([foundClosed.status, foundClosed.body.message]).toEqual([409, COUNT_MSG.notOpen('SUBMITTED')])
    expect((await call('GET', `/api/stock-counts/${countId}`, keeper.token)).body.data.lines).toHaveLength(1)
  })
})

describe('a product not in the catalogue (found line)', () => {
  test('added with a name, a note and a count; it changes nothing and blocks approval until resolved', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const { areaId, countId } = await openCount([gin.id])
    expect((await call('POST', `/api/stock-counts/${countId}/found`, chef.token, { area_id: areaId, name: 'X', counted: 1 })).status).toBe(403)
    const bad = await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: ' ', counted: 1 })
    expect([bad.status, bad.body.message]).toEqual([400, 'name is required'])
    expect((await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: 'X', counted: 0 })).body.message).toBe('counted must be at least 0.01')

    const key = { 'Idempotency-Key': 'found-1' }
    const body = { area_id: areaId, name: 'Green bottle', note: 'no label, green glass, 750 ml, top shelf left', counted: 3 }
    const f = await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, body, key)
    expect(f.status).toBe(201)
    expect(f.body.data).toMatchObject({ area_id: areaId, area_name: 'Bar', name: 'Green bottle', note: body.note, counted: 3, added_by: keeper.id, resolution: null, item_id: null, item_quantity: null })
    expect((await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, body, key)).body.data.id).toBe(f.body.data.id)
    const sheet = (await call('GET', `/api/stock-counts/${countId}`, keeper.token)).body.data
    expect(sheet.found_lines).toHaveLength(1)
    expect(sheet.lines).toHaveLength(1)

    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 4 })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)
    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    expect(review.unresolved_found).toBe(1)
    const refused = await approve(countId)
    expect([refused.status, refused.body.message]).toEqual([409, COUNT_MSG.foundUnresolved(['Green bottle'])])
    expect((await call('GET', `/api/stock-counts/${countId}`, manager.token)).body.data.status).toBe('SUBMITTED')
    expect(await b.balance(gin.id)).toBe(4)
  })

  test('mapped to an item on the sheet: its quantity counts for that item, one ledger row, figures exact', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 10, cost: 2 })
    const { areaId, countId } = await openCount([gin.id])
    const f = (await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: 'Unlabelled clear bottle', counted: 2 })).body.data
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 7.5 })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)

    const resolve = (token: string, body: unknown) => call('POST', `/api/stock-counts/${countId}/found/${f.id}/resolve`, token, body)
    expect((await resolve(keeper.token, { item_id: gin.id })).status).toBe(403)
    expect((await resolve(manager.token, { item_id: gin.id, discard: true })).body.message).toBe('Send item_id (map it to an item) or discard: true')
    expect((await resolve(manager.token, { item_id: 99999 })).status).toBe(404)
    // Mapped with the quantity restated in the item's unit (2 bottles of 0.75 L = 1.5 L).
    const mapped = await resolve(manager.token, { item_id: gin.id, item_quantity: 1.5 })
    expect(mapped.status).toBe(200)
    expect(mapped.body.message).toBe(COUNT_MSG.foundMapped('Unlabelled clear bottle', 'Gin'))
    expect(mapped.body.data).toMatchObject({ resolution: 'MAPPED', item_id: gin.id, item_name: 'Gin', item_quantity: 1.5, counted: 2, resolved_by_name: expect.any(String) })

    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    expect(review.unresolved_found).toBe(0)
    expect(review.lines).toMatchObject([{ item_id: gin.id, expected: 10, counted: 9, variance: -1, found_quantity: 1.5 }])
    const sheet = (await call('GET', `/api/stock-counts/${countId}`, manager.token)).body.data
    expect(sheet.lines[0]).toMatchObject({ counted: 7.5, variance: -1 })

    env.deps.settings.update({ count_variance_pct: 50 }, null)
    const approved = await approve(countId)
    expect(approved.status).toBe(200)
    expect(approved.body.data.posted).toEqual([{ item_id: gin.id, item_name: 'Gin', movement_id: expect.any(Number), quantity: -1 }])
    expect(await countRows(gin.id)).toMatchObject([{ type: 'ADJUSTMENT', quantity: -1, source_type: 'COUNT', source_id: countId }])
    expect(await b.balance(gin.id)).toBe(9)
    // Closed: nothing more to resolve.
    expect((await resolve(manager.token, { discard: true })).status).toBe(409)
    expect(runDoctor(env.deps.db).ok).toBe(true)
  })

  test('mapped to an item not on the count: it joins with its balance when found, so a sale since is not counted twice', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const vodka = await b.makeItem({ name: 'Vodka', quantity: 6, cost: 3 })
    const { areaId, countId } = await openCount([gin.id])
    const f = (await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: 'Bottle without label', counted: 5 })).body.data
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 4 })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)
    // Two vodkas go out after the shelf was counted, before the review.
    expect((await b.move(vodka.id, 'OUT', 2)).status).toBe(201)
    expect((await call('POST', `/api/stock-counts/${countId}/found/${f.id}/resolve`, manager.token, { item_id: vodka.id })).status).toBe(200)
    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    // Expected is the balance when found (6), the count 5: a loss of 1 posted on today's 4, leaving 3.
    expect(review.lines.find((l: any) => l.item_id === vodka.id)).toMatchObject({ expected: 6, counted: 5, variance: -1, found_quantity: 5, area_names: [], over_threshold: true })
    // Over the threshold: a reason is given for it with the found line's area (it has no line of its own).
    const reason = await call('PUT', `/api/stock-counts/${countId}/lines`, manager.token, { area_id: areaId, item_id: vodka.id, reason: 'unlabelled bottle was vodka' })
    expect([reason.status, reason.body.data]).toEqual([200, null])
    const approved = await approve(countId)
    expect(approved.status).toBe(200)
    expect(approved.body.data.posted.map((p: any) => [p.item_name, p.quantity])).toEqual([['Vodka', -1]])
    expect(await b.balance(vodka.id)).toBe(3)
    expect(await b.balance(gin.id)).toBe(4)
    expect(runDoctor(env.deps.db).ok).toBe(true)
  })

  test('discarded (also after a first mapping): it posts nothing and the item it was mapped to leaves the count', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const vodka = await b.makeItem({ name: 'Vodka', quantity: 6 })
    const { areaId, countId } = await openCount([gin.id])
    const f = (await call('POST', `/api/stock-counts/${countId}/found`, keeper.token, { area_id: areaId, name: 'Mystery bottle', counted: 1 })).body.data
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 4 })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)
    expect((await call('POST', `/api/stock-counts/${countId}/found/${f.id}/resolve`, manager.token, { item_id: vodka.id })).status).toBe(200)
    const discarded = await call('POST', `/api/stock-counts/${countId}/found/${f.id}/resolve`, manager.token, { discard: true })
    expect(discarded.status).toBe(200)
    expect(discarded.body.message).toBe(COUNT_MSG.foundDiscarded('Mystery bottle'))
    expect(discarded.body.data).toMatchObject({ resolution: 'DISCARDED', item_id: null, item_quantity: null })
    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    expect(review.lines.map((l: any) => l.item_name)).toEqual(['Gin'])
    const approved = await approve(countId)
    expect(approved.status).toBe(200)
    expect(approved.body.data.posted).toEqual([])
    expect(await countRows(vodka.id)).toHaveLength(0)
    expect(await b.balance(vodka.id)).toBe(6)
  })
})
