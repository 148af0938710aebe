import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { PO_MSG, suggestedPacks } from '../../contract/purchasing'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'
import { stockLedgerCheck } from '../stock/doctor'
import { purchasingCheck } from './doctor'

let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
let supplier: { id: number; name: string }
let category: { id: number }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager', { name: 'Mwila Banda' })
  b = stockBuilders(env, manager.token)
  supplier = await b.makeSupplier({ name: 'Lusaka Wholesale' })
  category = await b.makeCategory({ name: 'Dry goods' })
})
afterEach(() => env.close())

const call = (method: string, path: string, body?: unknown, token = manager.token, headers?: Record<string, string>) => env.call(method, `/api${path}`, { token, body, headers })

/** An item of the supplier with a par level and optional packs (the first pack becomes the order pack). */
async function item(o: { name?: string; unit?: string; quantity?: number; cost?: number; par?: number | null; packs?: { name: string; size: number }[]; supplier_id?: number; code?: string } = {}) {
  const res = await call('POST', '/items', {
    name: o.name ?? `Item ${Math.random().toString(36).slice(2, 8)}`,
    category_id: category.id,
    supplier_id: o.supplier_id ?? supplier.id,
    unit: o.unit ?? 'L',
    cost_price: o.cost ?? 2,
    current_quantity: o.quantity ?? 0,
    par_level: o.par === undefined ? 10 : o.par,
    supplier_code: o.code,
    packs: o.packs,
  })
  if (res.status !== 201) throw new Error(JSON.stringify(res.body))
  let it = res.body.data
  if (o.packs?.length) {
    const put = await call('PUT', `/items/${it.id}`, { order_pack_id: it.packs[0].id })
    expect(put.status).toBe(200)
    it = put.body.data
  }
  return it
}

const suggestionsFor = async (itemId: number) => {
  const res = await call('GET', '/purchasing/suggestions')
  expect(res.status).toBe(200)
  return (res.body.data as any[]).flatMap((g) => g.lines).find((l) => l.item_id === itemId)
}

async function sentOrder(lines: { item_id: number; pack_id?: number | null; quantity: number; unit_price: number }[], supplierId = supplier.id) {
  const res = await call('POST', '/purchase-orders', { supplier_id: supplierId, expected_date: '2026-01-10', lines })
  expect(res.status).toBe(201)
  const sent = await call('POST', `/purchase-orders/${res.body.data.id}/send`, {})
  expect(sent.status).toBe(200)
  return sent.body.data
}

const receive = (orderId: number, body: Record<string, unknown>, key?: string) =>
  call('POST', `/purchase-orders/${orderId}/receipts`, { invoice_number: 'INV-1', invoice_date: '2026-01-10', ...body }, manager.token, key ? { 'idempotency-key': key } : undefined)

describe('item fields', () => {
  test('par_level, order_pack_id and supplier_code are saved and returned; a foreign pack is refused', async () => {
    const oil = await item({ name: 'Cooking oil', par: 18, code: 'OIL-5', packs: [{ name: 'case', size: 9 }, { name: 'bottle', size: 0.75 }] })
    expect(oil).toMatchObject({ par_level: 18, supplier_code: 'OIL-5', order_pack_id: oil.packs[0].id })
    const other = await item({ packs: [{ name: 'box', size: 2 }] })
    const res = await call('PUT', `/items/${oil.id}`, { order_pack_id: other.packs[0].id })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('order_pack_id is not one of the packs of this item')
    expect((await call('GET', `/items/${oil.id}`)).body.data.order_pack_id).toBe(oil.packs[0].id)
    expect((await call('PUT', `/items/${oil.id}`, { par_level: -1 })).body.message).toBe('par_level must be at least 0')
  })
})

