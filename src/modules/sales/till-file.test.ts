import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'
import { squareCsv, type SquareRow } from './fixtures/square-export'
import { zonedInstant } from '../../contract/dates'

// Issue 32 (4): a real till file. Voided and refunded lines are read and not counted; the preview gives the
// file's first and last day; ticked codes are mapped or ignored in one call and remembered per till; the
// food cost window between two counts approved the same day takes the sales made between them.

const ZONE = 'America/Los_Angeles' // Square's "Pacific Time (US & Canada)"
let env: TestEnv
let manager: string
let chef: string
let tikka: { id: number }
let naan: { id: number }
let offsetMs = 0

beforeAll(async () => {
  env = await makeTestEnv({ clock: () => new Date(Date.now() + offsetMs) })
  manager = (await env.userOf('Manager')).token
  chef = (await env.userOf('Chef')).token
  expect((await env.call('PUT', '/api/manager/settings', { token: manager, body: { time_zone: ZONE } })).status).toBe(200)
  const b = recipeBuilders(env, manager)
  const chicken = await b.item('Chicken thigh', 'kg', 8)
  tikka = await b.recipe({ name: 'Chicken tikka masala', kind: 'MENU', menu_price: 16.95, lines: [{ item_id: chicken.id, quantity: 200, unit: 'g' }] })
  naan = await b.recipe({ name: 'Garlic naan', kind: 'MENU', menu_price: 3.95, lines: [] })
}, 60_000)
afterAll(() => env.close())

const importCsv = (csv: string, query: string) => env.call('POST', `/api/sales/import?${query}`, { token: manager, body: csv, headers: { 'content-type': 'text/csv' } })
const day = async (date: string) => (await env.call('GET', `/api/sales/${date}`, { token: manager })).body.data as any[]

const FILE: SquareRow[] = [
  { date: '2026-02-03', time: '20:46:56', item: 'CHICKEN TIKKA MASALA', variation: 'Regular', net: 16.95 },
  { date: '2026-02-03', time: '20:46:56', item: 'CHICKEN TIKKA MASALA', voided: true },
  { date: '2026-02-03', time: '19:10:00', item: 'GARLIC NAN', qty: 2, net: 7.9, notes: 'DoorDash:\nleave at door' },
  { date: '2026-02-02', time: '12:00:00', item: 'GARLIC NAN', net: 3.95, refund: true },
  { date: '2026-02-01', time: '18:30:00', item: 'Drafts', variation: 'IPA', net: 7 },
  { date: '2026-02-01', time: '18:31:00', item: 'Drafts', variation: 'Lager', net: 6.5 },
  { date: '2026-02-01', time: '18:32:00', item: 'Gift Card', net: 50 },
]

