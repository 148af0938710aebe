import { expect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

// The scanning pages on a 375 px phone: scan to count (from an area's QR label) and the labels sheet.
test.setTimeout(90_000)

test('scan to count and labels on a phone: usable, accessible', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const auth = { Authorization: `Bearer ${token}` }
  const area = (await (await page.request.post('/api/storage-areas', { headers: auth, data: { name: 'Phone Shelf' } })).json()).data
  const items = (await (await page.request.get('/api/items?limit=3', { headers: auth })).json()).data as { id: number }[]
  await page.request.put(`/api/storage-areas/${area.id}/items`, { headers: auth, data: { item_ids: items.map((i) => i.id) } })
  expect((await page.request.post('/api/stock-counts', { headers: auth, data: { area_ids: [area.id], blind: true } })).status()).toBe(201)

  await signInAs(page, 'Storekeeper', `/scan?area=${area.id}`)
  await expect(page.getByRole('heading', { name: 'Scan to count' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByLabel('Area')).toHaveValue(String(area.id), { timeout: 15_000 })
  await expect(page.getByLabel('Scan field')).toBeFocused()
  await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeVisible()
  await expectAccessible(page)

  await page.goto('/labels')
  await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('img', { name: 'QR code for Phone Shelf' })).toBeVisible({ timeout: 60_000 })
  await expectAccessible(page)
})