describe('suggestions', () => {
  test('rounding: par 6 cases, 3.25 on hand → 3; 3.75 → 3 with UP and 2 with HALF', async () => {
    expect(suggestedPacks(275, 100, 'UP')).toBe(3)
    expect(suggestedPacks(275, 100, 'HALF')).toBe(3)
    expect(suggestedPacks(225, 100, 'UP')).toBe(3)
    expect(suggestedPacks(225, 100, 'HALF')).toBe(2)
    expect(suggestedPacks(250, 100, 'HALF')).toBe(3) // a half rounds up
    expect(suggestedPacks(900, 900, 'UP')).toBe(1)
    // Through the API, base L with a case of 9: par 6 cases = 54 L.
    const a = await item({ name: 'Oil A', par: 54, quantity: 3.25 * 9, packs: [{ name: 'case', size: 9 }] })
    const c = await item({ name: 'Oil B', par: 54, quantity: 3.75 * 9, packs: [{ name: 'case', size: 9 }] })
    expect(await suggestionsFor(a.id)).toMatchObject({ suggested_packs: 3, suggested_quantity: 27, pack: { id: a.packs[0].id, name: 'case', size: 9 }, on_hand: 29.25, par_level: 54 })
    expect((await suggestionsFor(c.id)).suggested_packs).toBe(3)
    expect((await call('PUT', '/manager/settings', { order_rounding: 'half' })).status).toBe(200)
    expect((await suggestionsFor(a.id)).suggested_packs).toBe(3)
    expect((await suggestionsFor(c.id)).suggested_packs).toBe(2)
  })

  test('items never moved are included; items at par, without par or inactive are not; grouped by supplier', async () => {
    const other = await b.makeSupplier({ name: 'Alpha Foods' })
    const fresh = await item({ name: 'Never moved', par: 4 })
    const atPar = await item({ name: 'At par', par: 4, quantity: 4 })
    const noPar = await item({ name: 'No par', par: null })
    const elsewhere = await item({ name: 'Rice', par: 2.5, supplier_id: other.id })
    const res = await call('GET', '/purchasing/suggestions')
    const groups = res.body.data as any[]
    expect(groups.map((g) => g.supplier_name)).toEqual(['Alpha Foods', 'Lusaka Wholesale'])
    expect(groups[1].lines.map((l: any) => l.item_id)).toEqual([fresh.id])
    expect(groups[0].lines[0]).toMatchObject({ item_id: elsewhere.id, suggested_packs: 3, suggested_quantity: 3, pack: null, on_order: 0, last_ordered_packs: null, flag: null })
    const ids = groups.flatMap((g) => g.lines.map((l: any) => l.item_id))
    expect(ids).not.toContain(atPar.id)
    expect(ids).not.toContain(noPar.id)
  })

  test('on order (ordered − received over SENT and PARTIALLY_RECEIVED) is subtracted; drafts are not', async () => {
    const flour = await item({ name: 'Flour', unit: 'kg', par: 50, quantity: 10, packs: [{ name: 'bag', size: 10 }] })
    expect((await suggestionsFor(flour.id)).suggested_packs).toBe(4)
    const draft = await call('POST', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: flour.id, pack_id: flour.packs[0].id, quantity: 2, unit_price: 100 }] })
    expect((await suggestionsFor(flour.id)).on_order).toBe(0)
    await call('POST', `/purchase-orders/${draft.body.data.id}/send`, {})
    expect(await suggestionsFor(flour.id)).toMatchObject({ on_order: 20, suggested_packs: 2 })
    const order = (await call('GET', `/purchase-orders/${draft.body.data.id}`)).body.data
    await receive(order.id, { lines: [{ line_id: order.lines[0].id, received_quantity: 1, unit_price: 100 }] })
    // 30 on hand, 10 still on order: 1 bag.
    expect(await suggestionsFor(flour.id)).toMatchObject({ on_hand: 20, on_order: 10, suggested_packs: 2 })
  })

  test('flag LOW under half and HIGH over twice the last order', async () => {
    const low = await item({ name: 'Low one', par: 3 })
    const high = await item({ name: 'High one', par: 30 })
    await sentOrder([{ item_id: low.id, quantity: 10, unit_price: 1 }, { item_id: high.id, quantity: 5, unit_price: 1 }])
    // on_order now covers them; cancel (Manager) to see the flags against the last sent order.
    const list = (await call('GET', '/purchase-orders?status=SENT')).body.data
    await call('POST', `/purchase-orders/${list[0].id}/cancel`, {})
    await sentOrder([{ item_id: low.id, quantity: 10, unit_price: 1 }, { item_id: high.id, quantity: 5, unit_price: 1 }])
    const again = (await call('GET', '/purchase-orders?status=SENT')).body.data[0]
    const order = (await call('GET', `/purchase-orders/${again.id}`)).body.data
    await receive(order.id, { lines: order.lines.map((l: any) => ({ line_id: l.id, received_quantity: 0.01, unit_price: 1 })) })
    await call('POST', `/purchase-orders/${order.id}/close`, { reason: 'rest not coming' })
    expect(await suggestionsFor(low.id)).toMatchObject({ suggested_packs: 3, last_ordered_packs: 10, flag: 'LOW' })
    expect(await suggestionsFor(high.id)).toMatchObject({ suggested_packs: 30, last_ordered_packs: 5, flag: 'HIGH' })
  })

  test('from-suggestions twice → one DRAFT per supplier, priced at the last price per pack; after sending, nothing doubles', async () => {
    const oil = await item({ name: 'Oil', par: 18, cost: 2, packs: [{ name: 'case', size: 9 }] })
    const first = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(first.status).toBe(201)
    expect(first.body.data).toHaveLength(1)
    expect(first.body.data[0]).toMatchObject({ status: 'DRAFT', supplier_id: supplier.id })
    expect(first.body.data[0].number).toMatch(/^PO-\d{8}-001$/)
    expect(first.body.data[0].lines[0]).toMatchObject({ item_id: oil.id, quantity: 2, unit_price: 18, pack: { name: 'case', size: 9 } })
    const second = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(second.body.data[0].id).toBe(first.body.data[0].id)
    expect((await call('GET', '/purchase-orders')).body.meta.total).toBe(1)
    await call('POST', `/purchase-orders/${first.body.data[0].id}/send`, {})
    const third = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(third.status).toBe(200)
    expect(third.body.data).toEqual([])
    expect(third.body.message).toBe(PO_MSG.createdFromSuggestions(0))
    expect((await call('GET', '/purchase-orders')).body.meta.total).toBe(1)
  })

  test('from-suggestions takes edited packs and the chosen suppliers', async () => {
    const other = await b.makeSupplier({ name: 'Other' })
    const a = await item({ name: 'A', par: 10 })
    await item({ name: 'B', par: 10, supplier_id: other.id })
    const res = await call('POST', '/purchase-orders/from-suggestions', { supplier_ids: [supplier.id], packs: [{ item_id: a.id, packs: 4 }] })
    expect(res.body.data).toHaveLength(1)
    expect(res.body.data[0].lines[0]).toMatchObject({ item_id: a.id, quantity: 4, unit_price: 2 })
  })
})

