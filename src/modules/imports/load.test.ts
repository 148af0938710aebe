import { afterEach, beforeEach, expect, test } from 'bun:test'
import { IMPORT_MSG, MAX_IMPORT_ROWS } from '../../contract/imports'
import { makeTestEnv, type TestEnv } from '../../test/harness'

// Issue 29: an import never stops other requests, and stays all or nothing as seen from outside.

let env: TestEnv
let manager: { id: number; token: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

const itemsCsv = (n: number, extra = '') => {
  const lines = ['sku,name,category,supplier,unit,cost_price,min_stock_level,current_quantity']
  for (let i = 0; i < n; i++) lines.push(`SKU-${i},Item ${i},Category ${i % 20},Supplier ${i % 7},kg,${(i % 500) + 0.25},${i % 10},${i % 3 === 0 ? 0 : i % 50}`)
  return lines.join('\n') + '\n' + extra
}
const post = (csv: string, query: string) =>
  env.app.handle(new Request(`http://localhost/api/imports/items?${query}`, { method: 'POST', headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/csv' }, body: csv }))
const count = (table: string) => (env.deps.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
const everything = () => ({ items: count('items'), categories: count('categories'), suppliers: count('suppliers'), movements: count('stock_movements'), alerts: count('alerts'), audit: count('audit_log'), barcodes: count('item_barcodes') })
// A request from another client arrives through the event loop (a timer here), never in the middle of a running task.
const health = async () => {
  await Bun.sleep(1)
  return (await env.app.handle(new Request('http://localhost/api/health'))).status
}

test('a file over the row limit is refused first, naming the limit and its row count, and changes nothing', async () => {
  const before = everything()
  const lines = ['name,unit']
  for (let i = 0; i < 100_000; i++) lines.push(`Item ${i},kg`)
  for (const query of ['dry_run=true', 'dry_run=false']) {
    const res = await post(lines.join('\n'), query)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { success: boolean; message: string }
    expect(body).toMatchObject({ success: false, message: IMPORT_MSG.tooManyRows(100_000) })
    expect(body.message).toBe('The file has 100,000 rows; an import takes at most 20,000. Split it into files of 20,000 rows or fewer.')
  }
  expect(everything()).toEqual(before)
  // Exactly the limit is fine (blank rows do not count).
  expect((await post(itemsCsv(MAX_IMPORT_ROWS) + ',,,,\n', 'dry_run=true')).status).toBe(200)
}, 60_000)

test('while an import of many rows is checked and written, other requests are answered before it finishes', async () => {
  for (const query of ['dry_run=true', 'dry_run=false']) {
    let finished = false
    const importing = post(itemsCsv(8000), query).then(async (res) => ((finished = true), res))
    let answeredMeanwhile = 0
    while (!finished) if ((await health()) === 200 && !finished) answeredMeanwhile++
    expect((await importing).status).toBe(200)
    expect({ query, answeredMeanwhile: answeredMeanwhile >= 20 }).toEqual({ query, answeredMeanwhile: true })
  }
  expect(count('items')).toBe(8000)
}, 120_000)

test('a second import while one runs gets 409 and changes nothing', async () => {
  const big = itemsCsv(8000)
  let first: Promise<Response> = Promise.resolve(new Response(null, { status: 409 }))
  let refused: Response | null = null
  // Another Storekeeper's file (a dry run, so that one sent before the first began changes nothing either). On a busy
  // box one of those can be inside the lock when the big file arrives: then the big one was the second, and is sent again.
  for (let attempt = 0; attempt < 5 && !refused && (await first).status === 409; attempt++) {
    let finished = false
    first = post(big, 'dry_run=false').then((res) => ((finished = true), res))
    while (!finished && !refused) {
      await Bun.sleep(1)
      const res = await post('name,unit\nSalt,kg\n', 'dry_run=true')
      if (res.status === 409) refused = res
    }
  }
  expect(refused?.status).toBe(409)
  expect(((await refused!.json()) as { message: string }).message).toBe(IMPORT_MSG.busy)
  expect((await first).status).toBe(200)
  expect(count("items WHERE name = 'Salt'")).toBe(0)
  // Once it has finished, the next one runs.
  expect((await post('name,unit\nSalt,kg\n', 'dry_run=false')).status).toBe(200)
  expect(count("items WHERE name = 'Salt'")).toBe(1)
}, 120_000)

test('an item created while the file is checked is seen: its row updates it instead of creating a second one', async () => {
  const importing = post(itemsCsv(8000), 'dry_run=false')
  await health()
  const cat = await env.call('POST', '/api/categories', { token: manager.token, body: { name: 'Elsewhere' } })
  const sup = await env.call('POST', '/api/suppliers', { token: manager.token, body: { name: 'Someone' } })
  const made = await env.call('POST', '/api/items', { token: manager.token, body: { name: 'Made meanwhile', sku: 'SKU-7999', unit: 'kg', cost_price: 1, category_id: cat.body.data.id, supplier_id: sup.body.data.id } })
  expect(made.status).toBe(201)
  const res = await importing
  expect(res.status).toBe(200)
  expect(((await res.json()) as { data: unknown }).data).toMatchObject({ create: 7999, update: 1, unchanged: 0, errors: [] })
  expect(count('items')).toBe(8000)
  expect(env.deps.db.query("SELECT name FROM items WHERE sku = 'SKU-7999'").all()).toEqual([{ name: 'Item 7999' }])
}, 120_000)

test('a failure in the middle of the write leaves nothing behind, and the next import runs', async () => {
  const before = everything()
  env.deps.db.exec(`CREATE TEMP TRIGGER fail_midway BEFORE INSERT ON main.stock_movements WHEN NEW.item_id = (SELECT max(id) FROM main.items) AND (SELECT count(*) FROM main.items) > 5000
    BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`)
  const res = await post(itemsCsv(6000), 'dry_run=false')
  expect(res.status).toBe(500)
  expect(everything()).toEqual(before)
  env.deps.db.exec('DROP TRIGGER fail_midway')
  const again = await post(itemsCsv(6000), 'dry_run=false')
  expect(again.status).toBe(200)
  expect(count('items')).toBe(6000)
  expect(count("audit_log WHERE action = 'import'")).toBe(1)
}, 120_000)
