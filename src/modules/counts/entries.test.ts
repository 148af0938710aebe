import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { COUNT_MSG } from '../../contract/counts'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Issue 33 (server side): count entries made on a phone with their own ids, appended, never overwritten;
// POST /stock-counts/:id/entries stores a batch in one transaction; two counters who disagree are a double count
// that a Manager resolves (PUT /stock-counts/:id/lines/resolve) before approval.

let env: TestEnv
let manager: { id: number; token: string }
let keeper: { id: number; token: string }
let keeper2: { id: number; token: string }
let chef: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  let t = Date.parse('2026-11-27T09:00:00Z')
  env = await makeTestEnv({ clock: () => new Date((t += 1)) })
  manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  keeper2 = await env.userOf('Storekeeper')
  chef = await env.userOf('Chef')
  b = stockBuilders(env, manager.token)
}, 60_000)
afterEach(() => env.close())

const call = (method: string, path: string, token: string, body?: unknown) => env.call(method, path, { token, body })
async function openCount(itemIds: number[], name = 'Bar') {
  const a = (await call('POST', '/api/storage-areas', manager.token, { name })).body.data
  expect((await call('PUT', `/api/storage-areas/${a.id}/items`, manager.token, { item_ids: itemIds })).status).toBe(200)
  const c = await call('POST', '/api/stock-counts', keeper.token, { area_ids: [a.id], blind: false })
  expect(c.status).toBe(201)
  return { areaId: a.id as number, countId: c.body.data.id as number }
}
const send = (countId: number, token: string, body: unknown) => call('POST', `/api/stock-counts/${countId}/entries`, token, body)
const resolve = (countId: number, token: string, body: unknown) => call('PUT', `/api/stock-counts/${countId}/lines/resolve`, token, body)
const sheet = async (countId: number) => (await call('GET', `/api/stock-counts/${countId}`, manager.token)).body.data
const lineOf = async (countId: number, itemId: number) => (await sheet(countId)).lines.find((l: any) => l.item_id === itemId)
const entryCount = () => (env.deps.db.query('SELECT count(*) AS n FROM stock_count_entries').get() as { n: number }).n
const countRows = async (itemId: number) =>
  ((await call('GET', `/api/stock-movements/item/${itemId}`, manager.token)).body.data as any[]).filter((m) => m.source_type === 'COUNT')
const entry = (areaId: number, itemId: number, loose: number, at = '2026-11-27T08:30:00Z', extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  area_id: areaId,
  item_id: itemId,
  loose,
  counted_at: at,
  ...extra,
})
const submit = (countId: number) => call('POST', `/api/stock-counts/${countId}/submit`, keeper.token, { uncounted: 'UNCHANGED' })
const approve = (countId: number) => call('POST', `/api/stock-counts/${countId}/approve`, manager.token)

