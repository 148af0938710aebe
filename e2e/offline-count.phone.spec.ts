// Issue 33.2–33.6 on a phone (375 px), with a real disconnect: the browser reaches RIMS through a link the test cuts
// (e2e/link.ts; context.setOffline does not cover the service worker's requests). A count sheet opened once opens
// again with the link cut, after a reload; what is counted there waits on the phone (IndexedDB) and reaches the box
// once when the link is back; two counters' different figures are a double count; a batch whose answer was lost
// is sent again and stored once; a kitchen usage made without the box arrives once.
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { gtinCheckDigit } from '../src/contract/barcodes'
import { COUNT_UI } from '../ui/src/messages/counts'
import { UI } from '../ui/src/messages/common'
import { SCAN_UI } from '../ui/src/messages/scan'
import { expect } from './fixtures'
import { apiAs, DEMO, scannerBurst, signInAs } from './helpers'
import { test, type Link } from './link'

// Every test on an origin of its own (a new link, a new port): its own worker and IndexedDB.

test.describe.configure({ timeout: 180_000 })
const LOAD = { timeout: 30_000 }
/** The box is asked again every 5 s (the connection banner's probe) and the outbox every 15 s. */
const BACK = { timeout: 40_000 }
type Send = Awaited<ReturnType<typeof apiAs>>['send']
type Line = { item_id: number; counted: number | null; double_count: boolean; entries: { source: string; device_id: string | null; user_name: string; counted: number | null }[] }

/** A GTIN-14 no other test holds: indicator 1 (a case), 12 random digits, its check digit. */
const caseCode = () => {
  const body = '1' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0')
  return body + gtinCheckDigit(body)
}

/** Items on one area's sheet (`packed` of them last, with bottle 0.75 L and case 9 L), and an open count of it. */
async function countOf(send: Send, tag: string, plain: number, packed: number, onBooks = 10) {
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const items: { id: number; name: string; packs: { id: number; name: string }[] }[] = []
  for (let i = 0; i < plain + packed; i++) {
    const packs = i >= plain ? [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] : undefined
    items.push(await send('post', '/items', { name: `${tag} ${String(i + 1).padStart(2, '0')}`, category_id: category.id, supplier_id: supplier.id, unit: 'L', cost_price: 2, current_quantity: onBooks, packs }))
  }
  const area = await send('post', '/storage-areas', { name: `${tag} shelf` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: items.map((i) => i.id) })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  return { items, area, count }
}

/** The sheet open, stored on this phone, and the service worker in control (so a reload opens without the box). */
async function sheetKept(page: Page, countId: number) {
  await expect(page.getByRole('heading', { level: 1, name: `Count #${countId}` })).toBeVisible(LOAD)
  await expect(page.getByText(COUNT_UI.keptOnPhone)).toBeVisible(LOAD)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, LOAD)
}

const lines = async (send: Send, countId: number) => (await send('get', `/stock-counts/${countId}`)).lines as Line[]

