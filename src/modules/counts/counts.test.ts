import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { COUNT_MSG } from '../../contract/counts'
import { runDoctor } from '../../cli/doctor'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Issue 17: count sessions over storage areas, blind counts, packs, approval through the ledger.

let env: TestEnv
let manager: { id: number; token: string }
let keeper: { id: number; token: string }
let keeper2: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  keeper2 = await env.userOf('Storekeeper')
  b = stockBuilders(env, manager.token)
}, 60_000)
afterEach(() => env.close())

const call = (method: string, path: string, token: string, body?: unknown) => env.call(method, path, { token, body })
async function area(name: string, itemIds: number[]) {
  const a = await call('POST', '/api/storage-areas', manager.token, { name })
  expect(a.status).toBe(201)
  expect((await call('PUT', `/api/storage-areas/${a.body.data.id}/items`, manager.token, { item_ids: itemIds })).status).toBe(200)
  return a.body.data.id as number
}
async function start(area_ids: number[], blind = false, token = manager.token) {
  const res = await call('POST', '/api/stock-counts', token, { area_ids, blind })
  expect(res.status).toBe(201)
  return res.body.data
}
const put = (id: number, token: string, body: unknown) => call('PUT', `/api/stock-counts/${id}/lines`, token, body)
const countRows = async (itemId: number) =>
  ((await call('GET', `/api/stock-movements/item/${itemId}`, manager.token)).body.data as any[]).filter((m) => m.source_type === 'COUNT')
/** Every key anywhere in a JSON value. */
const keysOf = (x: unknown): Set<string> => {
  const out = new Set<string>()
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') for (const [k, w] of Object.entries(v)) (out.add(k), walk(w))
  }
  walk(x)
  return out
}

