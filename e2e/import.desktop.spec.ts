// Items tab: Export CSV, and a Manager ticks rows and sets their minimum with the bulk-edit bar.
import { expect, test } from './fixtures'
import { apiLogin, DEMO, signInAs } from './helpers'

test('Export CSV downloads the items; ticked rows get a new minimum from the bulk-edit bar', async ({ page }) => {
  test.setTimeout(90_000)
  const s = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const csv = `name,unit,cost_price,min_stock_level\nBulk A ${s},kg,1,0\nBulk B ${s},kg,1,0\n`
  const imported = await page.request.post('/api/imports/items?dry_run=false', { headers: { Authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, data: csv })
  expect(imported.status()).toBe(200)

  await signInAs(page, 'Manager', '/stock')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export items as CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/)

  await page.getByLabel('Search items').fill(`Bulk A ${s}`)
  await page.getByRole('checkbox', { name: `Select Bulk A ${s}` }).check()
  await page.getByLabel('Search items').fill(`Bulk B ${s}`)
  await page.getByRole('checkbox', { name: `Select Bulk B ${s}` }).check()
  const bar = page.getByRole('region', { name: 'Bulk edit' })
  await expect(bar).toContainText('2 items selected')
  const box = await page.getByRole('checkbox', { name: `Select Bulk B ${s}` }).locator('..').boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  await bar.getByLabel('Set min stock level').fill('3,5')
  await bar.getByRole('button', { name: 'Apply to 2' }).click()
  await expect(page.getByText('2 items updated')).toBeVisible()
  await expect(bar).toHaveCount(0)

  const found = await (await page.request.get(`/api/items/search?q=${encodeURIComponent(s)}`, { headers: { Authorization: `Bearer ${token}` } })).json()
  expect(found.data.map((i: { min_stock_level: number }) => i.min_stock_level)).toEqual([3.5, 3.5])
})