/** A second phone: its own browser context at 375 px, through the same link. */
async function secondPhone(browser: Browser, link: Link) {
  const context = await browser.newContext({ baseURL: link.base, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
  return { page: await context.newPage(), close: () => context.close() }
}

test('counted with the link cut after a reload: 20 lines (packs, a scanned case) reach the box once when it is back', async ({ page, request, link }) => {
  const { send } = await apiAs(request)
  const tag = `Cellar ${Date.now()}`
  const { items, count } = await countOf(send, tag, 18, 2)
  const code = caseCode()
  const scanned = items[19]
  await send('post', `/items/${scanned.id}/barcodes`, { code, pack_id: scanned.packs.find((p) => p.name === 'case')!.id })

  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await sheetKept(page, count.id)

  link.cut()
  await page.reload()
  await expect(page.getByText(COUNT_UI.openedFromPhone)).toBeVisible(LOAD)
  const heading = page.getByRole('heading', { level: 1, name: `Count #${count.id}` })
  await expect(heading).toBeVisible()
  // 18 lines with the keyboard (figure, Enter), then one in packs: 2 cases + 3 bottles + 0.5 L.
  await page.getByLabel(`Counted ${items[0].name} (L)`).focus()
  for (let i = 0; i < 18; i++) {
    await expect(page.getByLabel(`Counted ${items[i].name} (L)`)).toBeFocused()
    await page.keyboard.type(String(i + 1))
    await page.keyboard.press('Enter')
  }
  const packed = page.getByTestId(`line-${items[18].id}`)
  await packed.getByLabel('case (9 L)').fill('2')
  await packed.getByLabel('bottle (0.75 L)').fill('3')
  await packed.getByLabel('Loose (L)').fill('0,5')
  await heading.click()
  // The last by a scan of its case code, resolved from the codes stored with the sheet: one case.
  await scannerBurst(page, code)
  const scannedLine = page.getByTestId(`line-${scanned.id}`)
  await expect(scannedLine.getByLabel('case (9 L)')).toHaveValue('1')
  await expect(page.getByTestId('sheet-scan')).toHaveText(`+9 L ${scanned.name} → 9 L`)

  for (const i of items) await expect(page.getByTestId(`state-${i.id}`)).toHaveText(COUNT_UI.lineQueued)
  await expect(page.getByTestId('outbox-badge')).toHaveText('20 counts on this phone, not yet on the box')

  // Still cut, the page reloaded again: nothing typed is lost, nothing has gone.
  await page.reload()
  await expect(page.getByText(COUNT_UI.openedFromPhone)).toBeVisible(LOAD)
  await expect(page.getByLabel(`Counted ${items[0].name} (L)`)).toHaveValue('1')
  await expect(page.getByTestId(`state-${items[0].id}`)).toHaveText(COUNT_UI.lineQueued)
  await expect(page.getByTestId('outbox-badge')).toHaveText('20 counts on this phone, not yet on the box')

  link.restore()
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, BACK)
  await expect(page.getByTestId(`state-${items[0].id}`)).toHaveText(COUNT_UI.lineSaved)
  const held = await lines(send, count.id)
  expect(held.map((l) => l.counted)).toEqual([...Array.from({ length: 18 }, (_, i) => i + 1), 20.75, 9])
  // Each line once: one entry, from this phone, by its counter.
  for (const l of held) {
    expect(l.entries.length, `entries of item ${l.item_id}`).toBe(1)
    expect(l.entries[0]).toMatchObject({ source: 'PHONE', user_name: DEMO.Storekeeper.name })
    expect(l.entries[0].device_id).toMatch(/^phone-/)
  }
  expect(new Set(held.map((l) => l.entries[0].device_id)).size).toBe(1)
})

test('figures typed the instant before a reload are kept: each reaches the box once', async ({ page, request, link }) => {
  const { send } = await apiAs(request)
  const { items, count } = await countOf(send, `Last keys ${Date.now()}`, 8, 0)
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await sheetKept(page, count.id)

  link.cut()
  // 7 lines saved (figure, Enter), the 8th typed and not left; the page reloaded right after the last key, as a
  // phone put in a pocket or a tab closed does: nothing waits for the phone's storage to finish.
  await page.getByLabel(`Counted ${items[0].name} (L)`).focus()
  for (let i = 0; i < 7; i++) {
    await page.keyboard.type(String(i + 11))
    await page.keyboard.press('Enter')
  }
  await page.keyboard.type('18')
  await page.reload()
  await expect(page.getByText(COUNT_UI.openedFromPhone)).toBeVisible(LOAD)
  for (const [i, item] of items.entries()) await expect(page.getByLabel(`Counted ${item.name} (L)`)).toHaveValue(String(i + 11))
  await expect(page.getByTestId('outbox-badge')).toHaveText('8 counts on this phone, not yet on the box')

  link.restore()
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, BACK)
  const held = await lines(send, count.id)
  expect(held.map((l) => l.counted)).toEqual(items.map((_, i) => i + 11))
  for (const l of held) expect(l.entries.length, `entries of item ${l.item_id}`).toBe(1)
})