describe('a Square export', () => {
  test('the preview gives its first and last day and counts no voided or refunded line', async () => {
    const dry = await importCsv(squareCsv(FILE), 'pos=Square')
    expect(dry.status).toBe(200)
    const r = dry.body.data
    expect(r).toMatchObject({ dry_run: true, pos: 'Square', format: 'square', rows_read: 7, rows_counted: 5, voided_rows: 2, first_date: '2026-02-01', last_date: '2026-02-03' })
    expect(r.lines.reduce((a: number, l: any) => a + l.rows, 0)).toBe(5)
    expect(r.lines.some((l: any) => /voided/i.test(l.code) || l.quantity < 0)).toBe(false)
    // Square's default "Regular" price point is dropped; a real one names the product (Drafts · IPA).
    expect(r.unmapped.map((u: any) => u.code).sort()).toEqual(['CHICKEN TIKKA MASALA', 'Drafts · IPA', 'Drafts · Lager', 'GARLIC NAN', 'Gift Card'])
    // Times are the file's zone: 20:46:56 Pacific on 3 Feb is 04:46:56Z on 4 Feb; the line keeps its local day.
    const tikkaLine = r.lines.find((l: any) => l.code === 'CHICKEN TIKKA MASALA')
    expect(tikkaLine).toMatchObject({ date_from: '2026-02-03', sold_at: '2026-02-04T04:46:56.000Z', quantity: 1, net_sales: 16.95 })
  })

  test('a generic file: negative quantities, a refund column and a void status are not counted either', async () => {
    const csv = 'date,code,qty,net_sales,status,refunded\n2026-01-05,A1,2,20,Completed,\n2026-01-05,A1,-1,-10,Completed,\n2026-01-05,A1,1,10,Void,\n2026-01-06,A1,1,10,,yes\n'
    const r = (await importCsv(csv, 'pos=Back+office')).body.data
    expect(r).toMatchObject({ rows_read: 4, rows_counted: 1, voided_rows: 3, first_date: '2026-01-05', last_date: '2026-01-05' })
    expect(r.lines).toEqual([expect.objectContaining({ code: 'A1', quantity: 2, net_sales: 20, sold_at: null })])
  })

  test('ticked codes are mapped or ignored in one call, remembered for that till and not asked again', async () => {
    const map = await env.call('POST', '/api/sales/mappings/bulk', { token: manager, body: { pos: 'Square', codes: ['CHICKEN TIKKA MASALA'], recipe_id: tikka.id } })
    expect(map.status).toBe(200)
    expect(map.body.message).toBe('1 code mapped to Chicken tikka masala')
    const ignore = await env.call('POST', '/api/sales/mappings/bulk', { token: manager, body: { pos: 'Square', codes: ['Drafts · IPA', 'Drafts · Lager', 'Gift Card', 'gift card'], recipe_id: null } })
    expect(ignore.body).toMatchObject({ data: { codes: 3, recipe_id: null }, message: '3 codes ignored; they are not asked again' })

    const saved = await importCsv(squareCsv(FILE), 'pos=square&dry_run=false')
    expect(saved.status).toBe(200)
    expect(saved.body.data.unmapped.map((u: any) => u.code)).toEqual(['GARLIC NAN'])
    expect((await day('2026-02-03')).map((l) => [l.code, l.status, l.recipe_id])).toContainEqual(['CHICKEN TIKKA MASALA', 'MAPPED', tikka.id])
    expect((await day('2026-02-01')).every((l) => l.status === 'IGNORED')).toBe(true)
    // Another till's file is asked about its own codes: the Square mappings are not its.
    const other = (await importCsv(squareCsv(FILE), 'pos=Bar+till')).body.data
    expect(other.unmapped).toHaveLength(5)
    // A mapping made for every till (no pos) applies to any till without its own.
    await env.call('PUT', '/api/sales/mappings', { token: manager, body: { code: 'GARLIC NAN', recipe_id: naan.id } })
    expect((await importCsv(squareCsv(FILE), 'pos=Bar+till')).body.data.unmapped.map((u: any) => u.code)).not.toContain('GARLIC NAN')
    const sources = (await env.call('GET', '/api/sales/sources', { token: manager })).body.data
    expect(sources.find((s: any) => s.pos === 'Square')).toMatchObject({ mappings: 4 })
    expect((await env.call('GET', '/api/sales/mappings?pos=Square', { token: manager })).body.data).toHaveLength(4)
  })

  test('a bulk mapping to a dish that is not an active MENU recipe saves nothing; Managers only', async () => {
    const bad = await env.call('POST', '/api/sales/mappings/bulk', { token: manager, body: { pos: 'Square', codes: ['NEW CODE'], recipe_id: 999999 } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('recipe_id 999999 is not an active MENU recipe')
    expect((await env.call('GET', '/api/sales/mappings?pos=Square', { token: manager })).body.data).toHaveLength(4)
    const none = await env.call('POST', '/api/sales/mappings/bulk', { token: manager, body: { pos: 'Square', codes: [], recipe_id: null } })
    expect(none.body.message).toBe('Tick at least one code')
    expect((await env.call('POST', '/api/sales/mappings/bulk', { token: chef, body: { codes: ['X'], recipe_id: null } })).status).toBe(403)
  })
})

describe('food cost between two counts approved the same day', () => {
  let opening: number
  let closing: number
  let saleDay: string

  async function ok(res: Promise<{ status: number; body: any }>, status = 200) {
    const r = await res
    if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`)
    return r.body.data
  }

  beforeAll(async () => {
    // Tomorrow, 09:00 and 17:00 Pacific: the opening count in the morning, the closing count after lunch service.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE })
    saleDay = tomorrow
    const at = (time: string) => zonedInstant(tomorrow, time, ZONE).getTime()
    const b = recipeBuilders(env, manager)
    const rice = await b.item('Basmati', 'kg', 3)
    const area = await ok(env.call('POST', '/api/storage-areas', { token: manager, body: { name: 'Dry store' } }), 201)
    await ok(env.call('PUT', `/api/storage-areas/${area.id}/items`, { token: manager, body: { item_ids: [rice.id] } }))
    const count = async (time: string) => {
      offsetMs = at(time) - Date.now()
      const c = await ok(env.call('POST', '/api/stock-counts', { token: manager, body: { area_ids: [area.id], blind: false } }), 201)
      await ok(env.call('PUT', `/api/stock-counts/${c.id}/lines`, { token: manager, body: { area_id: area.id, item_id: rice.id, counted: 0 } }))
      await ok(env.call('POST', `/api/stock-counts/${c.id}/submit`, { token: manager, body: { uncounted: 'UNCHANGED' } }))
      await ok(env.call('POST', `/api/stock-counts/${c.id}/approve`, { token: manager }))
      return c.id as number
    }
    opening = await count('09:00:00')
    closing = await count('17:00:00')
    offsetMs = 0
    const lunch: SquareRow[] = [
      { date: tomorrow, time: '08:59:00', item: 'CHICKEN TIKKA MASALA', net: 16.95 }, // before the opening count
      { date: tomorrow, time: '12:30:00', item: 'CHICKEN TIKKA MASALA', qty: 2, net: 33.9 },
      { date: tomorrow, time: '12:31:00', item: 'CHICKEN TIKKA MASALA', voided: true },
      { date: tomorrow, time: '20:00:00', item: 'CHICKEN TIKKA MASALA', net: 16.95 }, // after the closing count
    ]
    await ok(importCsv(squareCsv(lunch), 'pos=Square&dry_run=false'))
  }, 60_000)

  test('the default window is approval to approval: the lunch sale counts, the ones before and after do not', async () => {
    const report = await ok(env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}`, { token: manager }))
    expect(report).toMatchObject({ sales_from: saleDay, sales_to: saleDay, sales_lines: 1, no_sales: null, food_sales: 33.9 })
    expect(report.sales_from_at).toBe(report.opening_count.approved_at)
    expect(report.sales_to_at).toBe(report.closing_count.approved_at)
  })

  test('the API takes the window the UI shows (local date and time), and a whole day', async () => {
    const shown = `sales_from=${saleDay}T09:00&sales_to=${saleDay}T17:00`
    const same = await ok(env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}&${shown}`, { token: manager }))
    expect(same).toMatchObject({ sales_lines: 1, food_sales: 33.9 })
    const wholeDay = await ok(env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${saleDay}&sales_to=${saleDay}`, { token: manager }))
    expect(wholeDay).toMatchObject({ sales_lines: 3, food_sales: 67.8 })
    const avt = await ok(env.call('GET', `/api/reports/avt?opening_count_id=${opening}&closing_count_id=${closing}&${shown}`, { token: manager }))
    expect(avt.sales_lines).toBe(1)
  })

  test('a window with no sales says so plainly; a window ending before it starts is refused', async () => {
    const empty = await ok(env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${saleDay}T13:00&sales_to=${saleDay}T14:00`, { token: manager }))
    expect(empty).toMatchObject({ sales_lines: 0, food_sales: 0, no_sales: `No sales recorded between ${saleDay} 13:00 and ${saleDay} 14:00` })
    const backwards = await env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${saleDay}T14:00&sales_to=${saleDay}T13:00`, { token: manager })
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toBe('The sales window ends before it starts: sales_to must be after sales_from')
    const junk = await env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${saleDay}T25:00`, { token: manager })
    expect(junk.status).toBe(400)
  })
})

test('an older database keeps its sales and mappings through the till migration: a mapping made before applies to every till', async () => {
  const { MIGRATIONS } = await import('../../db/migrations')
  const { migrate } = await import('../../db/open')
  const before = MIGRATIONS.findIndex((m) => m.name.endsWith('_sales_till'))
  const old = await makeTestEnv({}, (db) => {
    migrate(db, MIGRATIONS.slice(0, before))
    db.run(`INSERT INTO sales_mappings (code, recipe_id, updated_at) VALUES ('GC', NULL, '2026-01-01T00:00:00.000Z')`)
    db.run(`INSERT INTO sales_lines (date_from, date_to, code, name, quantity, net_sales, source, created_at) VALUES ('2026-01-02', '2026-01-02', 'GC', 'Gift card', 100, 5000, 'IMPORT', '2026-01-02T00:00:00.000Z')`)
  })
  try {
    const token = (await old.userOf('Manager')).token
    const lines = (await old.call('GET', '/api/sales/2026-01-02', { token })).body.data
    expect(lines).toEqual([expect.objectContaining({ code: 'GC', status: 'IGNORED', quantity: 1 })])
    expect((await old.call('GET', '/api/sales/mappings', { token })).body.data).toEqual([expect.objectContaining({ pos: '', code: 'GC', recipe_id: null })])
    const csv = 'date,code,quantity,net_sales\n2026-01-03,GC,1,50\n'
    const r = await old.call('POST', '/api/sales/import?pos=Square', { token, body: csv, headers: { 'content-type': 'text/csv' } })
    expect(r.body.data.lines[0].status).toBe('IGNORED')
  } finally {
    old.close()
  }
})