describe('par levels: what the suggestions cannot see (issue 32)', () => {
  const gap = async (path = '/purchasing/suggestions') => (await call('GET', path)).body

  test('no par level anywhere: the suggestions and from-suggestions say so, never "nothing to order"', async () => {
    await item({ name: 'Oil', par: null, quantity: 0 })
    const res = await gap()
    expect(res.data).toEqual([])
    expect(res.message).toBe('No item has a par level yet — set par levels')
    expect(res.message).toBe(PO_MSG.noParLevels())
    expect(res.par).toMatchObject({ with_par: 0, without_par_low: 1 })
    const made = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ data: [], message: 'No item has a par level yet — set par levels', par: { with_par: 0 } })
    const filtered = await call('POST', '/purchase-orders/from-suggestions', { supplier_ids: [supplier.id] })
    expect(filtered.body.message).toBe('No item of these suppliers has a par level yet — set par levels')
  })

  test('some par levels: counts and lists the low or out items without one (out first), with their packs', async () => {
    await item({ name: 'Full', par: 5, quantity: 10 })
    const out: any[] = []
    for (let i = 0; i < 15; i++) out.push(await item({ name: `Low ${String(i).padStart(2, '0')}`, par: null, quantity: 0 }))
    const salt = await item({ name: 'Salt', par: null, quantity: 1, packs: [{ name: 'bag', size: 5 }] })
    await call('PUT', `/items/${salt.id}`, { min_stock_level: 2 })
    await item({ name: 'Plenty', par: null, quantity: 50 }) // in stock: not counted
    const inactive = await item({ name: 'Gone', par: null, quantity: 0 })
    await call('PUT', `/items/${inactive.id}`, { is_active: false })
    const res = await gap()
    expect(res.data).toEqual([])
    expect(res.message).toBe('Nothing to order: every item with a par level is at or above it. 16 items low or out have no par level')
    expect(res.par.with_par).toBe(1)
    expect(res.par.without_par_low).toBe(16)
    expect(res.par.without_par).toHaveLength(16)
    expect(res.par.without_par[0]).toMatchObject({ item_name: 'Low 00', status: 'out', on_hand: 0, min_stock_level: 0, supplier_name: 'Lusaka Wholesale', packs: [], order_pack_id: null })
    expect(res.par.without_par.at(-1)).toMatchObject({ item_id: salt.id, status: 'low', on_hand: 1, min_stock_level: 2, packs: [{ id: salt.packs[0].id, name: 'bag', size: 5 }], order_pack_id: salt.packs[0].id })
    const made = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(made.body.message).toBe('Nothing to order: every item with a par level is at or above it. 16 items low or out have no par level')
    expect(made.body.par.without_par_low).toBe(16)

    // A par set on one of them right there (PUT /items/:id, par and order pack): it is suggested, and the gap shrinks.
    const put = await call('PUT', `/items/${salt.id}`, { par_level: 12, order_pack_id: salt.packs[0].id })
    expect(put.status).toBe(200)
    const after = await gap()
    expect(after.message).toBe('1 item to order. 15 items low or out have no par level')
    expect(after.par).toMatchObject({ with_par: 2, without_par_low: 15 })
    expect(after.data[0].lines[0]).toMatchObject({ item_id: salt.id, suggested_packs: 3, pack: { name: 'bag', size: 5 }, packs: [{ id: salt.packs[0].id, name: 'bag', size: 5 }] })
    const orders = await call('POST', '/purchase-orders/from-suggestions', {})
    expect(orders.status).toBe(201)
    expect(orders.body.message).toBe('1 draft order ready. 15 items low or out have no par level')
    expect(orders.body.message).toBe(PO_MSG.createdFromSuggestions(1, { with_par: 2, without_par_low: 15 }))
  })

  test('every suggested line edited to 0 packs says so; a bad par level changes nothing', async () => {
    const oil = await item({ name: 'Oil', par: 10 })
    const res = await call('POST', '/purchase-orders/from-suggestions', { packs: [{ item_id: oil.id, packs: 0 }] })
    expect(res.body).toMatchObject({ data: [], message: 'Nothing to order: every suggested line is at 0 packs' })
    const bad = await call('PUT', `/items/${oil.id}`, { par_level: 'lots', order_pack_id: null })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('par_level must be a number')
    expect((await call('GET', `/items/${oil.id}`)).body.data.par_level).toBe(10)
    // A Chef reads neither the suggestions nor sets a par (the access table, unchanged).
    const chef = await env.userOf('Chef')
    expect((await call('GET', '/purchasing/suggestions', undefined, chef.token)).status).toBe(403)
    expect((await call('PUT', `/items/${oil.id}`, { par_level: 1 }, chef.token)).status).toBe(403)
  })
})