describe('storage areas', () => {
  test('areas keep their items in shelf order; an item may stand in several; all roles read, Chefs do not write', async () => {
    const [x, y, z] = [await b.makeItem({ name: 'X' }), await b.makeItem({ name: 'Y' }), await b.makeItem({ name: 'Z' })]
    const bar = await area('Bar', [z.id, x.id, y.id])
    await area('Cellar', [x.id])
    const items = (await call('GET', `/api/storage-areas/${bar}/items`, keeper.token)).body.data
    expect(items.map((i: any) => i.item_name)).toEqual(['Z', 'X', 'Y'])
    const chef = await env.userOf('Chef')
    const list = await call('GET', '/api/storage-areas', chef.token)
    expect(list.status).toBe(200)
    expect(list.body.data.map((a: any) => [a.name, a.item_count])).toEqual([['Bar', 3], ['Cellar', 1]])
    expect((await call('POST', '/api/storage-areas', chef.token, { name: 'Walk-in' })).status).toBe(403)
    expect((await call('POST', '/api/storage-areas', keeper.token, { name: 'bar' })).status).toBe(409)
    const bad = await call('PUT', `/api/storage-areas/${bar}/items`, keeper.token, { item_ids: [x.id, 999] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(COUNT_MSG.unknownItems([999]))
    expect((await call('GET', `/api/storage-areas/${bar}/items`, keeper.token)).body.data).toHaveLength(3)
    const renamed = await call('PUT', `/api/storage-areas/${bar}`, keeper.token, { name: 'Main bar' })
    expect(renamed.body.data.name).toBe('Main bar')
  })

  test('delete is refused while an open count uses the area, allowed once it is closed', async () => {
    const x = await b.makeItem()
    const bar = await area('Bar', [x.id])
    const c = await start([bar])
    const refused = await call('DELETE', `/api/storage-areas/${bar}`, manager.token)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(COUNT_MSG.areaInCount('Bar', c.id))
    expect((await call('POST', `/api/stock-counts/${c.id}/cancel`, manager.token)).status).toBe(200)
    expect((await call('DELETE', `/api/storage-areas/${bar}`, manager.token)).status).toBe(200)
    // The cancelled count still shows its area by name.
    expect((await call('GET', `/api/stock-counts/${c.id}`, manager.token)).body.data.areas[0].name).toBe('Bar')
  })
})

describe('count sessions', () => {
  test('two counters fill two areas at once; an item in both sums; approve posts one COUNT row per item with a variance; a movement during the count is kept', async () => {
    const wine = await b.makeItem({ name: 'Wine', quantity: 10, unit: 'L' })
    const gin = await b.makeItem({ name: 'Gin', quantity: 5 })
    const rum = await b.makeItem({ name: 'Rum', quantity: 3 })
    const bar = await area('Bar', [wine.id, gin.id])
    const cellar = await area('Cellar', [rum.id, wine.id])
    const c = await start([bar, cellar])
    expect(c).toMatchObject({ status: 'OPEN', blind: false, started_by: manager.id })
    expect(c.areas.map((a: any) => a.name)).toEqual(['Bar', 'Cellar'])
    expect(c.lines.map((l: any) => [l.area_id, l.item_name, l.expected, l.counted])).toEqual([
      [bar, 'Wine', 10, null],
      [bar, 'Gin', 5, null],
      [cellar, 'Rum', 3, null],
      [cellar, 'Wine', 10, null],
    ])
    // Two people at once, one per area.
    const results = await Promise.all([
      put(c.id, keeper.token, { area_id: bar, item_id: wine.id, counted: 4 }),
      put(c.id, keeper2.token, { area_id: cellar, item_id: wine.id, counted: 7.5 }),
      put(c.id, keeper.token, { area_id: bar, item_id: gin.id, counted: 5 }),
      put(c.id, keeper2.token, { area_id: cellar, item_id: rum.id, counted: 2 }),
    ])
    for (const r of results) expect(r.status).toBe(200)
    expect(results[0].body.data).toMatchObject({ counted: 4, counted_by: keeper.id, expected: 10 })
    // A delivery during the count: +20 wine. Kept: the delta is posted, not the counted figure.
    expect((await b.move(wine.id, 'IN', 20)).status).toBe(201)
    const sheet = (await call('GET', `/api/stock-counts/${c.id}`, keeper.token)).body.data
    expect(sheet.lines.find((l: any) => l.area_id === cellar && l.item_id === wine.id)).toMatchObject({ counted: 7.5, counted_by: keeper2.id, variance: 1.5 })
    expect(sheet.areas.map((a: any) => a.percent)).toEqual([100, 100])

    expect((await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })).status).toBe(200)
    env.deps.settings.update({ count_variance_pct: 50 }, null) // no reasons needed here
    const approved = await call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)
    expect(approved.status).toBe(200)
    expect(approved.body.data.count.status).toBe('APPROVED')
    expect(approved.body.data.posted.map((p: any) => [p.item_name, p.quantity])).toEqual([
      ['Wine', 1.5],
      ['Rum', -1],
    ])
    const wineRows = await countRows(wine.id)
    expect(wineRows).toHaveLength(1)
    expect(wineRows[0]).toMatchObject({ type: 'ADJUSTMENT', quantity: 1.5, source_type: 'COUNT', source_id: c.id, editable: false })
    expect(await countRows(gin.id)).toHaveLength(0)
    expect(await countRows(rum.id)).toMatchObject([{ quantity: -1, source_id: c.id }])
    expect(await b.balance(wine.id)).toBe(31.5) // 10 + 20 delivered + 1.5 found
    expect(await b.balance(rum.id)).toBe(2)
    // Zero variance posts nothing but is verified.
    const ginItem = (await call('GET', `/api/items/${gin.id}`, manager.token)).body.data
    expect(ginItem.last_verified_at).not.toBeNull()
    expect(runDoctor(env.deps.db).ok).toBe(true)
  })

  test('blind: a Storekeeper sees no expected or variance while OPEN (nor does the Manager); after submit the Manager does', async () => {
    const x = await b.makeItem({ name: 'Flour', quantity: 12, cost: 3 })
    const bar = await area('Dry store', [x.id])
    const c = await start([bar], true, keeper.token)
    expect(c.blind).toBe(true)
    for (const k of ['expected', 'variance', 'variance_value']) expect(keysOf(c).has(k)).toBe(false)
    const line = await put(c.id, keeper.token, { area_id: bar, item_id: x.id, counted: 10 })
    for (const k of ['expected', 'variance', 'variance_value']) expect(keysOf(line.body).has(k)).toBe(false)
    for (const token of [keeper.token, manager.token]) {
      const got = await call('GET', `/api/stock-counts/${c.id}`, token)
      expect(got.status).toBe(200)
      for (const k of ['expected', 'variance', 'variance_value']) expect(keysOf(got.body).has(k)).toBe(false)
    }
    expect((await call('GET', `/api/stock-counts/${c.id}/review`, manager.token)).status).toBe(409)
    expect((await call('GET', `/api/reports/download/count-variance?count_id=${c.id}`, manager.token)).status).toBe(409)
    expect((await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })).status).toBe(200)
    const after = (await call('GET', `/api/stock-counts/${c.id}`, manager.token)).body.data
    expect(after.lines[0]).toMatchObject({ expected: 12, counted: 10, variance: -2, variance_value: -6 })
    // variance_value is a money figure: Managers only.
    const keeperView = (await call('GET', `/api/stock-counts/${c.id}`, keeper.token)).body.data
    expect(keeperView.lines[0]).toMatchObject({ expected: 12, variance: -2 })
    expect(keysOf(keeperView).has('variance_value')).toBe(false)
  })

  test('packs: base L, bottle 0.75, case 9: case 1, bottle 3 and 0.4 loose count 11.65', async () => {
    const wine = await b.makeItem({ name: 'House red', unit: 'L', quantity: 12 })
    const put1 = await call('PUT', `/api/items/${wine.id}`, manager.token, { packs: [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] })
    const [bottle, kase] = put1.body.data.packs
    const bar = await area('Bar', [wine.id])
    const c = await start([bar])
    expect(c.lines[0].packs).toEqual([bottle, kase])
    const res = await put(c.id, keeper.token, { area_id: bar, item_id: wine.id, packs: [{ pack_id: kase.id, quantity: 1 }, { pack_id: bottle.id, quantity: 3 }], loose: 0.4 })
    expect(res.status).toBe(200)
    expect(res.body.data.counted).toBe(11.65)
    const wrong = await put(c.id, keeper.token, { area_id: bar, item_id: wine.id, packs: [{ pack_id: 999, quantity: 1 }] })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('pack_id 999 is not one of this item\'s packs')
    const both = await put(c.id, keeper.token, { area_id: bar, item_id: wine.id, counted: 1, loose: 1 })
    expect(both.status).toBe(400)
    expect((await call('GET', `/api/stock-counts/${c.id}`, keeper.token)).body.data.lines[0].counted).toBe(11.65)
  })

  test('uncounted UNCHANGED posts nothing for those lines; ZERO posts them to 0; an entered 0 is never uncounted', async () => {
    const a = await b.makeItem({ name: 'A', quantity: 4 })
    const z = await b.makeItem({ name: 'Z', quantity: 6 })
    const u = await b.makeItem({ name: 'U', quantity: 2 })
    const s1 = await area('Shelf 1', [a.id, z.id, u.id])
    const c1 = await start([s1])
    await put(c1.id, keeper.token, { area_id: s1, item_id: a.id, counted: 4 })
    await put(c1.id, keeper.token, { area_id: s1, item_id: z.id, counted: 0 })
    const sub = await call('POST', `/api/stock-counts/${c1.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    expect(sub.body.data.uncounted_lines.map((l: any) => l.item_name)).toEqual(['U'])
    await put(c1.id, manager.token, { area_id: s1, item_id: z.id, reason: 'Sold out' })
    const ok1 = await call('POST', `/api/stock-counts/${c1.id}/approve`, manager.token, {})
    expect(ok1.body.data.posted.map((p: any) => [p.item_name, p.quantity])).toEqual([['Z', -6]])
    expect(await b.balance(u.id)).toBe(2)
    expect((await call('GET', `/api/items/${u.id}`, manager.token)).body.data.last_verified_at).toBeNull()
    expect(await countRows(u.id)).toHaveLength(0)

    // ZERO: the uncounted line posts to 0, the counted ones stay.
    const c2 = await start([s1])
    await put(c2.id, keeper.token, { area_id: s1, item_id: a.id, counted: 4 })
    const sub2 = await call('POST', `/api/stock-counts/${c2.id}/submit`, keeper.token, { uncounted: 'zero' })
    expect(sub2.body.data.uncounted_lines.map((l: any) => l.item_name)).toEqual(['Z', 'U'])
    expect(sub2.body.data.count.uncounted).toBe('ZERO')
    // U (2 → 0) is under the value threshold but 100 % over the percentage one: a reason first.
    const needs = await call('POST', `/api/stock-counts/${c2.id}/approve`, manager.token)
    expect(needs.status).toBe(409)
    expect(needs.body.message).toBe(COUNT_MSG.needsReason(['U']))
    expect((await put(c2.id, manager.token, { area_id: s1, item_id: u.id, reason: 'Broken bottles' })).status).toBe(200)
    const ok2 = await call('POST', `/api/stock-counts/${c2.id}/approve`, manager.token)
    expect(ok2.status).toBe(200)
    expect(ok2.body.data.posted.map((p: any) => [p.item_name, p.quantity])).toEqual([['U', -2]])
    expect((await countRows(u.id))[0].remarks).toBe(`Stock count #${c2.id}: Broken bottles`)
    expect(await b.balance(u.id)).toBe(0)
    expect(await b.balance(z.id)).toBe(0)
  })

  test('approve twice → 409 and one set of rows; cancel posts nothing; an overlapping area → 409 naming the count', async () => {
    const x = await b.makeItem({ name: 'X', quantity: 5 })
    const s = await area('S', [x.id])
    const other = await area('Other', [])
    const c = await start([s])
    const overlap = await call('POST', '/api/stock-counts', keeper.token, { area_ids: [other, s], blind: false })
    expect(overlap.status).toBe(409)
    expect(overlap.body.message).toBe(COUNT_MSG.areaBusy('S', c.id, 'OPEN'))
    await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: 4.9 })
    await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    // Still busy while SUBMITTED.
    expect((await call('POST', '/api/stock-counts', keeper.token, { area_ids: [s], blind: false })).status).toBe(409)
    expect((await call('POST', `/api/stock-counts/${c.id}/approve`, keeper.token)).status).toBe(403)
    const [first, second] = await Promise.all([call('POST', `/api/stock-counts/${c.id}/approve`, manager.token), call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const again = await call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(COUNT_MSG.notApprovable('APPROVED'))
    expect(await countRows(x.id)).toHaveLength(1)
    expect(await b.balance(x.id)).toBe(4.9)
    expect((await call('POST', `/api/stock-counts/${c.id}/cancel`, manager.token)).status).toBe(409)

    // Cancel: nothing posted, the area is free again, a cancelled count cannot be approved.
    const c2 = await start([s])
    await put(c2.id, keeper.token, { area_id: s, item_id: x.id, counted: 1 })
    await call('POST', `/api/stock-counts/${c2.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    expect((await call('POST', `/api/stock-counts/${c2.id}/cancel`, keeper.token)).body.data.status).toBe('CANCELLED')
    const late = await call('POST', `/api/stock-counts/${c2.id}/approve`, manager.token)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(COUNT_MSG.notApprovable('CANCELLED'))
    expect(await countRows(x.id)).toHaveLength(1)
    expect(await b.balance(x.id)).toBe(4.9)
    expect((await put(c2.id, keeper.token, { area_id: s, item_id: x.id, counted: 2 })).status).toBe(409)
    await start([s])
  })

  test('a delta that would make a balance negative refuses the whole approval, naming the items', async () => {
    const x = await b.makeItem({ name: 'Oil', quantity: 10 })
    const y = await b.makeItem({ name: 'Salt', quantity: 10 })
    const w = await b.makeItem({ name: 'Sugar', quantity: 10 })
    const s = await area('S', [x.id, y.id, w.id])
    const c = await start([s])
    await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: 4 }) // −6
    await put(c.id, keeper.token, { area_id: s, item_id: y.id, counted: 2 }) // −8
    await put(c.id, keeper.token, { area_id: s, item_id: w.id, counted: 12 }) // +2
    // Meanwhile the kitchen takes 8 oil and 9 salt.
    await b.move(x.id, 'OUT', 8)
    await b.move(y.id, 'OUT', 9)
    await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    for (const i of [x, y, w]) await put(c.id, manager.token, { area_id: s, item_id: i.id, reason: 'Checked' })
    const res = await call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(COUNT_MSG.wouldGoNegative(['Oil', 'Salt']))
    expect(await countRows(w.id)).toHaveLength(0)
    expect(await b.balance(w.id)).toBe(10)
    expect((await call('GET', `/api/stock-counts/${c.id}`, manager.token)).body.data.status).toBe('SUBMITTED')
  })

  test('lines: an item outside the areas → 400, found: true adds it; a 0 is counted; null clears; not OPEN → 409', async () => {
    const x = await b.makeItem({ name: 'X', quantity: 1 })
    const extra = await b.makeItem({ name: 'Extra', quantity: 0 })
    const s = await area('S', [x.id])
    const c = await start([s])
    const outside = await put(c.id, keeper.token, { area_id: s, item_id: extra.id, counted: 2 })
    expect(outside.status).toBe(400)
    expect(outside.body.message).toBe(COUNT_MSG.notInSession)
    const found = await put(c.id, keeper.token, { area_id: s, item_id: extra.id, counted: 2, found: true })
    expect(found.status).toBe(200)
    expect(found.body.data).toMatchObject({ item_name: 'Extra', found: true, counted: 2, expected: 0, position: 1 })
    expect((await put(c.id, keeper.token, { area_id: 999, item_id: x.id, counted: 1 })).status).toBe(400)
    const zero = await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: 0 })
    expect(zero.body.data).toMatchObject({ counted: 0, variance: -1 })
    // Idempotent, last write wins.
    await put(c.id, keeper2.token, { area_id: s, item_id: x.id, counted: 0 })
    expect((await put(c.id, keeper2.token, { area_id: s, item_id: x.id, counted: null })).body.data).toMatchObject({ counted: null, counted_by: null })
    const bad = await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: -1 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('counted must be at least 0')
    expect((await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: 1.005 })).body.message).toBe('counted must have at most 2 decimal places')
    expect((await put(c.id, keeper.token, { area_id: s, item_id: x.id })).body.message).toBe('counted is required')
  })

  test('review: one row per item sorted by |value|, totals of gains, losses and net; thresholds from settings; the CSV has the same rows', async () => {
    const cheap = await b.makeItem({ name: 'Cheap', quantity: 100, cost: 1 })
    const dear = await b.makeItem({ name: 'Dear', quantity: 10, cost: 50 })
    const s = await area('S', [cheap.id, dear.id])
    const s2 = await area('S2', [dear.id])
    const c = await start([s, s2])
    await put(c.id, keeper.token, { area_id: s, item_id: cheap.id, counted: 103 }) // +3 → +3.00 (3 %, under 5 % and 100)
    await put(c.id, keeper.token, { area_id: s, item_id: dear.id, counted: 4 })
    await put(c.id, keeper.token, { area_id: s2, item_id: dear.id, counted: 4 }) // 8 − 10 = −2 → −100.00 (20 %)
    expect((await call('GET', `/api/stock-counts/${c.id}/review`, keeper.token)).status).toBe(403)
    const r = (await call('GET', `/api/stock-counts/${c.id}/review`, manager.token)).body.data
    expect(r.lines.map((l: any) => [l.item_name, l.counted, l.variance, l.variance_value, l.over_threshold])).toEqual([
      ['Dear', 8, -2, -100, true],
      ['Cheap', 103, 3, 3, false],
    ])
    expect(r.lines[0].area_names).toEqual(['S', 'S2'])
    expect(r.totals).toEqual({ gains: 3, losses: -100, net: -97 })
    expect(r.needs_reason).toBe(1)
    // Raising the thresholds lifts the need.
    env.deps.settings.update({ count_variance_pct: 50, count_variance_value: 1000 }, null)
    expect((await call('GET', `/api/stock-counts/${c.id}/review`, manager.token)).body.data.needs_reason).toBe(0)
    const csv = await env.app.handle(new Request(`http://localhost/api/reports/download/count-variance?count_id=${c.id}`, { headers: { authorization: `Bearer ${manager.token}` } }))
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = (await csv.text()).replace(/^\uFEFF/, '')
    const rows = text.trim().split(/\r?\n/)
    expect(rows[0]).toBe('"Item","Areas","Unit","Expected","Counted","Variance","Cost Price","Variance Value","Over Threshold","Reason"')
    expect(rows[1]).toStartWith('"Dear","S; S2","kg","10","8","-2","50.00","-100.00"')
    expect(rows).toHaveLength(3)
    expect((await call('GET', '/api/reports/download/count-variance', manager.token)).body.message).toBe('count_id is required')
    expect((await call('GET', '/api/reports/download/count-variance?count_id=1', keeper.token)).status).toBe(403)
  })

  test('list (paged, status filter), 404s, a Chef is refused, and an approval raises the count discrepancy alert', async () => {
    const x = await b.makeItem({ name: 'Beer', quantity: 100 })
    const s = await area('S', [x.id])
    const c = await start([s])
    await put(c.id, keeper.token, { area_id: s, item_id: x.id, counted: 50 })
    await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    await put(c.id, manager.token, { area_id: s, item_id: x.id, reason: 'Party' })
    await call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)
    await start([s])
    const list = await call('GET', '/api/stock-counts?status=approved', keeper.token)
    expect(list.body.data.map((r: any) => r.id)).toEqual([c.id])
    expect(list.body.meta.total).toBe(1)
    expect((await call('GET', '/api/stock-counts?limit=1', keeper.token)).body.meta.total).toBe(2)
    expect((await call('GET', '/api/stock-counts?status=done', keeper.token)).body.message).toBe('status must be one of OPEN, SUBMITTED, APPROVED, CANCELLED')
    expect((await call('GET', '/api/stock-counts/999', keeper.token)).status).toBe(404)
    const chef = await env.userOf('Chef')
    expect((await call('GET', '/api/stock-counts', chef.token)).status).toBe(403)
    const alerts = (await call('GET', '/api/alerts?limit=100', manager.token)).body.data as any[]
    expect(alerts.some((a) => a.type === 'DISCREPANCY' && a.item_id === x.id)).toBe(true)
  })

  test('GET /items?status=unverified&days=N lists items no approved count confirmed in N days', async () => {
    const seen = await b.makeItem({ name: 'Seen', quantity: 1 })
    const unseen = await b.makeItem({ name: 'Unseen', quantity: 1 })
    const s = await area('S', [seen.id])
    const c = await start([s])
    await put(c.id, keeper.token, { area_id: s, item_id: seen.id, counted: 1 })
    await call('POST', `/api/stock-counts/${c.id}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
    await call('POST', `/api/stock-counts/${c.id}/approve`, manager.token)
    const names = async (q: string) => ((await call('GET', `/api/items?status=unverified${q}`, keeper.token)).body.data as any[]).map((i) => i.name)
    expect(await names('&days=7')).toEqual(['Unseen'])
    expect(await names('')).toEqual(['Unseen'])
    expect((await call('GET', '/api/items?status=unverified&days=-1', keeper.token)).body.message).toBe('days must be at least 0')
  })
})

test("a large sheet and its review go gzipped to a phone's browser (issue 31: src/http/compress.ts), the same JSON", async () => {
  const get = (path: string, gzip: boolean) =>
    env.app.handle(new Request('http://localhost' + path, { headers: { authorization: `Bearer ${manager.token}`, ...(gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {}) } }))
  const items = []
  for (let i = 0; i < 40; i++) items.push(await b.makeItem({ name: `Passata tin ${i}` }))
  const count = await start([await area('Dry store', items.map((i) => i.id))])
  for (const path of [`/api/stock-counts/${count.id}`, `/api/stock-counts/${count.id}/review`]) {
    if (path.endsWith('/review')) expect((await call('POST', `/api/stock-counts/${count.id}/submit`, manager.token, { uncounted: 'UNCHANGED' })).status).toBe(200)
    const zipped = await get(path, true)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const json = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()))))
    expect(json).toEqual(await (await get(path, false)).json())
    expect(json.data.lines).toHaveLength(40)
  }
})
