import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BARCODE_MSG } from '../../contract/barcodes'
import { MIGRATIONS } from '../../db/migrations'
import { migrate } from '../../db/open'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

const NOW = new Date('2026-11-23T12:00:00Z')
let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv({ clock: () => NOW })
  manager = await env.userOf('Manager')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const resolve = (raw: string, token = manager.token) => env.call('POST', '/api/barcodes/resolve', { token, body: { raw } })
const addCode = (itemId: number, code: string, pack_id: number | null = null, token = manager.token) =>
  env.call('POST', `/api/items/${itemId}/barcodes`, { token, body: { code, pack_id } })

describe('an item’s codes', () => {
  test('UPC-A and EAN-13 of one product resolve to the same item; the barcode field reads the unit code', async () => {
    const item = await b.makeItem({ name: 'Coke 330ml', barcode: '036000291452' })
    expect(item.barcode).toBe('00036000291452')
    for (const raw of ['036000291452', '0036000291452', '00036000291452']) {
      const res = await resolve(raw)
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ code: '00036000291452', gtin: '00036000291452', item: { id: item.id, name: 'Coke 330ml' }, pack: null })
    }
    const list = await env.call('GET', `/api/items/${item.id}/barcodes`, { token: manager.token })
    expect(list.body.data).toEqual([expect.objectContaining({ code: '00036000291452', gtin: '00036000291452', pack_id: null })])
  })

  test('a wrong check digit is a 400 naming the expected digit, and nothing is stored', async () => {
    const item = await b.makeItem()
    const res = await addCode(item.id, '4006381333932')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Invalid check digit: expected 1')
    expect((await resolve('4006381333932')).body.message).toBe('Invalid check digit: expected 1')
    const put = await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { barcode: '4006381333932' } })
    expect(put.status).toBe(400)
    expect(put.body.message).toBe('barcode: Invalid check digit: expected 1')
    expect((await env.call('GET', `/api/items/${item.id}/barcodes`, { token: manager.token })).body.data).toEqual([])
  })

  test('a code on another item is a 409 naming that item (added, or set through the barcode field)', async () => {
    const beer = await b.makeItem({ name: 'Mosi Lager', barcode: '4006381333931' })
    const wine = await b.makeItem({ name: 'House Red' })
    const res = await addCode(wine.id, '4006381333931')
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(BARCODE_MSG.taken('Mosi Lager'))
    expect((await env.call('PUT', `/api/items/${wine.id}`, { token: manager.token, body: { barcode: '4006381333931' } })).status).toBe(409)
    expect((await addCode(beer.id, '04006381333931')).body.message).toBe(BARCODE_MSG.takenHere)
  })

  test('an unknown code resolves to no item, then once linked it is found; deleting unlinks it', async () => {
    const item = await b.makeItem({ name: 'Rump steak' })
    const before = await resolve('SUP-RUMP-01')
    expect(before.body.data).toEqual({ code: 'SUP-RUMP-01', gtin: null, gs1: null, item: null, pack: null, suggestion: null })
    const added = await addCode(item.id, '  SUP-RUMP-01 ')
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ code: 'SUP-RUMP-01', gtin: null, item_id: item.id })
    expect((await resolve('SUP-RUMP-01')).body.data.item).toMatchObject({ id: item.id, name: 'Rump steak' })
    // the first unit code becomes the item's barcode field
    expect((await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data.barcode).toBe('SUP-RUMP-01')
    const del = await env.call('DELETE', `/api/items/${item.id}/barcodes?code=SUP-RUMP-01`, { token: manager.token })
    expect(del.status).toBe(200)
    expect((await resolve('SUP-RUMP-01')).body.data.item).toBeNull()
    expect((await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data.barcode).toBeNull()
    expect((await env.call('DELETE', `/api/items/${item.id}/barcodes?code=SUP-RUMP-01`, { token: manager.token })).status).toBe(404)
  })

  test('changing the barcode field replaces the unit code; other codes stay', async () => {
    const item = await b.makeItem({ barcode: '036000291452' })
    await addCode(item.id, 'HOUSE-7')
    await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { barcode: '4006381333931' } })
    const codes = (await env.call('GET', `/api/items/${item.id}/barcodes`, { token: manager.token })).body.data.map((c: { code: string }) => c.code)
    expect(codes.sort()).toEqual(['04006381333931', 'HOUSE-7'])
    expect((await resolve('036000291452')).body.data.item).toBeNull()
  })

  test('GS1 case labels resolve to the GTIN’s item with expiry, lot and weight', async () => {
    const item = await b.makeItem({ name: 'Hake fillet', barcode: '09506000134352' })
    for (const raw of ['(01)09506000134352(17)261231(10)ABC', ']C101095060001343521726123110ABC', '010950600013435210ABC\x1D17261231', '010950600013435210ABC<GS>17261231']) {
      const res = await resolve(raw)
      expect(res.status).toBe(200)
      expect(res.body.data.item.id).toBe(item.id)
      expect(res.body.data.gs1).toMatchObject({ gtin: '09506000134352', expiry: '2026-12-31', lot: 'ABC' })
    }
    const weighed = await resolve('(01)09506000134352(3103)001250(15)270200')
    expect(weighed.body.data.gs1).toMatchObject({ net_kg: 1.25, net_kg_text: '1.250', best_before: '2027-02-28' })
    expect((await resolve('(01)09506000134353')).status).toBe(400)
  })

  test('a GTIN-14 case code is never taken for a pack: the unit item is only suggested', async () => {
    const item = await b.makeItem({ name: 'Tonic water', barcode: '00012345000010' })
    const res = await resolve('10012345000017')
    expect(res.body.data.item).toBeNull()
    expect(res.body.data.suggestion).toMatchObject({ item_id: item.id, item_name: 'Tonic water', inner_gtin: '00012345000010' })
  })

  test('a case code linked to a pack resolves to the item and the pack; a pack of another item is refused; a removed pack takes its codes', async () => {
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const made = await env.call('POST', '/api/items', {
      token: manager.token,
      body: { name: 'Mosi 750ml', category_id: cat.id, supplier_id: sup.id, unit: 'L', cost_price: 20, packs: [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] },
    })
    const item = made.body.data
    const kase = item.packs.find((p: { name: string }) => p.name === 'case')
    const other = await b.makeItem()
    expect((await addCode(other.id, '10012345000017', kase.id)).body.message).toBe(BARCODE_MSG.packNotOnItem)
    const added = await addCode(item.id, '10012345000017', kase.id)
    expect(added.body.data).toMatchObject({ code: '10012345000017', pack_id: kase.id, pack_name: 'case' })
    expect((await resolve('10012345000017')).body.data).toMatchObject({ item: { id: item.id }, pack: { id: kase.id, name: 'case', size: 9 } })
    // the barcode field stays the unit code: a pack code is not it
    expect((await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data.barcode).toBeNull()
    await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { packs: [{ name: 'bottle', size: 0.75 }] } })
    expect((await resolve('10012345000017')).body.data.item).toBeNull()
  })

  test('RIMS labels for items without a code (RIMS-<id>) resolve to the item', async () => {
    const item = await b.makeItem({ name: 'Salt' })
    expect((await resolve(`RIMS-${item.id}`)).body.data.item).toMatchObject({ id: item.id })
  })

  test('roles: everyone reads and resolves; a Chef cannot add codes', async () => {
    const item = await b.makeItem()
    const chef = await env.userOf('Chef')
    const keeper = await env.userOf('Storekeeper')
    expect((await env.call('GET', `/api/items/${item.id}/barcodes`, { token: chef.token })).status).toBe(200)
    expect((await resolve('HOUSE-1', chef.token)).status).toBe(200)
    expect((await addCode(item.id, 'HOUSE-1', null, chef.token)).status).toBe(403)
    expect((await addCode(item.id, 'HOUSE-1', null, keeper.token)).status).toBe(201)
    expect((await env.call('DELETE', `/api/items/${item.id}/barcodes?code=HOUSE-1`, { token: chef.token })).status).toBe(403)
    expect((await addCode(9999, 'HOUSE-2')).status).toBe(404)
  })
})