describe('purchase orders', () => {
  test('create, edit a draft, send, text; wrong transitions → 409 naming the status', async () => {
    const oil = await item({ name: 'Sunflower oil', code: 'SUN-9', packs: [{ name: 'case', size: 9 }] })
    const created = await call('POST', '/purchase-orders', { supplier_id: supplier.id, note: 'Back door', lines: [{ item_id: oil.id, pack_id: oil.packs[0].id, quantity: 2, unit_price: 150 }] })
    expect(created.status).toBe(201)
    const po = created.body.data
    expect(po).toMatchObject({ status: 'DRAFT', total: 300, line_count: 1 })
    const put = await call('PUT', `/purchase-orders/${po.id}`, { supplier_id: supplier.id, expected_date: '2026-02-01', lines: [{ item_id: oil.id, pack_id: oil.packs[0].id, quantity: 3, unit_price: 150 }] })
    expect(put.body.data).toMatchObject({ expected_date: '2026-02-01', total: 450, note: null })
    const sent = await call('POST', `/purchase-orders/${po.id}/send`, {})
    expect(sent.body.data.status).toBe('SENT')
    const again = await call('POST', `/purchase-orders/${po.id}/send`, {})
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`Purchase order ${po.number} is SENT; only DRAFT orders can be sent`)
    expect((await call('PUT', `/purchase-orders/${po.id}`, { supplier_id: supplier.id, lines: [{ item_id: oil.id, quantity: 1, unit_price: 1 }] })).status).toBe(409)
    expect((await call('POST', `/purchase-orders/${po.id}/close`, { reason: 'x' })).body.message).toContain('is SENT; only PARTIALLY_RECEIVED')
    const text = await call('GET', `/purchase-orders/${po.id}/text`)
    expect(text.headers.get('content-type')).toContain('text/plain')
    // The restaurant's name first (issue 32.8), then the order; the supplier's own code on each line that has one.
    expect(text.body).toStartWith(`RIMS\nPurchase order ${po.number}\n`)
    expect(text.body).toContain('To: Lusaka Wholesale')
    expect(text.body).toContain('Expected delivery: 2026-02-01')
    expect(text.body).toContain('1. 3 × case (9 L) Sunflower oil — your code SUN-9')
  })

  test('a retried POST /purchase-orders with the same Idempotency-Key makes one draft; another body with it is a 409', async () => {
    const a = await item()
    const body = { supplier_id: supplier.id, lines: [{ item_id: a.id, quantity: 2, unit_price: 3 }] }
    const first = await call('POST', '/purchase-orders', body, manager.token, { 'idempotency-key': 'po-form-1' })
    expect(first.status).toBe(201)
    const retry = await call('POST', '/purchase-orders', body, manager.token, { 'idempotency-key': 'po-form-1' })
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    const other = await call('POST', '/purchase-orders', { ...body, note: 'changed' }, manager.token, { 'idempotency-key': 'po-form-1' })
    expect(other.status).toBe(409)
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request')
    expect((await call('GET', '/purchase-orders')).body.meta.total).toBe(1)
    // without a key, each POST is a new draft
    await call('POST', '/purchase-orders', body)
    expect((await call('GET', '/purchase-orders')).body.meta.total).toBe(2)
  })

  test('validation: a pack of another item, an unknown supplier, no lines', async () => {
    const a = await item({ packs: [{ name: 'box', size: 2 }] })
    const c = await item({ name: 'Other item' })
    expect((await call('POST', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: c.id, pack_id: a.packs[0].id, quantity: 1, unit_price: 1 }] })).body.message).toBe(PO_MSG.packNotOfItem('Other item'))
    expect((await call('POST', '/purchase-orders', { supplier_id: 999, lines: [{ item_id: c.id, quantity: 1, unit_price: 1 }] })).body.message).toBe('supplier_id does not match an existing supplier')
    expect((await call('POST', '/purchase-orders', { supplier_id: supplier.id, lines: [] })).body.message).toBe('lines must have at least one line')
    expect((await call('POST', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: c.id, quantity: 0, unit_price: 1 }] })).body.message).toBe('quantity must be at least 0.01')
    expect((await call('GET', '/purchase-orders')).body.meta.total).toBe(0)
  })

  test('cancel: a Storekeeper cancels a draft, only a Manager a sent order; close needs a reason', async () => {
    const keeper = await env.userOf('Storekeeper')
    const a = await item()
    const draft = (await call('POST', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: a.id, quantity: 1, unit_price: 1 }] }, keeper.token)).body.data
    expect((await call('POST', `/purchase-orders/${draft.id}/cancel`, {}, keeper.token)).body.data.status).toBe('CANCELLED')
    const sent = await sentOrder([{ item_id: a.id, quantity: 2, unit_price: 1 }])
    const refused = await call('POST', `/purchase-orders/${sent.id}/cancel`, {}, keeper.token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(PO_MSG.managerCancelsSent)
    await receive(sent.id, { lines: [{ line_id: sent.lines[0].id, received_quantity: 1, unit_price: 1 }] })
    expect((await call('POST', `/purchase-orders/${sent.id}/cancel`, {})).status).toBe(409)
    expect((await call('POST', `/purchase-orders/${sent.id}/close`, {})).body.message).toBe('reason is required')
    const closed = await call('POST', `/purchase-orders/${sent.id}/close`, { reason: 'Supplier out of stock' })
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', close_reason: 'Supplier out of stock' })
  })
})