test('scan to count without the box: a case code counts from the sheet kept on the phone, queued, on the box once when it is back', async ({ page, request, link }) => {
  const { send } = await apiAs(request)
  const { items, area, count } = await countOf(send, `Scan cut ${Date.now()}`, 1, 1)
  const wine = items[1]
  const code = caseCode()
  await send('post', `/items/${wine.id}/barcodes`, { code, pack_id: wine.packs.find((p) => p.name === 'case')!.id })
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await sheetKept(page, count.id)
  await page.goto(`/scan?count=${count.id}&area=${area.id}`)
  await expect(page.getByLabel('Scan field')).toBeFocused(LOAD)

  link.cut()
  await page.reload()
  await expect(page.getByTestId('scan-source')).toHaveText(SCAN_UI.fromPhone, LOAD)
  // The code typed and sent (a scanner's burst is the same send; typed, it does not depend on the burst's timing).
  const field = page.getByLabel('Scan field')
  await expect(field).toBeFocused(LOAD)
  await field.fill(code)
  await field.press('Enter')
  await expect(page.getByTestId('last-scan')).toHaveText(`+9 L ${wine.name} → 9 L`)
  await field.fill(code)
  await field.press('Enter')
  await expect(page.getByTestId('last-scan')).toHaveText(`+9 L ${wine.name} → 18 L`)
  // One line counted: one entry waits (the second scan's replaced the first's).
  await expect(page.getByTestId('outbox-badge')).toHaveText('1 count on this phone, not yet on the box')
  // The sheet, opened from the phone, shows the line as the scans left it.
  await page.goto(`/counts/${count.id}?area=${area.id}`)
  await expect(page.getByTestId(`line-${wine.id}`).getByLabel('case (9 L)')).toHaveValue('2', LOAD)
  await expect(page.getByTestId(`state-${wine.id}`)).toHaveText(COUNT_UI.lineQueued)

  link.restore()
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, BACK)
  const line = (await lines(send, count.id)).find((l) => l.item_id === wine.id)!
  expect(line.counted).toBe(18)
  expect(line.entries.length).toBe(1)
  expect(line.entries[0]).toMatchObject({ source: 'PHONE', user_name: DEMO.Storekeeper.name })
})

test('a line cleared without the box is an entry too: the box has it once the link is back, and the line is uncounted', async ({ page, request, link }) => {
  const { send } = await apiAs(request)
  const { items, count } = await countOf(send, `Cleared ${Date.now()}`, 1, 0)
  const field = page.getByLabel(`Counted ${items[0].name} (L)`)
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await sheetKept(page, count.id)
  await field.fill('4')
  await field.press('Enter')
  await expect(page.getByTestId(`state-${items[0].id}`)).toHaveText(COUNT_UI.lineSaved, BACK)

  link.cut()
  await field.fill('')
  await field.press('Enter')
  await expect(page.getByTestId(`state-${items[0].id}`)).toHaveText(COUNT_UI.lineQueued)
  await expect(page.getByTestId('outbox-badge')).toHaveText('1 count on this phone, not yet on the box')

  link.restore()
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, BACK)
  const [line] = await lines(send, count.id)
  expect(line.counted).toBeNull()
  expect(line.entries.map((e) => e.counted)).toEqual([4, null])
  await page.reload()
  await expect(field).toHaveValue('', LOAD)
  await expect(page.getByText(COUNT_UI.uncountedLeft(1))).toBeVisible()
})

