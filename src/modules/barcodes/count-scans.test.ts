import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { SCAN_MSG } from '../../contract/barcodes'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

let env: TestEnv
let keeper: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
let wine: { id: number; packs: { id: number; name: string }[] }
let salt: { id: number }
let areaId: number
let countId: number

const call = (method: string, path: string, body?: unknown) => env.call(method, path, { token: keeper.token, body })
const scan = (raw: string, scan_id: string, area_id = areaId) => call('POST', `/api/stock-counts/${countId}/scans`, { area_id, raw, scan_id })
const lineOf = async (itemId: number) => ((await call('GET', `/api/stock-counts/${countId}`)).body.data.lines as { item_id: number; counted: number | null; found: boolean }[]).find((l) => l.item_id === itemId)

beforeEach(async () => {
  env = await makeTestEnv()
  const manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  b = stockBuilders(env, manager.token)
  const cat = await b.makeCategory()
  const sup = await b.makeSupplier()
  wine = (
    await env.call('POST', '/api/items', {
      token: manager.token,
      body: { name: 'House Red', category_id: cat.id, supplier_id: sup.id, unit: 'L', cost_price: 80, current_quantity: 27, barcode: '4006381333931', packs: [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] },
    })
  ).body.data
  salt = await b.makeItem({ name: 'Salt', unit: 'kg', barcode: '036000291452' })
  const kase = wine.packs.find((p) => p.name === 'case')!
  expect((await call('POST', `/api/items/${wine.id}/barcodes`, { code: '10012345000017', pack_id: kase.id })).status).toBe(201)
  areaId = (await call('POST', '/api/storage-areas', { name: 'Cellar' })).body.data.id
  await call('PUT', `/api/storage-areas/${areaId}/items`, { item_ids: [wine.id] })
  const started = await call('POST', '/api/stock-counts', { area_ids: [areaId], blind: true })
  expect(started.status).toBe(201)
  countId = started.body.data.id
})
afterEach(() => env.close())

describe('scanning on a count sheet', () => {
  test('a case code linked to a 9 L case: one scan adds 9 L, a second 18 L, undo back to 9; the same scan_id twice counts once', async () => {
    const first = await scan('10012345000017', 'phone1-0001')
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ item: { id: wine.id }, pack: { name: 'case', size: 9 }, added: 9, replayed: false, line: { item_id: wine.id, counted: 9 } })
    // a blind count: the answer carries no expected figure
    expect(JSON.stringify(first.body)).not.toContain('expected')
    const replay = await scan('10012345000017', 'phone1-0001')
    expect(replay.status).toBe(200)
    expect(replay.body.message).toBe(SCAN_MSG.replayed)
    expect((await lineOf(wine.id))?.counted).toBe(9)
    expect((await scan('(01)10012345000017(17)271231(10)L42', 'phone1-0002')).body.data.line.counted).toBe(18)
    const undo = await call('DELETE', `/api/stock-counts/${countId}/scans/phone1-0002`)
    expect(undo.status).toBe(200)
    expect(undo.body.data.line.counted).toBe(9)
    // undoing twice, or replaying the undone scan, changes nothing
    expect((await call('DELETE', `/api/stock-counts/${countId}/scans/phone1-0002`)).body.message).toBe(SCAN_MSG.alreadyUndone)
    expect((await scan('10012345000017', 'phone1-0002')).body.data.replayed).toBe(true)
    expect((await lineOf(wine.id))?.counted).toBe(9)
  })

  test('a scan_id used again for another code or another area is a 409 and adds nothing', async () => {
    expect((await scan('10012345000017', 'phone1-0001')).status).toBe(201)
    const otherCode = await scan('036000291452', 'phone1-0001')
    expect(otherCode.status).toBe(409)
    expect(otherCode.body.message).toBe(SCAN_MSG.scanIdReused('phone1-0001'))
    const otherArea = (await call('POST', '/api/storage-areas', { name: 'Bar' })).body.data.id
    const elsewhere = await scan('10012345000017', 'phone1-0001', otherArea)
    expect(elsewhere.status).toBe(409)
    expect((await lineOf(wine.id))?.counted).toBe(9)
    expect(await lineOf(salt.id)).toBeUndefined()
    // the same code in another form (GS1, 13 digits) is the same scan: a replay, not a conflict
    expect((await scan('(01)10012345000017', 'phone1-0001')).body.data.replayed).toBe(true)
  })

  test('the unit code adds one base unit; an item not on the area’s list gets a new line marked found', async () => {
    expect((await scan('0036000291452', 's1')).body.data).toMatchObject({ item: { id: salt.id }, pack: null, added: 1, line: { item_id: salt.id, counted: 1, found: true } })
    expect((await scan('036000291452', 's2')).body.data.line.counted).toBe(2)
    expect((await scan('4006381333931', 's3')).body.data.line).toMatchObject({ item_id: wine.id, counted: 1, found: false })
  })

  test('an unknown code is a 404 naming it and changes nothing; linked, the same code counts', async () => {
    const res = await scan('SUP-99', 'u1')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe(SCAN_MSG.unknownCode('SUP-99'))
    await call('POST', `/api/items/${salt.id}/barcodes`, { code: 'SUP-99' })
    expect((await scan('SUP-99', 'u1')).status).toBe(201)
  })

  test('bad input: wrong check digit, area not in the count, a closed count; nothing is counted', async () => {
    expect((await scan('4006381333932', 'b1')).body.message).toBe('Invalid check digit: expected 1')
    const other = (await call('POST', '/api/storage-areas', { name: 'Bar' })).body.data.id
    expect((await scan('4006381333931', 'b2', other)).status).toBe(400)
    expect((await call('POST', `/api/stock-counts/${countId}/scans`, { area_id: areaId, raw: '4006381333931' })).body.message).toBe('scan_id is required')
    expect((await call('DELETE', `/api/stock-counts/${countId}/scans/nope`)).status).toBe(404)
    await call('POST', `/api/stock-counts/${countId}/cancel`)
    expect((await scan('4006381333931', 'b3')).status).toBe(409)
    const chef = await env.userOf('Chef')
    expect((await env.call('POST', `/api/stock-counts/${countId}/scans`, { token: chef.token, body: { area_id: areaId, raw: 'x', scan_id: 'c' } })).status).toBe(403)
    expect((await env.call('GET', `/api/stock-counts/${countId}`, { token: keeper.token })).body.data.lines.every((l: { counted: number | null }) => l.counted === null)).toBe(true)
  })
})

describe('GET /stock-counts/:id/codes (issue 33.2: the phone keeps them to scan without the box)', () => {
  test('every unit and pack code of the items on the sheet, nothing else; 404 for no count; Chef refused', async () => {
    const kase = wine.packs.find((p) => p.name === 'case')!
    const r = await call('GET', `/api/stock-counts/${countId}/codes`)
    expect(r.status).toBe(200)
    const codes = r.body.data as { code: string; item_id: number; pack_id: number | null }[]
    expect(codes).toContainEqual({ code: '04006381333931', item_id: wine.id, pack_id: null })
    expect(codes).toContainEqual({ code: '10012345000017', item_id: wine.id, pack_id: kase.id })
    expect(codes.some((c) => c.item_id === salt.id)).toBe(false)
    expect((await call('GET', '/api/stock-counts/99999/codes')).status).toBe(404)
    const chef = await env.userOf('Chef')
    expect((await env.call('GET', `/api/stock-counts/${countId}/codes`, { token: chef.token })).status).toBe(403)
  })
})