describe('receiving', () => {
  test('partial then full receipt: statuses, balance in base units, one RECEIPT row per line linked to the receipt', async () => {
    const oil = await item({ name: 'Oil', cost: 2, packs: [{ name: 'case', size: 9 }] })
    const sugar = await item({ name: 'Sugar', unit: 'kg', cost: 1 })
    const po = await sentOrder([{ item_id: oil.id, pack_id: oil.packs[0].id, quantity: 2, unit_price: 18 }, { item_id: sugar.id, quantity: 5, unit_price: 1 }])
    const first = await receive(po.id, { lines: [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 18 }, { line_id: po.lines[1].id, received_quantity: 5, unit_price: 1 }] })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ order_status: 'PARTIALLY_RECEIVED', lines_total: 23, total_mismatch: false })
    expect(first.body.data.lines[0]).toMatchObject({ received_quantity: 1, base_quantity: 9, unit_cost: 2, pack: { name: 'case', size: 9 } })
    expect(await b.balance(oil.id)).toBe(9)
    expect(await b.balance(sugar.id)).toBe(5)
    const rows = (await call('GET', `/stock-movements/item/${oil.id}`)).body.data
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 'IN', quantity: 9, source_type: 'RECEIPT', source_id: first.body.data.id, editable: false })
    const second = await receive(po.id, { invoice_number: 'INV-2', lines: [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 18 }] })
    expect(second.body.data.order_status).toBe('RECEIVED')
    const order = (await call('GET', `/purchase-orders/${po.id}`)).body.data
    expect(order.receipts).toHaveLength(2)
    expect(order.lines[0]).toMatchObject({ received_quantity: 2, outstanding: 0 })
    expect((await receive(po.id, { invoice_number: 'INV-3', lines: [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 18 }] })).body.message).toContain('is RECEIVED')
    expect(stockLedgerCheck.run(env.deps.db)).toEqual([])
    expect(purchasingCheck.run(env.deps.db)).toEqual([])
    // The doctor sees an order line that no longer agrees with its receipts.
    env.deps.db.query('UPDATE purchase_order_lines SET received_quantity = 100 WHERE id = $id').run({ id: po.lines[0].id })
    expect(purchasingCheck.run(env.deps.db)).toEqual([`${po.number} line ${po.lines[0].id}: received 1 / refused 0 but its receipts say 2 / 0`])
  })

  test('short and refused quantities: refused goods stay out of stock and the order stays partly received', async () => {
    const a = await item({ name: 'Eggs', unit: 'tray' })
    const po = await sentOrder([{ item_id: a.id, quantity: 10, unit_price: 3 }])
    const res = await receive(po.id, { lines: [{ line_id: po.lines[0].id, received_quantity: 8, refused_quantity: 2, unit_price: 3, note: '2 trays broken' }] })
    expect(res.body.data.lines[0]).toMatchObject({ received_quantity: 8, refused_quantity: 2, note: '2 trays broken' })
    expect(res.body.data.order_status).toBe('PARTIALLY_RECEIVED')
    expect(await b.balance(a.id)).toBe(8)
    expect((await receive(po.id, { invoice_number: 'X', lines: [{ line_id: po.lines[0].id, received_quantity: 0, unit_price: 3 }] })).body.message).toBe(PO_MSG.nothingReceived)
  })

  test('weighted average: 10 @ 2.00 on hand + 10 @ 3.00 → 2.50; LAST takes the last price', async () => {
    const a = await item({ quantity: 10, cost: 2 })
    await call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: 'A1', invoice_date: '2026-01-10', lines: [{ item_id: a.id, received_quantity: 10, unit_price: 3 }] })
    expect((await call('GET', `/items/${a.id}`)).body.data.cost_price).toBe(2.5)
    await call('PUT', '/manager/settings', { cost_method: 'LAST' })
    await call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: 'A2', invoice_date: '2026-01-11', lines: [{ item_id: a.id, received_quantity: 1, unit_price: 4 }] })
    expect((await call('GET', `/items/${a.id}`)).body.data.cost_price).toBe(4)
    const prices = (await call('GET', `/items/${a.id}/prices`)).body.data
    expect(prices.map((p: any) => [p.date, p.price, p.supplier_name, p.invoice_number])).toEqual([
      ['2026-01-11', 4, 'Lusaka Wholesale', 'A2'],
      ['2026-01-10', 3, 'Lusaka Wholesale', 'A1'],
    ])
  })

  test('a price per pack becomes a cost per base unit (case of 9 at 27 → 3.00 per L)', async () => {
    const a = await item({ cost: 0, packs: [{ name: 'case', size: 9 }] })
    const res = await call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: 'P', invoice_date: '2026-01-10', lines: [{ item_id: a.id, pack_id: a.packs[0].id, received_quantity: 2, unit_price: 27 }] })
    expect(res.body.data.lines[0]).toMatchObject({ base_quantity: 18, unit_cost: 3, value: 54 })
    expect((await call('GET', `/items/${a.id}`)).body.data).toMatchObject({ current_quantity: 18, cost_price: 3 })
  })

  test('price alert at the threshold (5%) and not below; HIGH at twice the threshold', async () => {
    const a = await item({ name: 'Cooking oil', cost: 100 })
    const post = (n: string, price: number) => call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: n, invoice_date: '2026-01-10', lines: [{ item_id: a.id, received_quantity: 1, unit_price: price }] })
    const alerts = async () => (await call('GET', '/alerts?type=PRICE_CHANGE')).body.data as any[]
    await post('1', 100)
    expect(await alerts()).toHaveLength(0)
    expect((await post('2', 104.99)).body.data.price_changes).toEqual([]) // 4.99 % below
    expect(await alerts()).toHaveLength(0)
    const at = await post('3', 110.24) // +5.00 % of 104.99
    expect(at.body.data.price_changes[0]).toMatchObject({ item_id: a.id, old_price: 104.99, new_price: 110.24, priority: 'MEDIUM' })
    let list = await alerts()
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ type: 'PRICE_CHANGE', priority: 'MEDIUM', item_id: a.id })
    expect(list[0].message).toContain('Cooking oil')
    expect(list[0].message).toContain('110.24')
    expect(list[0].message).toContain('104.99')
    await post('4', 99.21) // −10.01 %
    list = await alerts()
    expect(list).toHaveLength(2)
    expect(list[0].priority).toBe('HIGH')
  })

  test('the same invoice for the same supplier → 409 unless confirm_duplicate; another supplier may reuse it', async () => {
    const a = await item()
    const body = { supplier_id: supplier.id, invoice_number: 'INV-77', invoice_date: '2026-01-10', lines: [{ item_id: a.id, received_quantity: 1, unit_price: 1 }] }
    expect((await call('POST', '/receipts', body)).status).toBe(201)
    const dup = await call('POST', '/receipts', { ...body, invoice_number: ' inv-77' })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toStartWith('Invoice inv-77 from Lusaka Wholesale was already received')
    expect(await b.balance(a.id)).toBe(1)
    expect((await call('POST', '/receipts', { ...body, confirm_duplicate: true })).status).toBe(201)
    const other = await b.makeSupplier()
    expect((await call('POST', '/receipts', { ...body, supplier_id: other.id })).status).toBe(201)
    expect(await b.balance(a.id)).toBe(3)
  })

  test('an invoice total off by more than 0.01 is saved with total_mismatch; within 0.01 it is not', async () => {
    const a = await item()
    const body = (n: string, total: number) => ({ supplier_id: supplier.id, invoice_number: n, invoice_date: '2026-01-10', invoice_total: total, lines: [{ item_id: a.id, received_quantity: 3, unit_price: 1.25 }] })
    const off = await call('POST', '/receipts', body('M1', 3.77))
    expect(off.status).toBe(201)
    expect(off.body.data).toMatchObject({ total_mismatch: true, invoice_total: 3.77, lines_total: 3.75 })
    expect((await call('POST', '/receipts', body('M2', 3.76))).body.data.total_mismatch).toBe(false)
    expect((await call('GET', `/receipts/${off.body.data.id}`)).body.data.total_mismatch).toBe(true)
  })

  test('one transaction: a failing line posts nothing (no rows, no receipt, no cost, order unchanged)', async () => {
    const good = await item({ name: 'Good', cost: 2, quantity: 1 })
    const gone = await item({ name: 'Gone' })
    const po = await sentOrder([{ item_id: good.id, quantity: 5, unit_price: 4 }, { item_id: gone.id, quantity: 5, unit_price: 4 }])
    expect((await call('DELETE', `/items/${gone.id}`)).body.data).toEqual({ deleted: false, deactivated: true }) // on an order: history
    const res = await receive(po.id, { lines: po.lines.map((l: any) => ({ line_id: l.id, received_quantity: 5, unit_price: 4 })) })
    expect(res.status).toBe(409)
    expect(await b.balance(good.id)).toBe(1)
    expect((await call('GET', `/items/${good.id}`)).body.data.cost_price).toBe(2)
    expect((await call('GET', '/receipts')).body.meta.total).toBe(0)
    const order = (await call('GET', `/purchase-orders/${po.id}`)).body.data
    expect(order).toMatchObject({ status: 'SENT', receipts: [] })
    expect(order.lines[0].received_quantity).toBe(0)
    expect((await call('GET', `/items/${good.id}/prices`)).body.data).toEqual([])
  })

  test('idempotent replay: the same key returns the same receipt and moves stock once', async () => {
    const a = await item()
    const po = await sentOrder([{ item_id: a.id, quantity: 4, unit_price: 2 }])
    const body = { lines: [{ line_id: po.lines[0].id, received_quantity: 4, unit_price: 2 }] }
    const first = await receive(po.id, body, 'rcv-1')
    const replay = await receive(po.id, body, 'rcv-1')
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.body.data).toEqual(first.body.data)
    expect(await b.balance(a.id)).toBe(4)
    expect((await receive(po.id, { lines: [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 2 }] }, 'rcv-1')).status).toBe(409)
  })

  test('expiry: an earlier date replaces the item’s, a later one does not', async () => {
    const a = await item()
    await call('PUT', `/items/${a.id}`, { expiry_date: '2026-03-01' })
    const post = (n: string, expiry: string) => call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: n, invoice_date: '2026-01-10', lines: [{ item_id: a.id, received_quantity: 1, unit_price: 2, expiry_date: expiry }] })
    await post('E1', '2026-04-01')
    expect((await call('GET', `/items/${a.id}`)).body.data.expiry_date).toBe('2026-03-01')
    await post('E2', '2026-02-15')
    expect((await call('GET', `/items/${a.id}`)).body.data.expiry_date).toBe('2026-02-15')
  })

  test('returns: OUT rows the receipt shows, never more than it brought in', async () => {
    const a = await item({ name: 'Milk', unit: 'L' })
    const rec = (await call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: 'R1', invoice_date: '2026-01-10', lines: [{ item_id: a.id, received_quantity: 6, unit_price: 1 }] })).body.data
    const ret = await call('POST', `/receipts/${rec.id}/returns`, { lines: [{ item_id: a.id, quantity: 2, reason: 'Sour' }] })
    expect(ret.status).toBe(201)
    expect(ret.body.data.returns).toHaveLength(1)
    expect(ret.body.data.returns[0]).toMatchObject({ item_id: a.id, quantity: 2, reason: 'Sour' })
    expect(await b.balance(a.id)).toBe(4)
    const rows = (await call('GET', `/stock-movements/item/${a.id}`)).body.data
    expect(rows[0]).toMatchObject({ type: 'OUT', quantity: 2, source_type: 'RETURN', source_id: rec.id })
    const tooMuch = await call('POST', `/receipts/${rec.id}/returns`, { lines: [{ item_id: a.id, quantity: 4.01, reason: 'x' }] })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.message).toBe(PO_MSG.returnTooMuch('Milk', 4, 'L'))
    const other = await item({ name: 'Bread' })
    expect((await call('POST', `/receipts/${rec.id}/returns`, { lines: [{ item_id: other.id, quantity: 1, reason: 'x' }] })).body.message).toBe(PO_MSG.notOnReceipt('Bread'))
    expect((await call('GET', `/receipts/${rec.id}`)).body.data.returns).toHaveLength(1)
    expect(stockLedgerCheck.run(env.deps.db)).toEqual([])
  })

  test('the due-today list holds open orders expected today or earlier', async () => {
    const a = await item()
    await sentOrder([{ item_id: a.id, quantity: 1, unit_price: 1 }])
    const later = await call('POST', '/purchase-orders', { supplier_id: supplier.id, expected_date: '2099-01-01', lines: [{ item_id: a.id, quantity: 1, unit_price: 1 }] })
    await call('POST', `/purchase-orders/${later.body.data.id}/send`, {})
    const due = await call('GET', '/purchase-orders?due=today')
    expect(due.body.meta.total).toBe(1)
    expect(due.body.data[0].expected_date).toBe('2026-01-10')
  })
})

