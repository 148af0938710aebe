import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { BARCODE_MSG, gtinCheckDigit } from '../../contract/barcodes'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { LEGACY, legacyName, seedLegacyBarcodes } from '../../test/legacy-barcodes'

// Issue 29 (5): RIMS 0.1 never checked check digits, so most of its codes have wrong ones. After the
// upgrade they are kept as they were, marked unchecked: found by a scan, never blocking an item's save or
// the re-import of an export; a new code still has to be right.

let env: TestEnv
let token: string
beforeEach(async () => {
  env = await makeTestEnv({ clock: () => new Date('2026-11-26T10:00:00Z') }, seedLegacyBarcodes)
  token = (await env.userOf('Manager')).token
})
afterEach(() => env.close())

const ITEMS = LEGACY.bad.length + 1 + LEGACY.without
const expectedDigit = (code: string) => gtinCheckDigit(code.slice(0, -1))
const items = async () => (await env.call('GET', '/api/items?limit=100&sort=name', { token })).body.data as any[]
const itemNamed = async (i: number) => (await items()).find((it) => it.name === legacyName(i))
const codes = () => env.deps.db.query('SELECT item_id, code, checked FROM item_barcodes ORDER BY item_id').all() as { item_id: number; code: string; checked: number }[]
const importCsv = (csv: string, query: string) =>
  env.call('POST', `/api/imports/items?${query}`, { token, body: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } })
const exportItems = async () =>
  (await env.app.handle(new Request('http://localhost/api/items/export.csv', { headers: { authorization: `Bearer ${token}` } }))).text()

/** The item form's body: every field it shows, as GET /items/{id} gave them. */
const formBody = (it: any) => ({
  name: it.name, barcode: it.barcode, sku: it.sku, category_id: it.category_id, supplier_id: it.supplier_id, unit: it.unit,
  cost_price: it.cost_price, min_stock_level: it.min_stock_level, expiry_date: it.expiry_date, packs: it.packs,
  par_level: it.par_level, supplier_code: it.supplier_code, order_pack_id: it.order_pack_id,
})

