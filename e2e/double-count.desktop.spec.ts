import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { apiAs, DEMO, expectAccessible, signInAs } from './helpers'

// Issue 33.5 at 1280 px: two counters' different figures for one line are a double count the Manager resolves
// at review (keep one, add them, or recount) before approving; a device still holding entries makes Approve ask.
const LOAD = { timeout: 15_000 }
type Send = Awaited<ReturnType<typeof apiAs>>['send']

/** A count of one area with two items (10 kg each on the books), open, made by the Manager through the API. */
async function setUp(send: Send, tag: string) {
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const item = (name: string) => send('post', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 40, current_quantity: 10 })
  const gin = await item(`${tag} Gin`)
  const rum = await item(`${tag} Rum`)
  const area = await send('post', '/storage-areas', { name: `${tag} Bar` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [gin.id, rum.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  return { gin, rum, area, count }
}
const entry = (area_id: number, item_id: number, loose: number) => ({ id: randomUUID(), area_id, item_id, loose, counted_at: new Date().toISOString() })

/** The Manager counts 4 kg of gin on one phone, the Storekeeper 3 kg on another; the rum is counted once; submitted. */
async function doubleCounted(request: Parameters<typeof apiAs>[0], tag: string) {
  const manager = await apiAs(request, 'Manager')
  const keeper = await apiAs(request, 'Storekeeper')
  const s = await setUp(manager.send, tag)
  await manager.send('post', `/stock-counts/${s.count.id}/entries`, { device_id: 'manager-phone', entries: [entry(s.area.id, s.gin.id, 4), entry(s.area.id, s.rum.id, 10)] })
  await keeper.send('post', `/stock-counts/${s.count.id}/entries`, { device_id: 'store-phone', entries: [entry(s.area.id, s.gin.id, 3)] })
  await manager.send('post', `/stock-counts/${s.count.id}/submit`, { uncounted: 'UNCHANGED' })
  return { ...s, send: manager.send }
}

test('a double count shows both figures; approval waits; "Add them" posts the sum', async ({ page, request }) => {
  const { gin, rum, area, count, send } = await doubleCounted(request, `Double ${Date.now()}`)
  // The sheet notes the line counted twice (and only it).
  await signInAs(page, 'Manager', `/counts/${count.id}`)
  await expect(page.getByTestId(`counted-twice-${gin.id}`)).toHaveText('Counted twice — the Manager decides at review', LOAD)
  await expect(page.getByTestId(`line-${rum.id}`)).toBeVisible()
  await expect(page.getByTestId(`counted-twice-${rum.id}`)).toHaveCount(0)
  await page.goto(`/counts/${count.id}/review`)
  await expect(page.getByRole('heading', { name: 'Double counts' })).toBeVisible(LOAD)
  const line = page.getByTestId(`double-${area.id}-${gin.id}`)
  await expect(line).toContainText(`${gin.name} · ${area.name}`)
  await expect(line).toContainText(`${DEMO.Manager.name} · manager-phone`)
  await expect(line).toContainText(`${DEMO.Storekeeper.name} · store-phone`)
  await expect(line.getByRole('button', { name: `Keep ${DEMO.Manager.name}'s 4` })).toBeVisible()
  await expect(line.getByRole('button', { name: `Keep ${DEMO.Storekeeper.name}'s 3` })).toBeVisible()
  // Approval is disabled with its reason; the server refuses it too.
  const approve = page.getByRole('button', { name: 'Approve and post' })
  await expect(approve).toBeDisabled()
  await expect(page.getByText('Resolve the 1 double count above before approving.')).toBeVisible()
  const refused = await request.post(`/api/stock-counts/${count.id}/approve`, { headers: { authorization: `Bearer ${(await apiAs(request)).token}` }, data: {} })
  expect([refused.status(), (await refused.json()).message]).toEqual([409, `Two counters disagree on: ${gin.name} in ${area.name}. Keep one entry, add them (SUM) or ask for a recount before approving.`])
  // The devices: each counter's phone, nothing waiting.
  const devices = page.getByTestId('review-devices')
  await expect(devices.getByRole('row', { name: /manager-phone/ })).toContainText(DEMO.Manager.name)
  await expect(devices.getByRole('row', { name: /store-phone/ })).toContainText(DEMO.Storekeeper.name)
  await expectAccessible(page)

  await line.getByRole('button', { name: /^Add them \(7/ }).click()
  await expect(line).toContainText(`Resolved by ${DEMO.Manager.name} (added: 7`)
  await expect(page.getByTestId(`review-${gin.id}`)).toContainText('Counted7')
  // 3 kg short at 40 a kg is over the threshold: it takes a reason, then approval goes through.
  await page.getByLabel(`Reason for ${gin.name}`).fill('Two shelves, one spilled')
  await page.getByLabel(`Reason for ${gin.name}`).press('Tab')
  await expect(page.getByText('1 item over the threshold need a reason')).toHaveCount(0)
  await expect(approve).toBeEnabled()
  await approve.click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve and post' }).click()
  await expect(page).toHaveURL(/\/counts$/)
  expect((await send('get', `/items/${gin.id}`)).current_quantity).toBe(7)
})

test('"Ask for a recount" reopens the count with the line uncounted', async ({ page, request }) => {
  const { gin, area, count, send } = await doubleCounted(request, `Recount ${Date.now()}`)
  await signInAs(page, 'Manager', `/counts/${count.id}/review`)
  const line = page.getByTestId(`double-${area.id}-${gin.id}`)
  await line.getByRole('button', { name: 'Ask for a recount' }).click(LOAD)
  await expect(line).toContainText(`Resolved by ${DEMO.Manager.name} (recount`)
  await expect(page.getByText('Open', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve and post' })).toHaveCount(0)
  await expect(page.getByTestId(`review-${gin.id}`)).toContainText('Not counted')
  const detail = await send('get', `/stock-counts/${count.id}`)
  expect([detail.status, detail.double_counts, detail.lines.find((l: { item_id: number }) => l.item_id === gin.id).counted]).toEqual(['OPEN', 0, null])
})

test('a device still holding entries makes Approve ask first', async ({ page, request }) => {
  const manager = await apiAs(request, 'Manager')
  const keeper = await apiAs(request, 'Storekeeper')
  const { gin, rum, area, count } = await setUp(manager.send, `Waiting ${Date.now()}`)
  await keeper.send('post', `/stock-counts/${count.id}/entries`, { device_id: 'store-phone', queued: 3, entries: [entry(area.id, gin.id, 9), entry(area.id, rum.id, 10)] })
  await manager.send('post', `/stock-counts/${count.id}/submit`, { uncounted: 'UNCHANGED' })
  await signInAs(page, 'Manager', `/counts/${count.id}/review`)
  await expect(page.getByTestId('review-devices').getByRole('row', { name: /store-phone/ })).toContainText('3', LOAD)
  await page.getByRole('button', { name: 'Approve and post' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(`3 counts are still on ${DEMO.Storekeeper.name}'s phone, not yet on the box. Approve anyway?`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  expect((await manager.send('get', `/stock-counts/${count.id}`)).status).toBe('SUBMITTED')
})
