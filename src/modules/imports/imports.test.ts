import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../cli/demo'
import { runDoctor } from '../../cli/doctor'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

const fixture = (name: string) => readFileSync(join(import.meta.dir, 'fixtures', name), 'utf8')

let env: TestEnv
let manager: { id: number; token: string }

beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

const importCsv = (kind: string, csv: string | Uint8Array, query = 'dry_run=true', token = manager.token) =>
  env.call('POST', `/api/imports/${kind}?${query}`, { token, body: csv as string, headers: { 'content-type': 'text/csv; charset=utf-8' } })
const exportCsv = async (path: string, token = manager.token) => {
  const res = await env.app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }))
  // Response.text() would drop the BOM the test wants to see.
  return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) }
}
const count = (sql: string) => (env.deps.db.query(sql).get() as { n: number }).n
/** The stored row, its cost per unit in cents as these tests write them (stored in 1/100,000 since migration 0015). */
const itemByName = (name: string) => {
  const row = env.deps.db.query('SELECT * FROM items WHERE name = ?').get(name) as Record<string, any> | null
  return row && ({ ...row, cost_price: row.cost_e5 / 1000 } as Record<string, any>)
}
const doctorClean = () => expect(runDoctor(env.deps.db).results.filter((r) => r.problems.length)).toEqual([])