describe('codes saved before check digits were checked (upgrade from 0.1)', () => {
  test('the upgrade keeps the 30 wrong codes as they were, marked unchecked; the right one is a GTIN-14', () => {
    const stored = codes()
    expect(stored).toHaveLength(31)
    expect(stored.filter((c) => c.checked === 0).map((c) => c.code)).toEqual([...LEGACY.bad])
    expect(stored.filter((c) => c.checked === 1).map((c) => c.code)).toEqual([LEGACY.good.padStart(14, '0')])
  })

  test('the API says which codes are unchecked: the item (barcode_checked) and its code list (checked)', async () => {
    const list = await items()
    expect(list).toHaveLength(ITEMS)
    const byName = new Map(list.map((it) => [it.name, it]))
    LEGACY.bad.forEach((code, i) => expect(byName.get(legacyName(i))).toMatchObject({ barcode: code, barcode_checked: false }))
    expect(byName.get(legacyName(LEGACY.bad.length))).toMatchObject({ barcode: LEGACY.good.padStart(14, '0'), barcode_checked: true })
    expect(byName.get(legacyName(LEGACY.bad.length + 1))).toMatchObject({ barcode: null, barcode_checked: true })
    const first = byName.get(legacyName(0))
    expect((await env.call('GET', `/api/items/${first.id}`, { token })).body.data.barcode_checked).toBe(false)
    const own = await env.call('GET', `/api/items/${first.id}/barcodes`, { token })
    expect(own.body.data).toEqual([expect.objectContaining({ code: LEGACY.bad[0], checked: false, gtin: null })])
  })

  test('every item saves unchanged from the item form (PUT /items/{id}), and its code stays as it was', async () => {
    for (const it of await items()) {
      const res = await env.call('PUT', `/api/items/${it.id}`, { token, body: formBody(it) })
      expect({ name: it.name, status: res.status, message: res.body.message }).toEqual({ name: it.name, status: 200, message: expect.any(String) })
      expect(res.body.data).toMatchObject({ barcode: it.barcode, barcode_checked: it.barcode_checked })
    }
    expect(codes().filter((c) => c.checked === 0)).toHaveLength(30)
  }, 60_000)

  test('bulk edit of every item goes through', async () => {
    const ids = (await items()).map((it) => it.id)
    const res = await env.call('PATCH', '/api/items/bulk', { token, body: { item_ids: ids, set: { min_stock_level: 3 } } })
    expect(res.status).toBe(200)
    expect(res.body.data.updated).toBe(ITEMS)
  })

  test('export → re-import: every row unchanged, 0 errors (dry run and real), the codes untouched', async () => {
    const csv = await exportItems()
    for (const code of LEGACY.bad) expect(csv).toContain(`"${code}"`)
    for (const query of ['dry_run=true', 'dry_run=false']) {
      const res = await importCsv(csv, query)
      expect(res.body.data).toEqual({ create: 0, update: 0, unchanged: ITEMS, warnings: [], errors: [] })
      expect(res.status).toBe(200)
    }
    expect(codes().filter((c) => c.checked === 0).map((c) => c.code)).toEqual([...LEGACY.bad])
  })

  test('a scan finds an unchecked code exactly', async () => {
    for (const [i, code] of LEGACY.bad.entries()) {
      const res = await env.call('POST', '/api/barcodes/resolve', { token, body: { raw: code } })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ code, gtin: null, item: { name: legacyName(i) } })
    }
  })

  test('a new wrong code is still refused with the check-digit message, and nothing changes', async () => {
    const it = await itemNamed(0)
    const other = LEGACY.bad[1]
    const fresh = '2009000' + '77777' + ((expectedDigit('200900077777' + '0') + 3) % 10)
    for (const code of [fresh, other]) {
      const res = await env.call('PUT', `/api/items/${it.id}`, { token, body: { ...formBody(it), barcode: code } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(`barcode: ${BARCODE_MSG.checkDigit(expectedDigit(code))}`)
    }
    const created = await env.call('POST', '/api/items', { token, body: { ...formBody(it), name: 'New item', barcode: fresh } })
    expect(created.status).toBe(400)
    expect(created.body.message).toBe(`barcode: ${BARCODE_MSG.checkDigit(expectedDigit(fresh))}`)
    expect((await itemNamed(0)).barcode).toBe(LEGACY.bad[0])
    expect((await items()).some((x) => x.name === 'New item')).toBe(false)

    // In a CSV too: a legacy item's code changed to another wrong one is an error on that cell.
    const csv = (await exportItems()).replace(`"${LEGACY.bad[0]}"`, `"${fresh}"`)
    const res = await importCsv(csv, 'dry_run=false')
    expect(res.status).toBe(400)
    expect(res.body.data.errors).toEqual([expect.objectContaining({ column: 'barcode', value: fresh, message: `barcode: ${BARCODE_MSG.checkDigit(expectedDigit(fresh))}` })])
  })

  test('corrected from the package, the code is checked like any other', async () => {
    const it = await itemNamed(0)
    const right = LEGACY.bad[0].slice(0, -1) + expectedDigit(LEGACY.bad[0])
    const res = await env.call('PUT', `/api/items/${it.id}`, { token, body: { ...formBody(it), barcode: right } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ barcode: right.padStart(14, '0'), barcode_checked: true })
    expect(codes().find((c) => c.item_id === it.id)).toEqual({ item_id: it.id, code: right.padStart(14, '0'), checked: 1 })
    // Once corrected, the old wrong code is new again: refused.
    const back = await env.call('PUT', `/api/items/${it.id}`, { token, body: { barcode: LEGACY.bad[0] } })
    expect(back.status).toBe(400)
  })
})