describe('POST /stock-counts/:id/entries', () => {
  test('a batch of 500 is stored in one transaction; each line takes its figure; the answer names every id', async () => {
    const items = []
    for (let i = 0; i < 50; i++) items.push(await b.makeItem({ name: `Item ${i}`, quantity: 10 }))
    const { areaId, countId } = await openCount(items.map((i) => i.id))
    // Ten corrections of each of 50 lines by one counter: the last made (device time) is each line's figure.
    const batch = []
    for (let k = 0; k < 10; k++) for (const it of items) batch.push(entry(areaId, it.id, k + 0.25, `2026-11-27T08:${String(10 + k).padStart(2, '0')}:00Z`))
    expect(batch).toHaveLength(500)
    const t0 = performance.now()
    const res = await send(countId, keeper.token, { device_id: 'phone-A', queued: 0, entries: batch })
    const ms = performance.now() - t0
    console.log(`[info] batch of 500 entries stored in ${ms.toFixed(1)} ms (in-process, not asserted)`)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ stored: batch.map((e) => e.id), added: 500, replayed: 0 })
    expect(res.body.message).toBe(COUNT_MSG.entriesStored(500, 0))
    expect(entryCount()).toBe(500)
    const s = await sheet(countId)
    expect(s.lines.every((l: any) => l.counted === 9.25 && l.counted_by === keeper.id && !l.double_count)).toBe(true)
    expect(s.lines[0].entries).toHaveLength(10)
    expect(s.lines[0].entries.filter((e: any) => e.current).map((e: any) => e.loose)).toEqual([9.25])
    expect(s.counted_count).toBe(50)
    // 501 are refused before anything is read.
    const tooMany = await send(countId, keeper.token, { entries: [...batch, entry(areaId, items[0].id, 1)] })
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'entries: at most 500 entries in one batch; send the rest in another'])
    expect(entryCount()).toBe(500)
  }, 60_000)

  test('a bad entry refuses the whole batch, naming its id, and stores nothing', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const rum = await b.makeItem({ name: 'Rum', quantity: 4 })
    const other = await b.makeItem({ name: 'Other' })
    const put1 = await call('PUT', `/api/items/${gin.id}`, manager.token, { packs: [{ name: 'bottle', size: 0.75 }] })
    const bottle = put1.body.data.packs[0]
    const { areaId, countId } = await openCount([gin.id, rum.id])
    const good = entry(areaId, gin.id, 1, undefined, { packs: [{ pack_id: bottle.id, quantity: 2 }] })
    const cases: [Record<string, unknown>, number, (id: string) => string][] = [
      [{ loose: -1 }, 400, (id) => COUNT_MSG.badEntry(id, 1, 'loose must be at least 0')],
      [{ loose: 1.234 }, 400, (id) => COUNT_MSG.badEntry(id, 1, 'loose must have at most 2 decimal places')],
      [{ counted_at: 'yesterday' }, 400, (id) => COUNT_MSG.badEntry(id, 1, 'counted_at must be an ISO instant (2026-11-27T09:30:00Z)')],
      [{ item_id: other.id }, 400, (id) => COUNT_MSG.entryNotOnSheet(id)],
      [{ area_id: 99999 }, 400, (id) => COUNT_MSG.entryAreaNotInSession(id)],
      [{ item_id: rum.id, packs: [{ pack_id: bottle.id, quantity: 1 }] }, 400, (id) => COUNT_MSG.entryBadPacks(id, `pack_id ${bottle.id} is not one of this item's packs`)],
      [{ colour: 'red' }, 400, (id) => COUNT_MSG.badEntry(id, 1, 'Unknown field: colour')],
    ]
    for (const [change, status, message] of cases) {
      const bad = { ...entry(areaId, gin.id, 1), ...change }
      const res = await send(countId, keeper.token, { entries: [good, bad] })
      expect([res.status, res.body.message]).toEqual([status, message(bad.id)])
      expect(entryCount()).toBe(0)
    }
    const noUuid = await send(countId, keeper.token, { entries: [good, { ...entry(areaId, gin.id, 1), id: 'abc' }] })
    expect([noUuid.status, noUuid.body.message]).toEqual([400, COUNT_MSG.badEntry('abc', 1, 'id must be a UUID')])
    const twice = await send(countId, keeper.token, { entries: [good, good] })
    expect([twice.status, twice.body.message]).toEqual([400, COUNT_MSG.badEntry(good.id, 1, 'the batch holds this id twice')])
    expect(entryCount()).toBe(0)
    expect((await lineOf(countId, gin.id)).counted).toBeNull()
    // The good one alone: packs + loose, exact.
    const ok = await send(countId, keeper.token, { entries: [good] })
    expect(ok.status).toBe(200)
    expect((await lineOf(countId, gin.id)).counted).toBe(2.5)
  })

  test('a replayed batch stores nothing twice and answers the stored ids; a changed entry under a stored id is refused', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const { areaId, countId } = await openCount([gin.id])
    const batch = [entry(areaId, gin.id, 3, '2026-11-27T08:00:00Z'), entry(areaId, gin.id, 3.5, '2026-11-27T08:01:00Z')]
    expect((await send(countId, keeper.token, { device_id: 'phone-A', entries: batch })).body.data).toEqual({ stored: batch.map((e) => e.id), added: 2, replayed: 0 })
    const again = await send(countId, keeper.token, { device_id: 'phone-A', entries: batch })
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual({ stored: batch.map((e) => e.id), added: 0, replayed: 2 })
    expect(entryCount()).toBe(2)
    // Half replayed, half new.
    const more = entry(areaId, gin.id, 4, '2026-11-27T08:02:00Z')
    expect((await send(countId, keeper.token, { entries: [batch[1], more] })).body.data).toEqual({ stored: [batch[1].id, more.id], added: 1, replayed: 1 })
    expect(entryCount()).toBe(3)
    expect((await lineOf(countId, gin.id)).counted).toBe(4)
    // The same id with another figure: refused, nothing stored.
    const changed = await send(countId, keeper.token, { entries: [entry(areaId, gin.id, 1), { ...batch[0], loose: 9 }] })
    expect([changed.status, changed.body.message]).toEqual([409, COUNT_MSG.entryDiffers(batch[0].id)])
    expect(entryCount()).toBe(3)
    // Once submitted: a replay still answers; a new entry is refused, saying so.
    expect((await submit(countId)).status).toBe(200)
    expect((await send(countId, keeper.token, { entries: batch })).body.data).toEqual({ stored: batch.map((e) => e.id), added: 0, replayed: 2 })
    const late = await send(countId, keeper.token, { entries: [...batch, entry(areaId, gin.id, 7)] })
    expect([late.status, late.body.message]).toEqual([409, COUNT_MSG.entriesClosed('SUBMITTED', 1)])
    expect(entryCount()).toBe(3)
  })

  test('roles: a Chef may not send entries nor resolve; a Storekeeper sends but may not resolve', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const { areaId, countId } = await openCount([gin.id])
    expect((await send(countId, chef.token, { entries: [entry(areaId, gin.id, 1)] })).status).toBe(403)
    expect(entryCount()).toBe(0)
    const a = entry(areaId, gin.id, 1)
    expect((await send(countId, keeper.token, { entries: [a] })).status).toBe(200)
    expect((await send(countId, keeper2.token, { entries: [entry(areaId, gin.id, 2)] })).status).toBe(200)
    expect((await resolve(countId, keeper.token, { area_id: areaId, item_id: gin.id, keep: 'SUM' })).status).toBe(403)
    expect((await resolve(countId, chef.token, { area_id: areaId, item_id: gin.id, keep: 'SUM' })).status).toBe(403)
    expect((await lineOf(countId, gin.id)).double_count).toBe(true)
  })

  test('devices: each (counter, device) shows its last sync and the entries it still holds', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 4 })
    const { areaId, countId } = await openCount([gin.id])
    expect((await send(countId, keeper.token, { device_id: 'phone-A', queued: 12, entries: [entry(areaId, gin.id, 1)] })).status).toBe(200)
    expect((await send(countId, keeper2.token, { device_id: 'phone-B', queued: 0, entries: [] })).status).toBe(200)
    let s = await sheet(countId)
    expect(s.devices.map((d: any) => [d.user_id, d.device_id, d.waiting])).toEqual([
      [keeper2.id, 'phone-B', 0],
      [keeper.id, 'phone-A', 12],
    ])
    expect(s.waiting).toBe(12)
    const firstSync = s.devices[1].last_sync_at
    // The next flush empties phone A's queue.
    expect((await send(countId, keeper.token, { device_id: 'phone-A', queued: 0, entries: [entry(areaId, gin.id, 1)] })).status).toBe(200)
    s = await sheet(countId)
    const a = s.devices.find((d: any) => d.device_id === 'phone-A')
    expect([a.waiting, a.last_sync_at > firstSync, s.waiting]).toEqual([0, true, 0])
    expect(s.lines[0].entries.map((e: any) => e.device_id)).toEqual(['phone-A', 'phone-A'])
    // The review (Manager) shows them too, to warn before approving.
    expect((await send(countId, keeper.token, { device_id: 'phone-A', queued: 3, entries: [] })).status).toBe(200)
    expect((await submit(countId)).status).toBe(200)
    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    expect([review.waiting, review.devices.length, review.double_counts]).toEqual([3, 2, 0])
  })
})