describe('migration 0013', () => {
  test('existing barcodes move into item_barcodes: GTINs as 14 digits, others as they were', () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'rims-bc-')), 'm.db'))
    db.exec('PRAGMA foreign_keys = ON')
    const before = MIGRATIONS.findIndex((m) => m.name === '0013_barcodes')
    migrate(db, MIGRATIONS.slice(0, before))
    db.exec(`INSERT INTO categories (name, created_at, updated_at) VALUES ('c', 'x', 'x');
      INSERT INTO suppliers (name, created_at, updated_at) VALUES ('s', 'x', 'x')`)
    const add = (name: string, barcode: string | null) =>
      db.query(`INSERT INTO items (name, barcode, category_id, supplier_id, unit, cost_price, current_quantity, min_stock_level, is_active, created_at, updated_at)
        VALUES (?, ?, 1, 1, 'kg', 0, 0, 0, 1, 'x', 'x')`).run(name, barcode)
    add('upc', '036000291452')
    add('same product', '0036000291452')
    add('bad check', '4006381333932')
    add('house', ' HOUSE-9 ')
    add('none', null)
    migrate(db, MIGRATIONS.slice(0, before + 1))
    expect(db.query('SELECT item_id, code FROM item_barcodes ORDER BY item_id').all()).toEqual([
      { item_id: 1, code: '00036000291452' },
      { item_id: 3, code: '4006381333932' },
      { item_id: 4, code: 'HOUSE-9' },
    ])
    expect(db.query('SELECT barcode FROM items ORDER BY id').all().map((r: any) => r.barcode)).toEqual(['00036000291452', '0036000291452', '4006381333932', 'HOUSE-9', null])
  })
})
