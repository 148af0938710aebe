import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'

let env: TestEnv
let manager: string
let pasta: { id: number }
let salad: { id: number }
beforeAll(async () => {
  env = await makeTestEnv()
  manager = (await env.userOf('Manager')).token
  const b = recipeBuilders(env, manager)
  const flour = await b.item('Pasta', 'kg', 2.5)
  pasta = await b.recipe({ name: 'Pasta plate', kind: 'MENU', menu_price: 5, sales_code: 'P01', lines: [{ item_id: flour.id, quantity: 100, unit: 'g' }] })
  salad = await b.recipe({ name: 'Green salad', kind: 'MENU', menu_price: 4, lines: [] })
}, 60_000)
afterAll(() => env.close())

const importCsv = (csv: string, query = 'dry_run=false') =>
  env.call('POST', `/api/sales/import?${query}`, { token: manager, body: csv, headers: { 'content-type': 'text/csv' } })
const day = async (date: string) => (await env.call('GET', `/api/sales/${date}`, { token: manager })).body.data

test('rows of one code and day are summed (P01 ×60 and ×40 → 100); an unknown code is listed as unmapped; a dry run saves nothing', async () => {
  const csv = 'net_sales,quantity,code,name,date\n300.00,60,P01,Pasta,2026-03-01\n200,40,P01,Pasta,2026-03-01\n"$1,000.50",3,GC,Gift card,2026-03-01\n'
  const dry = await importCsv(csv, 'dry_run=true')
  expect(dry.status).toBe(200)
  expect(dry.body.data).toMatchObject({ dry_run: true, rows_read: 3, dates: ['2026-03-01'], replaced: 0 })
  expect(dry.body.data.lines).toContainEqual(expect.objectContaining({ code: 'P01', quantity: 100, net_sales: 500, rows: 2, status: 'MAPPED', recipe_id: pasta.id }))
  expect(dry.body.data.unmapped).toEqual([{ code: 'GC', name: 'Gift card', quantity: 3, net_sales: 1000.5, rows: 1 }])
  expect(await day('2026-03-01')).toEqual([])

  const saved = await importCsv(csv)
  expect(saved.status).toBe(200)
  expect(saved.body.message).toBe('Imported 2 sales lines over 1 day')
  expect((await day('2026-03-01')).map((l: any) => [l.code, l.quantity, l.status])).toEqual([
    ['P01', 100, 'MAPPED'],
    ['GC', 3, 'UNMAPPED'],
  ])
  expect((await env.call('GET', '/api/sales/unmapped', { token: manager })).body.data.map((u: any) => u.code)).toEqual(['GC'])
})

test('a code mapped to "ignore" or to a dish leaves the unmapped list; the stored lines follow the mapping', async () => {
  const ignore = await env.call('PUT', '/api/sales/mappings', { token: manager, body: { code: 'gc', recipe_id: null } })
  expect(ignore.status).toBe(200)
  expect((await env.call('GET', '/api/sales/unmapped', { token: manager })).body.data).toEqual([])
  expect((await day('2026-03-01')).find((l: any) => l.code === 'GC').status).toBe('IGNORED')
  await importCsv('date,code,name,qty,net sales\n2026-03-02,SAL,Salad,5,20\n')
  expect((await env.call('PUT', '/api/sales/mappings', { token: manager, body: { code: 'SAL', recipe_id: salad.id } })).status).toBe(200)
  expect((await day('2026-03-02'))[0]).toMatchObject({ code: 'SAL', recipe_id: salad.id, recipe_name: 'Green salad', status: 'MAPPED' })
  const notMenu = await env.call('PUT', '/api/sales/mappings', { token: manager, body: { code: 'X', recipe_id: 999999 } })
  expect(notMenu.status).toBe(400)
  expect((await env.call('GET', '/api/sales/mappings', { token: manager })).body.data.map((m: any) => m.code)).toEqual(['gc', 'SAL'])
})

test("re-importing the same dates replaces those dates' sales; other dates stay", async () => {
  const again = await importCsv('date,code,quantity,net_sales\n2026-03-01,P01,7,35\n')
  expect(again.body.data.replaced).toBe(2)
  expect((await day('2026-03-01')).map((l: any) => [l.code, l.quantity])).toEqual([['P01', 7]])
  expect((await day('2026-03-02')).length).toBe(1)
})

test('a whole-period export without dates takes from/to; a day of the grid replaces that day', async () => {
  const period = await importCsv('Item Name,Count,Amount\nPasta plate,12,"$60.00"\n', 'dry_run=false&from=2026-02-01&to=2026-02-28')
  expect(period.status).toBe(200)
  expect(period.body.data.lines[0]).toMatchObject({ date_from: '2026-02-01', date_to: '2026-02-28', code: 'Pasta plate', status: 'UNMAPPED' })
  const grid = await env.call('PUT', '/api/sales/2026-03-01', { token: manager, body: { lines: [{ recipe_id: pasta.id, quantity: 10, net_sales: 50 }, { recipe_id: pasta.id, quantity: 2, net_sales: 10 }] } })
  expect(grid.status).toBe(200)
  expect(grid.body.data).toEqual([expect.objectContaining({ recipe_id: pasta.id, quantity: 12, net_sales: 60, source: 'MANUAL', status: 'MAPPED' })])
})

test('a bad row refuses the whole file naming the row; a CSV body is refused on any other route', async () => {
  const bad = await importCsv('date,code,quantity,net_sales\n2026-04-01,P01,2,10\n2026-04-01,P01,two,10\n')
  expect(bad.status).toBe(400)
  expect(bad.body.message).toBe('Row 3: quantity must be a number with at most 2 decimals, got "two"')
  expect(await day('2026-04-01')).toEqual([])
  expect((await importCsv('date,code,quantity\n2026-04-01,P01,2\n')).body.message).toBe('The file needs a net_sales (or net sales) column')
  expect((await importCsv('code,quantity,net_sales\nP01,2,10\n')).status).toBe(400)
  expect((await importCsv('date,code,quantity,net_sales\n04/01/2026,P01,2,10\n')).body.message).toBe('Row 2: date must be a date (YYYY-MM-DD), got "04/01/2026"')
  const json = await env.call('POST', '/api/sales/import?dry_run=true', { token: manager, body: { csv: 'x' } })
  expect(json.status).toBe(400)
  expect(json.body.message).toBe('Send the sales as CSV (Content-Type: text/csv)')
  const elsewhere = await env.call('POST', '/api/recipes', { token: manager, body: 'name,kind\nA,MENU\n', headers: { 'content-type': 'text/csv' } })
  expect(elsewhere.status).toBe(400)
  expect(elsewhere.body.message).toBe('The request body must be JSON (Content-Type: application/json)')
})

test('sales never move stock', async () => {
  const items = (await env.call('GET', '/api/items', { token: manager })).body.data
  expect(items.every((i: any) => i.current_quantity === 0)).toBe(true)
  const moves = (await env.call('GET', '/api/stock-movements', { token: manager })).body.meta.total
  expect(moves).toBe(0)
})
