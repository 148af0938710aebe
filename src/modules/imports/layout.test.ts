import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError } from '../../lib/errors'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'
import { ITEM_COLUMNS } from './items'

// Issue 32.7: the files restaurants have. A hand-kept bottle count (brand, item and size in three columns, a header
// written twice) and a supplier's order lines (a code repeated in every order, prices with three decimals).

const fixture = (name: string) => readFileSync(join(import.meta.dir, 'fixtures', name), 'utf8')

let env: TestEnv
let manager: { id: number; token: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

const importCsv = (csv: string, query: Record<string, unknown>) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
  return env.call('POST', `/api/imports/items?${q}`, { token: manager.token, body: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } })
}
const item = (name: string) => env.deps.db.query('SELECT * FROM items WHERE name = ?').get(name) as Record<string, any> | null
const packs = (id: number) => env.deps.db.query('SELECT name, size FROM item_packs WHERE item_id = ?').all(id)
const areasOf = (id: number) =>
  (env.deps.db.query('SELECT a.name FROM storage_area_items ai JOIN storage_areas a ON a.id = ai.area_id WHERE ai.item_id = ? ORDER BY a.name').all(id) as { name: string }[]).map((r) => r.name)

// Columns of bottle-count.csv: A Brand, B Item, C Type, D ABV, E Size, F Location 1, G Full bottles, H Partial, I Location 2, J Full bottles, K Partial, L Cost.
const BOTTLES = {
  name: { columns: [0, 1, 4] },
  unit: { columns: [4] },
  current_quantity: { columns: [6, 9] },
  partial_quantity: { columns: [7] },
  storage_area: { columns: [5] },
  cost_price: { columns: [11] },
  category: { value: 'Spirits' },
}

describe('a bottle count sheet', () => {
  test('brand + item + size build the name, the size makes a pack, both "Full bottles" columns add up, partials and the area are read', async () => {
    const dry = await importCsv(fixture('bottle-count.csv'), { dry_run: 'true', layout: BOTTLES })
    expect(dry.status).toBe(200)
    expect(dry.body.data.errors).toEqual([])
    expect(dry.body.data.create).toBe(4)
    expect(dry.body.data.warnings).toContain('Storage areas to create: "Back bar"')
    expect(dry.body.data.warnings).toContain('Column "ABV" is not known and was ignored')

    const res = await importCsv(fixture('bottle-count.csv'), { dry_run: 'false', layout: BOTTLES })
    expect(res.status).toBe(200)
    // One product in two sizes is two items, not a duplicate.
    const rye = item('Old Cooper Straight Rye 750ml')!
    expect(rye).toMatchObject({ unit: 'L', category_id: expect.any(Number) })
    expect(packs(rye.id)).toEqual([{ name: '750 ml', size: 75 }])
    // (4 + 6) bottles of 0.75 L = 7.5 L, plus half a bottle = 0.375 → 0.38 L (a partial is an estimate, rounded).
    expect(rye.current_quantity).toBe(788)
    expect(rye.cost_e5).toBe(4_000_000) // 30 a bottle = 40.00 per L
    expect(item('Old Cooper Straight Rye 1000ml')).toMatchObject({ unit: 'L', current_quantity: 100 })
    // Trailing spaces in a part never reach the name.
    expect(item('Harbour Mist Single Malt 12 750ml')).toMatchObject({ current_quantity: 173 })
    expect(item('Harbour Mist Single Malt 12 50ml')).toMatchObject({ current_quantity: 40 })
    expect(areasOf(rye.id)).toEqual(['Back bar'])
    expect(res.body.data.warnings).toContain('Storage areas created: "Back bar"')
    expect(res.body.data.warnings.some((w: string) => w.startsWith('2 partial amounts rounded'))).toBe(true)
    const cat = env.deps.db.query('SELECT c.name FROM items i JOIN categories c ON c.id = i.category_id WHERE i.id = ?').get(rye.id) as { name: string }
    expect(cat.name).toBe('Spirits')

    // The same file again: every row unchanged (the area is already the item's).
    const again = await importCsv(fixture('bottle-count.csv'), { dry_run: 'true', layout: { name: BOTTLES.name, storage_area: BOTTLES.storage_area } })
    expect(again.body.data).toMatchObject({ create: 0, update: 0, unchanged: 4, errors: [] })
  })

  test('a repeated header: one of its columns is read when the layout names it; without a layout the repeat is said', async () => {
    const onlyCellar = { ...BOTTLES, current_quantity: { columns: [9] }, partial_quantity: { columns: [10] } }
    const res = await importCsv(fixture('bottle-count.csv'), { dry_run: 'false', layout: onlyCellar })
    expect(res.status).toBe(200)
    expect(item('Old Cooper Straight Rye 750ml')!.current_quantity).toBe(450)
    const plain = await importCsv('name,unit,Full bottles,Full bottles\nGin,bottle,1,2\n', { dry_run: 'true' })
    expect(plain.body.data.warnings).toContain('Column "Full bottles" appears twice; only the first one is read')
  })

  test('a bad layout is refused naming the field or the column, and nothing is written', async () => {
    const res = await importCsv(fixture('bottle-count.csv'), { dry_run: 'false', layout: { name: { columns: [0, 40] }, colour: { value: 'red' }, unit: { value: 'bottle' } } })
    expect(res.status).toBe(400)
    expect(res.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'layout names column AO, but the file has 12 columns',
      'layout names "colour", which is not a column of this import',
      'The file needs a name, sku or barcode column to match or create items',
    ])
    expect((await importCsv('name\nx\n', { layout: '{"name":{"columns":[]}}' })).status).toBe(400)
    expect(item('Old Cooper Straight Rye 750ml')).toBeNull()
  })
})