describe('double counts', () => {
  async function twoCounters(first: number, second: number) {
    const gin = await b.makeItem({ name: 'Gin', quantity: 10 })
    const rum = await b.makeItem({ name: 'Rum', quantity: 5 })
    const { areaId, countId } = await openCount([gin.id, rum.id])
    const a = entry(areaId, gin.id, first, '2026-11-27T08:00:00Z')
    const c = entry(areaId, gin.id, second, '2026-11-27T08:05:00Z')
    expect((await send(countId, keeper.token, { device_id: 'phone-A', entries: [a] })).status).toBe(200)
    expect((await send(countId, keeper2.token, { device_id: 'phone-B', entries: [c] })).status).toBe(200)
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: rum.id, counted: 5 })).status).toBe(200)
    return { gin, rum, areaId, countId, a, c }
  }

  test('the same figure from two counters confirms it: no double count', async () => {
    const { gin, countId } = await twoCounters(6, 6)
    const line = await lineOf(countId, gin.id)
    expect([line.double_count, line.counted, line.entries.filter((e: any) => e.current).length]).toEqual([false, 6, 2])
    expect((await submit(countId)).status).toBe(200)
    env.deps.settings.update({ count_variance_pct: 100 }, null)
    expect((await approve(countId)).status).toBe(200)
    expect(await b.balance(gin.id)).toBe(6)
  })

  test('a counter correcting themself supersedes their own entry: no double count', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 10 })
    const { areaId, countId } = await openCount([gin.id])
    expect((await send(countId, keeper.token, { entries: [entry(areaId, gin.id, 6, '2026-11-27T08:00:00Z')] })).status).toBe(200)
    // On the sheet, later: the same counter's correction.
    expect((await call('PUT', `/api/stock-counts/${countId}/lines`, keeper.token, { area_id: areaId, item_id: gin.id, counted: 7 })).status).toBe(200)
    const line = await lineOf(countId, gin.id)
    expect([line.double_count, line.counted, line.entries.map((e: any) => [e.counted, e.current])]).toEqual([false, 7, [[6, false], [7, true]]])
  })

  test('a cleared entry: that counter has no figure now, the other\'s is the line\'s; replayed once; a cleared entry with a figure is refused', async () => {
    const { gin, areaId, countId } = await twoCounters(6, 8)
    expect((await lineOf(countId, gin.id)).double_count).toBe(true)
    // The second counter clears the line on their phone: the disagreement is gone, the first counter's 6 stands.
    const clear = { id: crypto.randomUUID(), area_id: areaId, item_id: gin.id, cleared: true, counted_at: '2026-11-27T08:10:00Z' }
    expect((await send(countId, keeper2.token, { entries: [clear] })).status).toBe(200)
    let line = await lineOf(countId, gin.id)
    expect([line.double_count, line.counted, line.counted_by]).toEqual([false, 6, keeper.id])
    expect(line.entries.at(-1)).toMatchObject({ id: clear.id, counted: null, loose: null, current: false })
    // The same batch again stores nothing; the id with a figure under it is another entry: refused.
    const again = await send(countId, keeper2.token, { entries: [clear] })
    expect([again.status, again.body.data.added, again.body.data.replayed]).toEqual([200, 0, 1])
    const changed = await send(countId, keeper2.token, { entries: [{ ...clear, cleared: undefined, loose: 0 }] })
    expect(changed.status).toBe(409)
    // A cleared entry carries no figure.
    const withFigure = { ...clear, id: crypto.randomUUID(), loose: 3 }
    const both = await send(countId, keeper.token, { entries: [withFigure] })
    expect([both.status, both.body.message]).toEqual([400, `Entry ${withFigure.id}: a cleared entry has no figure: send cleared alone, or packs and/or loose. Nothing in this batch was stored.`])
    const before = entryCount()
    // The first counter clears too: nobody has a figure, the line is uncounted.
    expect((await send(countId, keeper.token, { entries: [{ ...clear, id: crypto.randomUUID(), counted_at: '2026-11-27T08:11:00Z' }] })).status).toBe(200)
    expect(entryCount()).toBe(before + 1)
    line = await lineOf(countId, gin.id)
    expect([line.double_count, line.counted]).toEqual([false, null])
  })

  test('different figures: double_count shown with both (who, when, figure); approval refused until resolved', async () => {
    const { gin, countId, a, c } = await twoCounters(6, 8)
    const line = await lineOf(countId, gin.id)
    expect(line.double_count).toBe(true)
    expect(line.entries.map((e: any) => [e.id, e.user_id, e.counted_at, e.counted, e.current])).toEqual([
      [a.id, keeper.id, '2026-11-27T08:00:00.000Z', 6, true],
      [c.id, keeper2.id, '2026-11-27T08:05:00.000Z', 8, true],
    ])
    expect((await sheet(countId)).double_counts).toBe(1)
    expect((await submit(countId)).status).toBe(200)
    // The review shows both: who, which device, when, what.
    const review = (await call('GET', `/api/stock-counts/${countId}/review`, manager.token)).body.data
    expect(review.double_counts).toBe(1)
    expect(review.double_count_lines.map((d: any) => [d.item_name, d.area_name, d.entries.map((e: any) => [e.user_name, e.device_id, e.counted_at, e.counted])])).toEqual([
      ['Gin', 'Bar', [[line.entries[0].user_name, 'phone-A', '2026-11-27T08:00:00.000Z', 6], [line.entries[1].user_name, 'phone-B', '2026-11-27T08:05:00.000Z', 8]]],
    ])
    const refused = await approve(countId)
    expect([refused.status, refused.body.message]).toEqual([409, COUNT_MSG.doubleCounted(['Gin in Bar'])])
    expect(await countRows(gin.id)).toHaveLength(0)
    // Not a double count: nothing to resolve.
    const rum = await lineOf(countId, (await sheet(countId)).lines[1].item_id)
    expect((await resolve(countId, manager.token, { area_id: rum.area_id, item_id: rum.item_id, keep: 'SUM' })).status).toBe(409)
  })

  test('KEEP one entry: its figure is posted, one ledger row for the item', async () => {
    const { gin, areaId, countId, a } = await twoCounters(6, 8)
    expect((await submit(countId)).status).toBe(200)
    const unknown = await resolve(countId, manager.token, { area_id: areaId, item_id: gin.id, keep: crypto.randomUUID() })
    expect(unknown.status).toBe(400)
    const kept = await resolve(countId, manager.token, { area_id: areaId, item_id: gin.id, keep: a.id })
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ counted: 6, double_count: false, resolution: 'KEEP', counted_by: keeper.id })
    expect(kept.body.data.resolved_by_name).toBeTruthy()
    const audit = env.deps.db.query("SELECT action, user_id, details FROM audit_log WHERE entity = 'stock_count' AND entity_id = $id").all({ id: countId }) as any[]
    expect(audit).toHaveLength(1)
    expect([audit[0].action, audit[0].user_id, JSON.parse(audit[0].details).keep]).toEqual(['resolve_double_count', manager.id, a.id])
    env.deps.settings.update({ count_variance_pct: 100 }, null)
    const ok = await approve(countId)
    expect(ok.status).toBe(200)
    expect(await countRows(gin.id)).toMatchObject([{ quantity: -4, source_id: countId }])
    expect(await b.balance(gin.id)).toBe(6)
  })

  test('SUM (two shelves): the counters\' figures added, exactly', async () => {
    const { gin, areaId, countId } = await twoCounters(6.35, 8.4)
    const sum = await resolve(countId, manager.token, { area_id: areaId, item_id: gin.id, keep: 'sum' })
    expect(sum.status).toBe(200)
    expect(sum.body.data).toMatchObject({ counted: 14.75, double_count: false, resolution: 'SUM' })
    expect((await submit(countId)).status).toBe(200)
    env.deps.settings.update({ count_variance_pct: 100 }, null)
    expect((await approve(countId)).status).toBe(200)
    expect(await countRows(gin.id)).toMatchObject([{ quantity: 4.75 }])
    expect(await b.balance(gin.id)).toBe(14.75)
  })

  test('RECOUNT of a submitted count: the line is uncounted again, the count reopens, entries kept; a fresh count then approves', async () => {
    const { gin, areaId, countId } = await twoCounters(6, 8)
    expect((await submit(countId)).status).toBe(200)
    const re = await resolve(countId, manager.token, { area_id: areaId, item_id: gin.id, keep: 'RECOUNT' })
    expect(re.status).toBe(200)
    expect(re.body.message).toBe(COUNT_MSG.resolvedRecount('Gin in Bar', true))
    expect(re.body.data).toMatchObject({ counted: null, double_count: false, resolution: 'RECOUNT' })
    expect(re.body.data.entries.map((e: any) => e.current)).toEqual([false, false])
    const s = await sheet(countId)
    expect([s.status, s.submitted_at, s.uncounted]).toEqual(['OPEN', null, null])
    // The recount: both agree now.
    expect((await send(countId, keeper.token, { entries: [entry(areaId, gin.id, 7, '2026-11-27T10:00:00Z')] })).status).toBe(200)
    expect((await send(countId, keeper2.token, { entries: [entry(areaId, gin.id, 7, '2026-11-27T10:01:00Z')] })).status).toBe(200)
    const line = await lineOf(countId, gin.id)
    expect([line.counted, line.double_count, line.entries.length]).toEqual([7, false, 4])
    expect((await submit(countId)).status).toBe(200)
    env.deps.settings.update({ count_variance_pct: 100 }, null)
    const ok = await approve(countId)
    expect(ok.status).toBe(200)
    expect(ok.body.data.posted.map((p: any) => [p.item_name, p.quantity])).toEqual([['Gin', -3]])
    expect(await countRows(gin.id)).toHaveLength(1)
    expect(await b.balance(gin.id)).toBe(7)
  })

  test('a save on the sheet speaks for the line (last write wins, as scans need); a phone entry stored after it compares with it', async () => {
    const gin = await b.makeItem({ name: 'Gin', quantity: 10 })
    const { areaId, countId } = await openCount([gin.id])
    const put = (token: string, counted: number) => call('PUT', `/api/stock-counts/${countId}/lines`, token, { area_id: areaId, item_id: gin.id, counted })
    expect((await send(countId, keeper2.token, { entries: [entry(areaId, gin.id, 4, '2026-11-27T08:00:00Z')] })).status).toBe(200)
    expect((await put(keeper.token, 5)).status).toBe(200)
    expect((await put(keeper2.token, 6)).status).toBe(200)
    let line = await lineOf(countId, gin.id)
    expect([line.counted, line.counted_by, line.double_count, line.entries.map((e: any) => e.current)]).toEqual([6, keeper2.id, false, [false, false, true]])
    // A phone entry made before the save but stored after it (offline): the two differ → double count, never a silent winner.
    expect((await send(countId, keeper.token, { device_id: 'phone-A', entries: [entry(areaId, gin.id, 5, '2026-11-27T08:00:00Z')] })).status).toBe(200)
    line = await lineOf(countId, gin.id)
    expect([line.double_count, line.entries.filter((e: any) => e.current).map((e: any) => e.counted)]).toEqual([true, [5, 6]])
    // The sheet cannot overwrite a double count: the Manager decides.
    const over = await put(keeper.token, 7)
    expect([over.status, over.body.message]).toEqual([409, COUNT_MSG.lineDoubleCounted])
  })

  test('a KEEP holds until a newer entry comes; then the line is compared again', async () => {
    const { gin, areaId, countId, a } = await twoCounters(6, 8)
    expect((await resolve(countId, manager.token, { area_id: areaId, item_id: gin.id, keep: a.id })).status).toBe(200)
    expect((await lineOf(countId, gin.id)).counted).toBe(6)
    expect((await send(countId, keeper2.token, { entries: [entry(areaId, gin.id, 9, '2026-11-27T11:00:00Z')] })).status).toBe(200)
    const line = await lineOf(countId, gin.id)
    expect([line.double_count, line.resolution]).toEqual([true, null])
  })
})