test('two phones count the same line differently without the box: a double count the review shows, approval refused until resolved', async ({ page, request, browser, link }) => {
  const { send } = await apiAs(request)
  const tag = `Twice ${Date.now()}`
  // 4 L on the books: keeping the Storekeeper's 4 leaves no variance to explain.
  const { items, area, count } = await countOf(send, tag, 1, 0, 4)
  const gin = items[0]
  const other = await secondPhone(browser, link)
  try {
    await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
    await sheetKept(page, count.id)
    await signInAs(other.page, 'Manager', `/counts/${count.id}`)
    await sheetKept(other.page, count.id)

    link.cut()
    await page.getByLabel(`Counted ${gin.name} (L)`).fill('4')
    await page.getByLabel(`Counted ${gin.name} (L)`).press('Enter')
    await other.page.getByLabel(`Counted ${gin.name} (L)`).fill('3')
    await other.page.getByLabel(`Counted ${gin.name} (L)`).press('Enter')
    await expect(page.getByTestId('outbox-badge')).toHaveText('1 count on this phone, not yet on the box')
    await expect(other.page.getByTestId('outbox-badge')).toHaveText('1 count on this phone, not yet on the box')

    link.restore()
    await expect(page.getByTestId(`state-${gin.id}`)).toHaveText(COUNT_UI.lineSaved, BACK)
    await expect(other.page.getByTestId(`state-${gin.id}`)).toHaveText(COUNT_UI.lineSaved, BACK)
    const [line] = await lines(send, count.id)
    expect(line.double_count).toBe(true)
    await send('post', `/stock-counts/${count.id}/submit`, { uncounted: 'UNCHANGED' })

    const review = other.page
    await review.goto(`/counts/${count.id}/review`)
    const double = review.getByTestId(`double-${area.id}-${gin.id}`)
    await expect(double).toContainText(`${gin.name} · ${area.name}`, LOAD)
    await expect(double).toContainText(`${DEMO.Storekeeper.name} · phone-`)
    await expect(double).toContainText(`${DEMO.Manager.name} · phone-`)
    const approve = review.getByRole('button', { name: 'Approve and post' })
    await expect(approve).toBeDisabled()
    const refused = await request.post(`/api/stock-counts/${count.id}/approve`, { headers: { authorization: `Bearer ${(await apiAs(request)).token}` }, data: {} })
    expect(refused.status()).toBe(409)
    expect((await refused.json()).message).toContain(`Two counters disagree on: ${gin.name} in ${area.name}`)

    await double.getByRole('button', { name: `Keep ${DEMO.Storekeeper.name}'s 4` }).click()
    await expect(double).toContainText(`Resolved by ${DEMO.Manager.name}`)
    await expect(approve).toBeEnabled()
    await approve.click()
    await review.getByRole('alertdialog').getByRole('button', { name: 'Approve and post' }).click()
    await expect(review).toHaveURL(/\/counts$/, LOAD)
    expect((await send('get', `/stock-counts/${count.id}`)).status).toBe('APPROVED')
  } finally {
    await other.close()
  }
})