describe("a supplier's order lines", () => {
  const MAP = { supc: 'sku', order_number: '', order_date: '', pack_size: '', brand: '' }

  test('repeated codes are errors by default; "last" keeps the last line, "sum" adds the quantities; prices are rounded to the cent when asked', async () => {
    const refused = await importCsv(fixture('supplier-repeats.csv'), { dry_run: 'true', map: MAP })
    expect(refused.body.data.errors.map((e: { row: number; message: string }) => `${e.row} ${e.message}`)).toEqual(['4 Row 2 has the same sku', '6 Row 2 has the same sku'])

    const last = await importCsv(fixture('supplier-repeats.csv'), { dry_run: 'true', map: MAP, repeats: 'last', round_prices: 'true' })
    expect(last.body.data).toMatchObject({ create: 3, errors: [] })
    expect(last.body.data.warnings).toContain('4 prices rounded to the cent')
    expect(last.body.data.warnings).toContain('2 repeated rows for 1 item: the last row of each was kept')

    const sum = await importCsv(fixture('supplier-repeats.csv'), { dry_run: 'false', map: MAP, repeats: 'sum', round_prices: 'true' })
    expect(sum.status).toBe(200)
    expect(sum.body.data.warnings).toContain('2 repeated rows for 1 item: quantities added up, the other columns read from the last row')
    // 2 + 3 + 1 cases; the last line's price 32.005 → 32.01 (half up).
    expect(item('Tomato Diced Canned')).toMatchObject({ sku: '5550001', unit: 'CS', current_quantity: 600, cost_e5: 3_201_000 })
    expect(item('Butter Solid Unsalted 1" block')).toMatchObject({ cost_e5: 530_000 })
  })

  test('without round_prices a price keeps its three decimals (a cost per unit takes five)', async () => {
    const res = await importCsv(fixture('supplier-repeats.csv'), { dry_run: 'false', map: MAP, repeats: 'last' })
    expect(res.status).toBe(200)
    expect(res.body.data.warnings.some((w: string) => w.includes('rounded'))).toBe(false)
    expect(item('Butter Solid Unsalted 1" block')).toMatchObject({ cost_e5: 529_900 })
    expect(item('Tomato Diced Canned')).toMatchObject({ current_quantity: 100, cost_e5: 3_200_500 })
  })
})

describe('known defects', () => {
  test("an import that changes an item's cost tells the cost listeners (the recipes' food-cost check), with the old cost", async () => {
    const b = stockBuilders(env, manager.token)
    const heard: { itemIds: readonly number[]; old: number | undefined }[] = []
    env.deps.stockEvents.subscribe({ costsChanged: (_db, c) => heard.push({ itemIds: c.itemIds, old: c.oldCosts?.get(c.itemIds[0]) }) })
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const oil = (await env.call('POST', '/api/items', { token: manager.token, body: { name: 'Oil', category_id: cat.id, supplier_id: sup.id, unit: 'L', cost_price: 2 } })).body.data
    heard.length = 0
    expect((await importCsv('name,cost_price\nOil,2.5\n', { dry_run: 'false' })).status).toBe(200)
    expect(heard).toEqual([{ itemIds: [oil.id], old: 200_000 }])
    expect((await importCsv('name,cost_price,min_stock_level\nOil,2.5,3\n', { dry_run: 'false' })).status).toBe(200)
    expect(heard).toHaveLength(1)
  })

  test('an order pack deleted after the file was checked is a clear 409, never a 500', () => {
    const write = ITEM_COLUMNS.find((c) => c.field === 'order_pack')!.write!
    let thrown: unknown
    try {
      write(env.deps.db, 1, 'crate', new Date().toISOString())
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(AppError)
    expect((thrown as AppError).message).toContain('“crate”')
    expect((thrown as AppError & { status: number }).status).toBe(409)
  })
})