describe('items import', () => {
  test('export then import of the demo data reports every row unchanged', async () => {
    // The demo seeds only an empty database: a fresh one, signed in as the demo's Manager.
    env.close()
    env = await makeTestEnv()
    expect(await seedDemo(env.deps)).toBe(true)
    const demoManager = DEMO_ACCOUNTS.find((a) => a.role === 'Manager')!
    const login = await env.call('POST', '/api/auth/login', { body: { email: demoManager.email, password: DEMO_PASSWORD } })
    manager = { id: login.body.data.user.id, token: login.body.data.token }
    const exported = await exportCsv('/api/items/export.csv')
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toContain('text/csv')
    expect(exported.text.charCodeAt(0)).toBe(0xfeff)
    expect(exported.text.split('\r\n')[0]).toBe('\uFEFF"sku","name","barcode","category","supplier","unit","cost_price","min_stock_level","par_level","order_pack","expiry_date","current_quantity","storage_area"')
    const active = count('SELECT count(*) AS n FROM items WHERE is_active = 1')
    expect(active).toBeGreaterThan(10)
    for (const query of ['dry_run=true', 'dry_run=false', 'dry_run=false&set_quantity=true']) {
      const res = await importCsv('items', exported.text, query)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ create: 0, update: 0, unchanged: active, warnings: [], errors: [] })
    }
  }, 60_000)

  test('a size in the unit cell (issue 32): "750ml" is L with a pack "750 ml" of 0.75, the amounts per pack; an existing item is not rewritten', async () => {
    const csv = 'name,unit,cost_price,min_stock_level,current_quantity\r\nHouse red,750ml,90,2,3\r\nHouse white,750 ml,60,,\r\nMilk,1.5L,30,,2\r\nRice,500 g,12,,4\r\nOil,liters,40,,1\r\n'
    const res = await importCsv('items', csv, 'dry_run=false')
    expect(res.body.data).toMatchObject({ create: 5, errors: [] })
    const red = itemByName('House red')!
    expect(red).toMatchObject({ unit: 'L', cost_e5: 12_000_000, min_stock_level: 150, current_quantity: 225 })
    const packs = (name: string) => env.deps.db.query('SELECT p.name, p.size FROM item_packs p JOIN items i ON i.id = p.item_id WHERE i.name = ?').all(name)
    expect(packs('House red')).toEqual([{ name: '750 ml', size: 75 }])
    expect(packs('House white')).toEqual([{ name: '750 ml', size: 75 }])
    expect(itemByName('Milk')).toMatchObject({ unit: 'L', cost_e5: 2_000_000, current_quantity: 300 })
    expect(packs('Milk')).toEqual([{ name: '1.5 L', size: 150 }])
    expect(itemByName('Rice')).toMatchObject({ unit: 'kg', cost_e5: 2_400_000, current_quantity: 200 })
    expect(itemByName('Oil')).toMatchObject({ unit: 'liters' }) // a unit as written, read as L wherever it converts
    // The count sheet's expected line reads in L and the pack, never "3 750ml".
    const shown = await env.call('GET', `/api/items/${red.id}`, { token: manager.token })
    expect(shown.body.data).toMatchObject({ unit: 'L', current_quantity: 2.25, packs: [{ name: '750 ml', size: 0.75 }] })
    // 1.5 bottles of 750 ml would be 1.125 L: refused, never rounded; an existing item's unit is not rewritten by a size.
    const bad = await importCsv('items', 'name,unit,current_quantity\r\nRose,750ml,1.5\r\nHouse red,750ml,\r\n', 'dry_run=true')
    expect(bad.body.data.errors.map((e: any) => [e.row, e.column, e.message])).toEqual([
      [2, 'current_quantity', 'current_quantity: 1.5 × 750 ml is 1.125 L, more than 2 decimals'],
      [3, 'unit', '“750ml” is a size, not a unit: House red is kept in L; write its unit and add a pack “750 ml” of 0.75 L on the item\'s page'],
    ])
  })

  test('a formula-looking name survives the round trip (exported with a guard, imported without it)', async () => {
    const b = stockBuilders(env, manager.token)
    await b.makeItem({ name: '=SUM(A1) sauce', quantity: 2 })
    await b.makeItem({ name: '-40 freezer bags' })
    const exported = await exportCsv('/api/items/export.csv')
    expect(exported.text).toContain(`"'=SUM(A1) sauce"`)
    expect(exported.text).toContain(`"'-40 freezer bags"`)
    const res = await importCsv('items', exported.text)
    expect(res.body.data).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: [] })
  })

  test('a LibreOffice file with semicolons and decimal commas', async () => {
    const dry = await importCsv('items', fixture('libreoffice-semicolons.csv'))
    expect(dry.status).toBe(200)
    expect(dry.body.data.errors).toEqual([])
    expect(dry.body.data).toMatchObject({ create: 4, update: 0, unchanged: 0 })
    expect(dry.body.data.warnings).toContain('Categories to create: "Vegetables", "Dry goods", "Drinks"')
    expect(count('SELECT count(*) AS n FROM items')).toBe(0)
    const real = await importCsv('items', fixture('libreoffice-semicolons.csv'), 'dry_run=false')
    expect(real.status).toBe(200)
    expect(real.body.message).toBe('Imported: 4 created, 0 updated, 0 unchanged')
    expect(itemByName('Tomatoes (fresh)')).toMatchObject({ unit: 'kg', cost_price: 1250, min_stock_level: 500, current_quantity: 2050, expiry_date: '2027-01-15' })
    expect(itemByName('Flour; bread "00"')).toMatchObject({ cost_price: 123456, current_quantity: 75 })
    expect(itemByName('Cooking oil 5 L')).toMatchObject({ cost_price: 18990, expiry_date: null })
    expect(count("SELECT count(*) AS n FROM categories WHERE name IN ('Vegetables', 'Dry goods', 'Drinks')")).toBe(3)
    expect(count("SELECT count(*) AS n FROM suppliers WHERE name = 'Lusaka Wholesale'")).toBe(1)
  })

  test('BOM and no BOM read the same', async () => {
    const withBom = fixture('excel-bom.csv')
    expect(withBom.charCodeAt(0)).toBe(0xfeff)
    const a = await importCsv('items', withBom)
    const b = await importCsv('items', fixture('no-bom.csv'))
    expect(a.body.data).toEqual(b.body.data)
    expect(a.body.data).toMatchObject({ create: 2, errors: [], warnings: ['Categories to create: "Meat"', 'Suppliers to create: "Zambeef"'] })
    await importCsv('items', withBom, 'dry_run=false')
    expect(itemByName('Beef mince')).toMatchObject({ sku: 'BEEF-1', barcode: '06009000000021', cost_price: 8500, current_quantity: 1250, expiry_date: '2026-12-01' })
    // The barcode is the item's unit code: a scan of the printed EAN-13 finds the imported item.
    const scanned = await env.call('POST', '/api/barcodes/resolve', { token: manager.token, body: { raw: '6009000000021' } })
    expect(scanned.body.data.item).toMatchObject({ name: 'Beef mince' })
    // A code another item holds as a pack's code is refused on its row, not silently left unlinked.
    const beef = itemByName('Beef mince')!
    await env.call('PUT', `/api/items/${beef.id}`, { token: manager.token, body: { packs: [{ name: 'case', size: 10 }] } })
    const caseId = (await env.call('GET', `/api/items/${beef.id}`, { token: manager.token })).body.data.packs[0].id
    expect((await env.call('POST', `/api/items/${beef.id}/barcodes`, { token: manager.token, body: { code: '96009000000024', pack_id: caseId } })).status).toBe(201)
    const clash = await importCsv('items', 'name,unit,barcode\nLamb chops,kg,96009000000024\n')
    expect(clash.body.data.errors).toEqual([{ row: 2, column: 'barcode', value: '96009000000024', message: 'An item with this barcode already exists ("Beef mince")' }])
    // The other file now matches every row by sku.
    expect((await importCsv('items', fixture('no-bom.csv'))).body.data).toMatchObject({ create: 0, update: 0, unchanged: 2 })
  })

  test('shuffled and partial columns: defaults fill what is missing, a later partial file changes only its columns', async () => {
    const res = await importCsv('items', fixture('shuffled-partial.csv'), 'dry_run=false')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ create: 2, errors: [] })
    expect(res.body.data.warnings).toEqual(['Categories created: "Uncategorised"', 'Suppliers created: "Unknown supplier"'])
    expect(itemByName('Garlic')).toMatchObject({ unit: 'kg', cost_price: 5550, current_quantity: 225, min_stock_level: 0 })
    const partial = await importCsv('items', 'NAME,min stock level\r\ngarlic,1.5\r\nOnions,0\r\n', 'dry_run=false')
    expect(partial.body.data).toMatchObject({ create: 0, update: 1, unchanged: 1 })
    expect(itemByName('Garlic')).toMatchObject({ min_stock_level: 150, cost_price: 5550, current_quantity: 225 })
  })

  test('tab-separated files and a supplier sheet whose headers are mapped by hand', async () => {
    const tabbed = await importCsv('items', 'name\tunit\tcost_price\nSalt\tkg\t8,5\n')
    expect(tabbed.body.data).toMatchObject({ create: 1, errors: [] })
    const map = encodeURIComponent(JSON.stringify({ supc: 'sku', brand: '' }))
    const res = await importCsv('items', fixture('supplier-order-lines.csv'), `dry_run=false&map=${map}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ create: 3, errors: [] })
    expect(res.body.data.warnings).toContain('Column "pack_size" is not known and was ignored')
    expect(res.body.data.warnings.join(' ')).not.toContain('brand')
    expect(itemByName('Potato Fry 5/16" Beer Extra Long')).toMatchObject({ sku: '1423726', unit: 'CS', cost_price: 4120, current_quantity: 200 })
  })

  test('each error kind names its row, column, value and what is wrong', async () => {
    await stockBuilders(env, manager.token).makeItem({ name: 'Taken', barcode: '123' })
    const res = await importCsv('items', fixture('errors.csv'))
    expect(res.status).toBe(200)
    const errors = res.body.data.errors
    expect(errors).toContainEqual({ row: 3, column: 'name', value: '', message: 'name is required for a new item' })
    expect(errors).toContainEqual({ row: 4, column: 'cost_price', value: '12.5x', message: 'cost_price must be a number' })
    expect(errors).toContainEqual({ row: 5, column: 'expiry_date', value: '01/02/2027', message: 'expiry_date must be a date (YYYY-MM-DD)' })
    expect(errors).toContainEqual({ row: 6, column: 'cost_price', value: '10.123456', message: 'cost_price must have at most 5 decimal places' })
    expect(errors).toContainEqual({ row: 7, column: 'min_stock_level', value: '-1', message: 'min_stock_level must be at least 0' })
    expect(errors).toContainEqual({ row: 8, column: 'unit', value: '', message: 'unit is required for a new item' })
    expect(errors).toContainEqual({ row: 9, column: 'sku', value: 'GOOD-1', message: 'Row 2 has the same sku' })
    expect(res.body.data.warnings).toContain('Column "Colour" is not known and was ignored')
    expect(res.body.data).toMatchObject({ create: 1 })
    // Against stored items, the value ceiling, and a quote that never closes.
    await importCsv('items', 'sku,name,unit\nOTHER-1,Other,kg\n', 'dry_run=false')
    const more = await importCsv('items', 'sku,name,unit,barcode,cost_price,current_quantity\nOTHER-1,Other,kg,123,1,\n,Too much,kg,,100000000,2000\n,"Broken ""quote,kg,,1,\n')
    expect(more.body.data.errors).toContainEqual({ row: 2, column: 'barcode', value: '123', message: 'An item with this barcode already exists ("Taken")' })
    expect(more.body.data.errors).toContainEqual({
      row: 3,
      column: 'current_quantity',
      value: '2000',
      message: "current_quantity is too large: one item's stock may be worth at most 100,000,000,000 (cost_price × quantity)",
    })
    expect(more.body.data.errors.some((e: { row: number; message: string }) => e.row === 4 && e.message.includes('quote'))).toBe(true)
    // A file with no way to match or create an item.
    const keyless = await importCsv('items', 'unit,cost_price\nkg,1\n')
    expect(keyless.body.data.errors).toEqual([{ row: 1, column: '', value: 'unit,cost_price', message: 'The file needs a name, sku or barcode column to match or create items' }])
  })

  test('a file with one bad row writes nothing', async () => {
    const before = { items: count('SELECT count(*) AS n FROM items'), categories: count('SELECT count(*) AS n FROM categories'), audit: count('SELECT count(*) AS n FROM audit_log') }
    const csv = 'name,unit,category,cost_price,current_quantity\nA,kg,New cat,1,5\nB,kg,New cat,1,5\nC,kg,New cat,abc,5\n'
    const res = await importCsv('items', csv, 'dry_run=false')
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toBe('Nothing was imported: the file has 1 error. Fix it and try again.')
    expect(res.body.data.errors).toEqual([{ row: 4, column: 'cost_price', value: 'abc', message: 'cost_price must be a number' }])
    expect({ items: count('SELECT count(*) AS n FROM items'), categories: count('SELECT count(*) AS n FROM categories'), audit: count('SELECT count(*) AS n FROM audit_log') }).toEqual(before)
    expect(count('SELECT count(*) AS n FROM stock_movements')).toBe(0)
  })

  test('opening stock posts IN rows, set_quantity=true posts COUNT rows with the difference, and the doctor stays clean', async () => {
    await importCsv('items', 'sku,name,unit,cost_price,current_quantity\nA-1,Apples,kg,3,10\nB-1,Bananas,kg,2,0\n', 'dry_run=false')
    const opening = env.deps.db.query("SELECT type, quantity, remarks, source_type, user_id FROM stock_movements").all()
    expect(opening).toEqual([{ type: 'IN', quantity: 1000, remarks: 'Opening stock', source_type: 'OPENING', user_id: manager.id }])
    doctorClean()
    // Without set_quantity a different quantity is ignored, with a warning.
    const ignored = await importCsv('items', 'sku,current_quantity\nA-1,7\nB-1,0\n', 'dry_run=false')
    expect(ignored.body.data).toMatchObject({ update: 0, unchanged: 2 })
    expect(ignored.body.data.warnings).toEqual(['current_quantity differs on 1 existing item and was ignored; import with set_quantity=true to record it as a stock count'])
    expect(itemByName('Apples')!.current_quantity).toBe(1000)
    const counted = await importCsv('items', 'sku,current_quantity\nA-1,7\nB-1,2.5\n', 'dry_run=false&set_quantity=true')
    expect(counted.body.data).toMatchObject({ update: 2, unchanged: 0, errors: [] })
    const counts = env.deps.db.query("SELECT item_id, type, quantity, source_type FROM stock_movements WHERE source_type = 'COUNT' ORDER BY id").all()
    expect(counts).toEqual([
      { item_id: itemByName('Apples')!.id, type: 'ADJUSTMENT', quantity: -300, source_type: 'COUNT' },
      { item_id: itemByName('Bananas')!.id, type: 'ADJUSTMENT', quantity: 250, source_type: 'COUNT' },
    ])
    expect(itemByName('Apples')!.current_quantity).toBe(700)
    doctorClean()
    const audit = env.deps.db.query("SELECT user_id, action, entity, details FROM audit_log WHERE action = 'import' ORDER BY id").all() as { details: string }[]
    expect(audit).toHaveLength(3)
    expect(JSON.parse(audit[2].details)).toMatchObject({ create: 0, update: 2, unchanged: 0, count_rows: 2, opening_rows: 0, set_quantity: true })
  })

  test('5,000 rows import in one transaction with one audit row', async () => {
    const lines = ['sku,name,category,supplier,unit,cost_price,min_stock_level,current_quantity']
    for (let i = 0; i < 5000; i++) lines.push(`SKU-${i},Item ${i},Category ${i % 20},Supplier ${i % 7},kg,${(i % 500) + 0.25},${i % 10},${i % 3 === 0 ? 0 : i % 50}`)
    const csv = lines.join('\n')
    const dry = await importCsv('items', csv)
    expect(dry.body.data).toMatchObject({ create: 5000, errors: [] })
    // Everything or nothing: a bad last row leaves no item behind.
    const refused = await importCsv('items', csv + '\nSKU-X,Item X,C,S,kg,oops,0,0', 'dry_run=false')
    expect(refused.status).toBe(400)
    expect(count('SELECT count(*) AS n FROM items')).toBe(0)
    const started = performance.now()
    const res = await importCsv('items', csv, 'dry_run=false')
    const ms = performance.now() - started
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ create: 5000, update: 0, unchanged: 0 })
    expect(count('SELECT count(*) AS n FROM items')).toBe(5000)
    expect(count("SELECT count(*) AS n FROM stock_movements WHERE source_type = 'OPENING'")).toBe(lines.slice(1).filter((l) => !l.endsWith(',0')).length)
    expect(count("SELECT count(*) AS n FROM audit_log WHERE action = 'import'")).toBe(1)
    doctorClean()
    expect(ms).toBeLessThan(30_000)
    // And the re-import finds nothing to do.
    expect((await importCsv('items', csv)).body.data).toMatchObject({ create: 0, update: 0, unchanged: 5000 })
  }, 120_000)

  test('the template has the headers and two example rows that import', async () => {
    const t = await exportCsv('/api/imports/items/template.csv')
    expect(t.status).toBe(200)
    expect(t.headers.get('content-disposition')).toContain('items-template.csv')
    const lines = t.text.trim().split('\r\n')
    expect(lines).toHaveLength(3)
    const res = await importCsv('items', t.text, 'dry_run=false')
    expect(res.body.data).toMatchObject({ create: 2, errors: [] })
    expect(itemByName('Cooking oil 5 L')).toMatchObject({ cost_price: 18950, current_quantity: 1050 })
  })

  test('the columns route lists what the wizard matches headers against', async () => {
    const res = await env.call('GET', '/api/imports/items/columns', { token: manager.token })
    expect(res.body.data.map((c: { field: string }) => c.field)).toEqual(['sku', 'name', 'barcode', 'category', 'supplier', 'unit', 'cost_price', 'min_stock_level', 'par_level', 'order_pack', 'expiry_date', 'current_quantity', 'partial_quantity', 'storage_area'])
    expect(res.body.data.filter((c: { required_for_new: boolean }) => c.required_for_new).map((c: { field: string }) => c.field)).toEqual(['name', 'unit'])
    expect((await env.call('GET', '/api/imports/widgets/columns', { token: manager.token })).status).toBe(400)
  })
})

describe('the body rules', () => {
  test('text/csv only on the import routes; JSON and 1 MiB stay the rule elsewhere; 5 MB at most; UTF-8 only', async () => {
    const csvElsewhere = await env.call('POST', '/api/categories', { token: manager.token, body: 'name\nX', headers: { 'content-type': 'text/csv' } })
    expect(csvElsewhere.status).toBe(400)
    expect(csvElsewhere.body.message).toBe('The request body must be JSON (Content-Type: application/json)')
    const jsonToImport = await env.call('POST', '/api/imports/items', { token: manager.token, body: { name: 'x' } })
    expect(jsonToImport.status).toBe(400)
    expect(jsonToImport.body.message).toBe('The file must be sent as text/csv')
    const big = 'name,unit\n' + 'x'.repeat(2 * 1024 * 1024)
    const body = JSON.stringify({ name: big })
    expect((await env.call('POST', '/api/categories', { token: manager.token, body, headers: { 'content-length': String(body.length) } })).status).toBe(413)
    const tooBig = await importCsv('items', 'name,unit\n' + 'Rice,kg\n'.repeat(700_000))
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.message).toBe('The file is too large (5 MB at most)')
    const latin1 = new Uint8Array([...new TextEncoder().encode('name,unit\nCr'), 0xe8, ...new TextEncoder().encode('me,l\n')])
    const res = await env.app.handle(
      new Request('http://localhost/api/imports/items?dry_run=true', { method: 'POST', headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/csv' }, body: latin1 }),
    )
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toContain('not UTF-8')
    const empty = await importCsv('items', 'name,unit\n')
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('The file is empty: it needs a header row and at least one row')
    const badQuery = await importCsv('items', 'name,unit\nA,kg\n', 'dry_run=maybe')
    expect(badQuery.body.message).toBe('dry_run must be true or false')
  })
})

describe('suppliers and categories', () => {
  test('import, export and a round trip to zero changes', async () => {
    const suppliers = 'Name;Contact person;E-mail;Phone;Address\nZambeef;Mrs Banda;orders@zambeef.example;+260 211 000000;Plot 1, Lusaka\n"Soweto Market";;;;\n'
    const res = await importCsv('suppliers', suppliers, 'dry_run=false')
    expect(res.body.data).toMatchObject({ create: 2, errors: [] })
    const bad = await importCsv('suppliers', 'name,email\nX,not-an-email\n')
    expect(bad.body.data.errors).toEqual([{ row: 2, column: 'email', value: 'not-an-email', message: 'email must be a valid email address' }])
    const out = await exportCsv('/api/suppliers/export.csv')
    expect(out.text.split('\r\n')[0]).toBe('\uFEFF"name","contact_person","email","phone","address","tax_id"')
    expect(out.text).toContain(`"'+260 211 000000"`)
    expect((await importCsv('suppliers', out.text)).body.data).toEqual({ create: 0, update: 0, unchanged: 2, warnings: [], errors: [] })
    const changed = await importCsv('suppliers', 'name,phone\nzambeef,\n', 'dry_run=false')
    expect(changed.body.data).toMatchObject({ update: 1 })
    expect((env.deps.db.query("SELECT phone FROM suppliers WHERE name = 'Zambeef'").get() as { phone: string | null }).phone).toBeNull()

    const cats = await importCsv('categories', 'name,description\nDairy,Milk and cheese\nDAIRY,again\n')
    expect(cats.body.data.errors).toEqual([{ row: 3, column: 'name', value: 'DAIRY', message: 'Row 2 has the same name' }])
    await importCsv('categories', 'name,description\nDairy,Milk and cheese\nFish,\n', 'dry_run=false')
    const catOut = await exportCsv('/api/categories/export.csv')
    expect((await importCsv('categories', catOut.text)).body.data).toEqual({ create: 0, update: 0, unchanged: 2, warnings: [], errors: [] })
    expect(count("SELECT count(*) AS n FROM audit_log WHERE action = 'import'")).toBe(3)
  })

  test('a supplier’s tax id: imported under its own or a VAT header, checked as the API checks it, exported and read back unchanged', async () => {
    const res = await importCsv('suppliers', 'name,VAT number\nTaxed Foods, ZM 1002 345 678 \nNo Tax Ltd,\n', 'dry_run=false')
    expect(res.body.data).toMatchObject({ create: 2, errors: [] })
    const taxOf = (name: string) => (env.deps.db.query('SELECT tax_id FROM suppliers WHERE name = $name').get({ name }) as { tax_id: string | null }).tax_id
    expect(taxOf('Taxed Foods')).toBe('ZM 1002 345 678')
    expect(taxOf('No Tax Ltd')).toBeNull()
    const long = await importCsv('suppliers', `name,tax_id\nLong Ltd,${'1'.repeat(51)}\n`, 'dry_run=false')
    expect(long.body.data.errors).toEqual([{ row: 2, column: 'tax_id', value: '1'.repeat(51), message: 'tax_id must be at most 50 characters' }])
    expect(count("SELECT count(*) AS n FROM suppliers WHERE name = 'Long Ltd'")).toBe(0)
    const out = await exportCsv('/api/suppliers/export.csv')
    expect(out.text).toContain('"Taxed Foods","","","","","ZM 1002 345 678"')
    expect((await importCsv('suppliers', out.text)).body.data).toMatchObject({ create: 0, update: 0, errors: [] })
    // The same id through the API reads back the same: one rule for both.
    const api = await env.call('GET', '/api/suppliers?limit=100', { token: manager.token })
    expect(api.body.data.find((s: { name: string }) => s.name === 'Taxed Foods').tax_id).toBe('ZM 1002 345 678')
    const cleared = await importCsv('suppliers', 'name,tax_id\nTaxed Foods,\n', 'dry_run=false')
    expect(cleared.body.data).toMatchObject({ update: 1 })
    expect(taxOf('Taxed Foods')).toBeNull()
  })
})

describe('bulk edit', () => {
  test('200 items in one transaction and one audit row naming the count and fields', async () => {
    const b = stockBuilders(env, manager.token)
    const cat = await b.makeCategory({ name: 'Target' })
    const lines = ['name,unit,cost_price,current_quantity']
    for (let i = 0; i < 200; i++) lines.push(`Bulk ${i},kg,1,${i % 5}`)
    await importCsv('items', lines.join('\n'), 'dry_run=false')
    const ids = (env.deps.db.query("SELECT id FROM items WHERE name LIKE 'Bulk %'").all() as { id: number }[]).map((r) => r.id)
    expect(ids).toHaveLength(200)
    const auditBefore = count('SELECT count(*) AS n FROM audit_log')
    const res = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: ids, set: { category_id: cat.id, min_stock_level: 2.5 } } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, data: { updated: 200, fields: ['category_id', 'min_stock_level'] }, message: '200 items updated' })
    expect(count(`SELECT count(*) AS n FROM items WHERE category_id = ${cat.id} AND min_stock_level = 250`)).toBe(200)
    expect(count('SELECT count(*) AS n FROM audit_log')).toBe(auditBefore + 1)
    const row = env.deps.db.query("SELECT user_id, details FROM audit_log WHERE action = 'bulk_edit'").get() as { user_id: number; details: string }
    expect(row.user_id).toBe(manager.id)
    expect(JSON.parse(row.details)).toMatchObject({ count: 200, fields: ['category_id', 'min_stock_level'] })
    // Low-stock alerts follow the new minimum.
    expect(count("SELECT count(*) AS n FROM alerts WHERE type = 'LOW_STOCK' AND resolved_at IS NULL")).toBeGreaterThan(0)
    doctorClean()
  })

  test('any unknown id refuses the whole request and names the ids', async () => {
    const b = stockBuilders(env, manager.token)
    const item = await b.makeItem({ min: 1 })
    const res = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [item.id, 9998, 9999], set: { min_stock_level: 7 } } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Unknown item ids: 9998, 9999. Nothing was changed.')
    expect(itemByName(item.name)!.min_stock_level).toBe(100)
    const noSet = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [item.id], set: {} } })
    expect(noSet.body.message).toBe('set must name at least one of category_id, supplier_id, min_stock_level, par_level, is_active')
    const badCat = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [item.id], set: { category_id: 999 } } })
    expect(badCat.body.message).toBe('category_id does not match an existing category')
    const off = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [item.id], set: { is_active: false } } })
    expect(off.status).toBe(200)
    expect(itemByName(item.name)!.is_active).toBe(0)
  })
})

describe('par levels for many items (issue 32)', () => {
  test('bulk edit sets one par level on every ticked item, null clears it; a bad one changes nothing', async () => {
    const b = stockBuilders(env, manager.token)
    const a = await b.makeItem({ name: 'Rice' })
    const c = await b.makeItem({ name: 'Beans' })
    const res = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [a.id, c.id], set: { par_level: 12.5 } } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ data: { updated: 2, fields: ['par_level'] }, message: '2 items updated' })
    expect([itemByName('Rice')!.par_level, itemByName('Beans')!.par_level]).toEqual([1250, 1250])
    const audit = env.deps.db.query("SELECT details FROM audit_log WHERE action = 'bulk_edit'").get() as { details: string }
    expect(JSON.parse(audit.details)).toMatchObject({ fields: ['par_level'], set: { par_level: 12.5 } })
    for (const bad of [-1, 1.234, 'ten']) {
      const refused = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [a.id, c.id], set: { par_level: bad } } })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/^par_level /)
    }
    expect(itemByName('Rice')!.par_level).toBe(1250)
    const cleared = await env.call('PATCH', '/api/items/bulk', { token: manager.token, body: { item_ids: [a.id], set: { par_level: null } } })
    expect(cleared.status).toBe(200)
    expect([itemByName('Rice')!.par_level, itemByName('Beans')!.par_level]).toEqual([null, 1250])
    // A Storekeeper cannot bulk edit (Manager only, as before).
    const store = await env.userOf('Storekeeper')
    expect((await env.call('PATCH', '/api/items/bulk', { token: store.token, body: { item_ids: [a.id], set: { par_level: 3 } } })).status).toBe(403)
    expect(itemByName('Rice')!.par_level).toBeNull()
  })

  test('par_level is an items import column: created, updated, exported, a blank keeps it, a bad cell changes nothing', async () => {
    const first = await importCsv('items', 'name,unit,cost_price,par,current_quantity\nFlour,kg,1.5,25,3\nSalt,kg,1,,2', 'dry_run=false')
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ create: 2, errors: [] })
    expect(itemByName('Flour')!.par_level).toBe(2500)
    expect(itemByName('Salt')!.par_level).toBeNull()
    const update = await importCsv('items', 'name,par_level\nFlour,\nSalt,4.5', 'dry_run=false')
    expect(update.body.data).toMatchObject({ update: 1, unchanged: 1, errors: [] })
    expect([itemByName('Flour')!.par_level, itemByName('Salt')!.par_level]).toEqual([2500, 450])
    const bad = await importCsv('items', 'name,par_level\nFlour,-2\nSalt,9', 'dry_run=false')
    expect(bad.status).toBe(400)
    expect(bad.body.data.errors).toContainEqual({ row: 2, column: 'par_level', value: '-2', message: 'par_level must be at least 0' })
    expect([itemByName('Flour')!.par_level, itemByName('Salt')!.par_level]).toEqual([2500, 450])
    const exported = await exportCsv('/api/items/export.csv')
    expect(exported.text.split('\r\n').find((l) => l.includes('"Flour"'))).toContain('"0","25","",""')
    const again = await importCsv('items', exported.text, 'dry_run=true')
    expect(again.body.data).toMatchObject({ create: 0, update: 0, unchanged: 2 })
    // A file without the column keeps every par level, also on the rows it changes.
    const other = await importCsv('items', 'name,min_stock_level\nFlour,4\nSalt,1', 'dry_run=false')
    expect(other.body.data).toMatchObject({ update: 2, errors: [] })
    expect([itemByName('Flour')!.par_level, itemByName('Salt')!.par_level]).toEqual([2500, 450])
    // The suggestions see the imported par: 25 kg par, 3 on hand → 22 kg.
    const sugg = await env.call('GET', '/api/purchasing/suggestions', { token: manager.token })
    expect(sugg.body.data.flatMap((g: { lines: unknown[] }) => g.lines)).toContainEqual(expect.objectContaining({ item_name: 'Flour', suggested_quantity: 22 }))
  })
})

describe('order pack column (issue 32)', () => {
  test('order_pack names one of the item\'s packs (any case); unknown names and new items are refused and change nothing', async () => {
    const b = stockBuilders(env, manager.token)
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const oil = (await env.call('POST', '/api/items', { token: manager.token, body: { name: 'Oil', category_id: cat.id, supplier_id: sup.id, unit: 'L', cost_price: 2, par_level: 18, packs: [{ name: 'case', size: 9 }, { name: 'bottle', size: 0.75 }] } })).body.data
    const ok = await importCsv('items', 'name,order_pack\nOil,Case', 'dry_run=false')
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ update: 1, errors: [] })
    expect(itemByName('Oil')!.order_pack_id).toBe(oil.packs[0].id)
    const same = await importCsv('items', 'name,order_pack\nOil,CASE', 'dry_run=true')
    expect(same.body.data).toMatchObject({ update: 0, unchanged: 1 })
    const bad = await importCsv('items', 'name,unit,order_pack\nOil,,crate\nNew thing,kg,bag', 'dry_run=false')
    expect(bad.status).toBe(400)
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: 'order_pack', value: 'crate', message: 'order_pack "crate" is not one of the packs of Oil' },
      { row: 3, column: 'order_pack', value: 'bag', message: 'order_pack cannot be set on a new item: add its packs first, then import the order pack' },
    ])
    expect(itemByName('Oil')!.order_pack_id).toBe(oil.packs[0].id)
    expect(itemByName('New thing')).toBeNull()
    const exported = await exportCsv('/api/items/export.csv')
    expect(exported.text.split('\r\n').find((l) => l.includes('"Oil"'))).toContain('"18","case"')
    const back = await importCsv('items', 'name,order_pack\nOil,bottle', 'dry_run=false')
    expect(back.body.data).toMatchObject({ update: 1, errors: [] })
    const sugg = await env.call('GET', '/api/purchasing/suggestions', { token: manager.token })
    expect(sugg.body.data[0].lines[0]).toMatchObject({ item_id: oil.id, pack: { name: 'bottle', size: 0.75 }, suggested_packs: 24 })
  })
})

describe('sku', () => {
  test('optional, unique whatever its case, at most 64 characters', async () => {
    const b = stockBuilders(env, manager.token)
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const base = { category_id: cat.id, supplier_id: sup.id, unit: 'kg', cost_price: 1 }
    const a = await env.call('POST', '/api/items', { token: manager.token, body: { ...base, name: 'A', sku: ' ab-1 ' } })
    expect(a.status).toBe(201)
    expect(a.body.data.sku).toBe('ab-1')
    const dup = await env.call('POST', '/api/items', { token: manager.token, body: { ...base, name: 'B', sku: 'AB-1' } })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('An item with this SKU already exists')
    const long = await env.call('POST', '/api/items', { token: manager.token, body: { ...base, name: 'C', sku: 'x'.repeat(65) } })
    expect(long.body.message).toBe('sku must be at most 64 characters')
    const none = await env.call('POST', '/api/items', { token: manager.token, body: { ...base, name: 'D' } })
    expect(none.body.data.sku).toBeNull()
    const cleared = await env.call('PUT', `/api/items/${a.body.data.id}`, { token: manager.token, body: { sku: '' } })
    expect(cleared.body.data.sku).toBeNull()
  })
})
