import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { parse as parseCsv } from 'csv-parse/sync'
import { addDays, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'

// One small restaurant with known figures: two days ago Beef and Cola were delivered; today they moved.

let env: TestEnv
let offsetMs = 0
let token: string
let today: string
let twoDaysAgo: string
const INJECTION = "=cmd|' /C calc'!A0"

beforeAll(async () => {
  env = await makeTestEnv({ clock: () => new Date(Date.now() + offsetMs) })
  const k = await kitchenBuilders(env)
  token = k.manager.token
  const zone = env.deps.settings.get().time_zone
  today = localDate(new Date(), zone)
  twoDaysAgo = addDays(today, -2)
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const res = await p
    if (res.status >= 300) throw new Error(JSON.stringify(res.body))
    return res.body.data
  }
  const post = (path: string, body: unknown, t = token) => ok(env.call('POST', path, { token: t, body }))

  offsetMs = -2 * 86_400_000
  const meat = await k.stock.makeCategory({ name: 'Meat' })
  const drinks = await k.stock.makeCategory({ name: 'Drinks' })
  const dairy = await k.stock.makeCategory({ name: 'Dairy' })
  const supplier = await k.stock.makeSupplier({ name: 'Zambeef' })
  const beef = await k.stock.makeItem({ name: 'Beef', unit: 'kg', cost: 12.5, quantity: 10, min: 2, category_id: meat.id, supplier_id: supplier.id })
  const cola = await k.stock.makeItem({ name: 'Cola', unit: 'bottles', cost: 7.25, quantity: 24, min: 30, category_id: drinks.id, supplier_id: supplier.id })
  await k.stock.makeItem({ name: 'Milk', unit: 'liters', cost: 9, quantity: 5, min: 1, expiry: addDays(today, -1), category_id: dairy.id, supplier_id: supplier.id })

  offsetMs = 0
  await post('/api/stock-movements', { item_id: beef.id, type: 'IN', quantity: 5, remarks: '=SUM(A1:A9)' })
  await post('/api/stock-movements', { item_id: beef.id, type: 'OUT', quantity: 3 })
  await ok(env.call('PATCH', `/api/items/${beef.id}/quantity`, { token, body: { quantity: 11.5, remarks: 'Count' } }))
  await k.transfer(beef.id, 2, 'TO_KITCHEN')
  await post('/api/stock-movements', { item_id: cola.id, type: 'OUT', quantity: 4 })
  await post('/api/kitchen-inventory/usage', { item_id: beef.id, quantity: 1, remarks: 'Stew' }, k.chef.token)
  await post('/api/kitchen-inventory/wastage', { item_id: beef.id, quantity: 0.5, remarks: INJECTION }, k.chef.token)
  const request = await k.createRequest(cola.id, 6, { remarks: 'For the bar' })
  await k.approve(request.id)
  await ok(env.call('PATCH', `/api/kitchen-requests/${request.id}/fulfill`, { token: k.store.token }))
})
afterAll(() => env.close())

const view = async (path: string) => {
  const res = await env.call('GET', path, { token })
  expect(res.status).toBe(200)
  return res.body.data
}
const download = async (type: string, query = `?start_date=${today}&end_date=${today}`) => {
  const res = await env.app.handle(new Request(`http://localhost/api/reports/download/${type}${query}`, { headers: { authorization: `Bearer ${token}` } }))
  expect(res.status).toBe(200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, records: parseCsv(Buffer.from(bytes), { bom: true }) as string[][] }
}
const generate = async (report_type: string, start_date = today, end_date = today) => {
  const res = await env.call('POST', '/api/reports/generate', { token, body: { report_type, start_date, end_date, format: 'csv' } })
  expect(res.status).toBe(200)
  return res.body
}
const pick = (rows: any[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])))