test.describe('no worker', () => {
  // page.route sees the page's own requests only; once the worker controls the page, Chromium may send /api through
  // the worker's static route to the network, past the route. This test needs no reload while cut, so no worker.
  test.use({ serviceWorkers: 'block' })

  test('a batch whose answer was lost is sent again and stored once', async ({ page, request }) => {
    const { send } = await apiAs(request)
    const { items, count } = await countOf(send, `Replay ${Date.now()}`, 3, 0)
    // While `lossy`, each batch reaches the box and is stored, but its answer never reaches the phone.
    let lossy = true
    const sent: { ids: string[]; answer: { added: number; replayed: number } | null }[] = []
    await page.route('**/api/stock-counts/*/entries', async (route) => {
      const ids = (route.request().postDataJSON() as { entries: { id: string }[] }).entries.map((e) => e.id)
      const response = await route.fetch()
      const answer = ((await response.json()) as { data: { added: number; replayed: number } }).data
      sent.push({ ids, answer: lossy ? null : answer })
      if (lossy) await route.abort('connectionreset')
      else await route.fulfill({ response })
    })
    await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
    await expect(page.getByRole('heading', { level: 1, name: `Count #${count.id}` })).toBeVisible(LOAD)
    await page.getByLabel(`Counted ${items[0].name} (L)`).focus()
    for (let i = 0; i < 3; i++) {
      await page.keyboard.type(String(i + 5))
      await page.keyboard.press('Enter')
    }
    for (const i of items) await expect(page.getByTestId(`state-${i.id}`)).toHaveText(COUNT_UI.lineQueued)
    // A lost answer holds the rest back until the next try (the box answering its health check, or 15 s): wait for
    // every entry to have reached the box once.
    await expect.poll(() => new Set(sent.flatMap((s) => s.ids)).size, BACK).toBe(3)
    const firstIds = new Set(sent.flatMap((s) => s.ids))
    // The box holds them already; the phone does not know.
    expect((await lines(send, count.id)).map((l) => l.counted)).toEqual([5, 6, 7])

    lossy = false
    for (const i of items) await expect(page.getByTestId(`state-${i.id}`)).toHaveText(COUNT_UI.lineSaved, BACK)
    const replay = sent.filter((s) => s.answer)
    // The same ids again: the box answers that it holds them and stores nothing.
    expect(new Set(replay.flatMap((s) => s.ids))).toEqual(firstIds)
    expect(replay.reduce((n, s) => n + s.answer!.added, 0)).toBe(0)
    expect(replay.reduce((n, s) => n + s.answer!.replayed, 0)).toBe(3)
    for (const l of await lines(send, count.id)) expect(l.entries.length).toBe(1)
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0)
  })
})

/** A fresh item with `kitchen` kg in the kitchen (a transfer). */
async function kitchenItem(request: APIRequestContext, kitchen: number) {
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const item = await send('post', '/items', { name: `Walk-in ${Date.now().toString(36)}`, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, current_quantity: kitchen + 10 })
  await send('post', '/kitchen-inventory/transfer', { item_id: item.id, quantity: kitchen, direction: 'TO_KITCHEN' })
  return { item: item as { id: number; name: string }, send }
}

test('a kitchen usage recorded without the box waits on the phone, survives a reload and arrives once', async ({ page, request, link }) => {
  const { item, send } = await kitchenItem(request, 8)
  await signInAs(page, 'Chef', '/kitchen-inventory')
  await page.getByRole('searchbox', { name: 'Search' }).fill(item.name)
  await expect(page.getByRole('button', { name: `Use ${item.name}` })).toBeVisible(LOAD)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, LOAD)

  link.cut()
  await page.getByRole('button', { name: `Use ${item.name}` }).click()
  const usage = page.getByRole('dialog', { name: 'Record Usage' })
  await usage.getByLabel('Quantity').fill('1.5')
  await usage.getByRole('button', { name: 'Record Usage' }).click()
  await expect(page.getByRole('status').filter({ hasText: UI.keptOnPhone })).toBeVisible()
  await expect(usage).toHaveCount(0)
  const badge = page.getByTestId('outbox-badge')
  await expect(badge).toHaveText('1 kitchen record on this phone, not yet on the box')
  await page.reload()
  await expect(badge).toHaveText('1 kitchen record on this phone, not yet on the box', LOAD)

  link.restore()
  await expect(badge).toHaveCount(0, BACK)
  const moves = (await send('get', `/kitchen-inventory/movements?item_id=${item.id}`)) as { movement_type: string; quantity: number }[]
  expect(moves.filter((m) => m.movement_type === 'OUT').map((m) => m.quantity)).toEqual([1.5])
  const [row] = (await send('get', `/kitchen-inventory/inventory?q=${encodeURIComponent(item.name)}`)) as { quantity: number }[]
  expect(row.quantity).toBe(6.5)
})