describe('reports', () => {
  test('purchases by supplier and by category, price changes: JSON and CSV over invoice dates', async () => {
    const veg = await b.makeCategory({ name: 'Vegetables' })
    const a = await item({ name: 'Oil' })
    const res = await call('POST', '/items', { name: 'Onions', category_id: veg.id, supplier_id: supplier.id, unit: 'kg', cost_price: 1 })
    const onions = res.body.data
    const post = (n: string, date: string, lines: { item_id: number; received_quantity: number; unit_price: number }[], total?: number) =>
      call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: n, invoice_date: date, invoice_total: total, lines })
    await post('1', '2026-01-05', [{ item_id: a.id, received_quantity: 2, unit_price: 10 }, { item_id: onions.id, received_quantity: 5, unit_price: 1 }], 99)
    await post('2', '2026-01-06', [{ item_id: a.id, received_quantity: 1, unit_price: 12 }])
    await post('3', '2026-02-01', [{ item_id: a.id, received_quantity: 1, unit_price: 15 }])
    const range = 'start_date=2026-01-01&end_date=2026-01-31'
    const bySupplier = (await call('GET', `/reports/purchases-by-supplier?${range}`)).body.data
    expect(bySupplier.rows).toEqual([{ supplier: 'Lusaka Wholesale', receipts: 2, lines: 3, mismatches: 1, value: 37 }])
    expect(bySupplier.totals.value).toBe(37)
    const byCategory = (await call('GET', `/reports/purchases-by-category?${range}`)).body.data
    expect(byCategory.rows).toEqual([
      { category: 'Dry goods', items: 1, lines: 2, value: 32 },
      { category: 'Vegetables', items: 1, lines: 1, value: 5 },
    ])
    const changes = (await call('GET', `/reports/price-changes?${range}`)).body.data
    expect(changes.rows).toEqual([{ date: '2026-01-06', item: 'Oil', unit: 'L', supplier: 'Lusaka Wholesale', invoice: '2', old_price: 10, new_price: 12, change_pct: 20 }])
    const csv = await env.call('GET', `/api/reports/download/price-changes?${range}`, { token: manager.token })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.body).toBe('"Date","Item","Unit","Supplier","Invoice","Old Price","New Price","Change %"\r\n"2026-01-06","Oil","L","Lusaka Wholesale","2","10.00","12.00","20"\r\n')
    const keeper = await env.userOf('Storekeeper')
    expect((await call('GET', `/reports/purchases-by-supplier?${range}`, undefined, keeper.token)).status).toBe(403)
  })
})