describe('report figures on known data', () => {
  test('stock balance: opening, in, out, adjustments and closing per item, with the total value', async () => {
    const r = await view(`/api/reports/stock-balance?start_date=${today}&end_date=${today}`)
    expect(pick(r.rows, ['item', 'category', 'opening_qty', 'stock_in', 'stock_out', 'adjustments', 'closing_qty', 'closing_value', 'status'])).toEqual([
      { item: 'Milk', category: 'Dairy', opening_qty: 5, stock_in: 0, stock_out: 0, adjustments: 0, closing_qty: 5, closing_value: 45, status: 'Expired' },
      { item: 'Cola', category: 'Drinks', opening_qty: 24, stock_in: 0, stock_out: 10, adjustments: 0, closing_qty: 14, closing_value: 101.5, status: 'Low stock' },
      { item: 'Beef', category: 'Meat', opening_qty: 10, stock_in: 5, stock_out: 5, adjustments: -0.5, closing_qty: 9.5, closing_value: 118.75, status: 'In stock' },
    ])
    expect(r.totals).toEqual({ items: 3, closing_value: 265.25 })
    // Two days ago: the deliveries were that day's stock in, and the closing balance was theirs.
    const before = await view(`/api/reports/stock-balance?start_date=${twoDaysAgo}&end_date=${twoDaysAgo}`)
    expect(pick(before.rows, ['item', 'opening_qty', 'stock_in', 'closing_qty'])).toEqual([
      { item: 'Milk', opening_qty: 0, stock_in: 5, closing_qty: 5 },
      { item: 'Cola', opening_qty: 0, stock_in: 24, closing_qty: 24 },
      { item: 'Beef', opening_qty: 0, stock_in: 10, closing_qty: 10 },
    ])
  })

  test('financial: opening value + purchases − issues + adjustments = closing, by category, with wastage cost', async () => {
    const r = await view(`/api/reports/financial?start_date=${today}&end_date=${today}`)
    expect(r.rows).toEqual([
      { category: 'Dairy', opening_value: 45, purchases: 0, issues_to_kitchen: 0, adjustments: 0, closing_value: 45, wastage_cost: 0 },
      { category: 'Drinks', opening_value: 174, purchases: 0, issues_to_kitchen: 72.5, adjustments: 0, closing_value: 101.5, wastage_cost: 0 },
      { category: 'Meat', opening_value: 125, purchases: 62.5, issues_to_kitchen: 62.5, adjustments: -6.25, closing_value: 118.75, wastage_cost: 6.25 },
    ])
    expect(r.totals).toEqual({ opening_value: 344, purchases: 62.5, issues_to_kitchen: 135, adjustments: -6.25, closing_value: 265.25, wastage_cost: 6.25 })
    const whole = await view(`/api/reports/financial?start_date=${twoDaysAgo}&end_date=${today}`)
    expect(whole.totals).toMatchObject({ opening_value: 0, purchases: 125 + 174 + 45 + 62.5, closing_value: 265.25 })
  })

  test('kitchen usage and wastage', async () => {
    const usage = await view(`/api/reports/usage?start_date=${today}&end_date=${today}`)
    expect(pick(usage.rows, ['item', 'records', 'quantity', 'unit', 'value'])).toEqual([{ item: 'Beef', records: 1, quantity: 1, unit: 'kg', value: 12.5 }])
    expect(usage.totals).toEqual({ items: 1, records: 1, value: 12.5 })
    const wastage = await view(`/api/reports/wastage?start_date=${today}&end_date=${today}`)
    expect(pick(wastage.rows, ['item', 'quantity', 'value', 'details', 'role'])).toEqual([{ item: 'Beef', quantity: 0.5, value: 6.25, details: INJECTION, role: 'Chef' }])
    expect(wastage.totals).toEqual({ records: 1, value: 6.25 })
    expect((await view(`/api/reports/wastage?start_date=${twoDaysAgo}&end_date=${twoDaysAgo}`)).rows).toEqual([])
  })

  test('kitchen requests carry approval and fulfilment times', async () => {
    const g = await generate('kitchen-requests')
    const { records } = await download('kitchen-requests')
    const header = records[0]
    const row = Object.fromEntries(header.map((h, i) => [h, records[1][i]]))
    expect(g.data.data.row_count).toBe(1)
    expect(row).toMatchObject({ Item: 'Cola', Chef: 'Bwalya Chef', Status: 'FULFILLED', 'Qty Requested': '6', 'Qty Approved': '6', 'Reviewed By': 'Chileshe Store' })
    expect(Number(row['Hours to Approve/Reject'])).toBeGreaterThanOrEqual(0)
    expect(Number(row['Hours Approval to Fulfilment'])).toBeGreaterThanOrEqual(0)
    expect(row['Fulfilled At']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)
  })

  test('expiry and low stock lists what needs a look, most urgent first', async () => {
    const g = await generate('expiry-and-low-stock')
    expect(g.data.data.rows.map((r: string[]) => [r[0], r[8]])).toEqual([
      ['Milk', 'Expired'],
      ['Cola', 'Low stock'],
    ])
  })
})

describe('generate, download and history', () => {
  test('generate answers a preview (first 5 rows), the row count and an id, and stores the run', async () => {
    const body = await generate('stock-movements')
    expect(body.message).toBe('Report generated successfully!')
    const d = body.data
    expect(Object.keys(d).sort()).toEqual(['data', 'end_date', 'generatedAt', 'id', 'report_type', 'start_date'])
    expect(d.data.columns).toEqual(['Date', 'Item', 'Category', 'Type', 'Source', 'Quantity', 'Unit', 'Unit Cost', 'Value', 'User', 'Role', 'Reference', 'Remarks'])
    expect(d.data.row_count).toBe(6)
    expect(d.data.rows).toHaveLength(5)
    const history = (await env.call('GET', '/api/reports/history', { token })).body.data
    expect(history[0]).toMatchObject({ id: d.id, report_type: 'stock-movements', start_date: today, end_date: today, format: 'csv', row_count: 6, generatedAt: d.generatedAt })
  })

  test('every type downloads as CSV that parses back to the rows, with the exact file name', async () => {
    for (const type of ['stock-balance', 'stock-movements', 'kitchen-usage', 'wastage', 'financial', 'kitchen-requests', 'expiry-and-low-stock']) {
      const preview = (await generate(type)).data.data
      const { res, bytes, records } = await download(type)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${type}-report-${today}-to-${today}.csv"`)
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(records[0]).toEqual(preview.columns)
      expect(records.length - 1).toBe(preview.row_count)
      expect(records.slice(1, 6)).toEqual(preview.rows)
    }
  })

  test('the CSV holds the same figures as the JSON view, money with 2 decimals', async () => {
    const json = await view(`/api/reports/financial?start_date=${today}&end_date=${today}`)
    const { records } = await download('financial')
    expect(records.slice(1)).toEqual(json.rows.map((r: any) => [r.category, ...['opening_value', 'purchases', 'issues_to_kitchen', 'adjustments', 'closing_value', 'wastage_cost'].map((k) => r[k].toFixed(2))]))
  })

  test('cells that a spreadsheet would run as a formula are neutralised', async () => {
    const wastage = (await download('wastage')).records
    expect(wastage[1][wastage[0].indexOf('Details')]).toBe(`'${INJECTION}`)
    const movements = (await download('stock-movements')).records
    const remarks = movements.map((r) => r[movements[0].indexOf('Remarks')])
    expect(remarks).toContain("'=SUM(A1:A9)")
    // A negative number is a number, not a formula.
    expect(movements.some((r) => r[movements[0].indexOf('Quantity')] === '-0.5')).toBe(true)
  })

  test('history keeps the last 10 runs, newest first', async () => {
    for (let i = 0; i < 11; i++) await generate('wastage')
    const history = (await env.call('GET', '/api/reports/history', { token })).body.data
    expect(history).toHaveLength(10)
    expect(history.every((h: any) => h.report_type === 'wastage')).toBe(true)
    expect(history.map((h: any) => h.id)).toEqual([...history.map((h: any) => h.id)].sort((a, b) => b - a))
  })

  test('without dates a download covers the last 30 days to today', async () => {
    const { res } = await download('wastage', '')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="wastage-report-${addDays(today, -30)}-to-${today}.csv"`)
  })
})

describe('date validation', () => {
  test('both dates are required, and start may not be after end (SPEC messages)', async () => {
    const gen = (body: object) => env.call('POST', '/api/reports/generate', { token, body: { report_type: 'wastage', format: 'csv', ...body } })
    expect((await gen({ start_date: today })).body.message).toBe('Please select both start and end dates')
    expect((await gen({ start_date: '', end_date: today })).body.message).toBe('Please select both start and end dates')
    expect((await gen({})).body.message).toBe('Please select both start and end dates')
    const late = await gen({ start_date: today, end_date: twoDaysAgo })
    expect(late.status).toBe(400)
    expect(late.body.message).toBe('Start date cannot be after end date')

    const one = await env.call('GET', `/api/reports/financial?start_date=${today}`, { token })
    expect([one.status, one.body.message]).toEqual([400, 'Please select both start and end dates'])
    const swapped = await env.call('GET', `/api/reports/download/wastage?start_date=${today}&end_date=${twoDaysAgo}`, { token })
    expect([swapped.status, swapped.body.message]).toEqual([400, 'Start date cannot be after end date'])
    expect((await env.call('GET', '/api/reports/wastage?start_date=2026-02-30&end_date=2026-03-01', { token })).body.message).toBe('start_date must be a real date')
    expect((await gen({ report_type: 'everything', start_date: today, end_date: today })).status).toBe(400)
    expect((await env.call('GET', `/api/reports/download/everything`, { token })).status).toBe(400)
  })

  test('reports are for the Manager only', async () => {
    const chef = await env.userOf('Chef')
    expect((await env.call('GET', '/api/reports/history', { token: chef.token })).status).toBe(403)
    expect((await env.call('GET', '/api/reports/download/wastage', { token: chef.token })).status).toBe(403)
  })
})
