import { expect as baseExpect, test } from './fixtures'
import { apiAs, signInAs } from './helpers'

// Issue 32, item 1: units as people write them, in Chromium against the real server with the demo data.
// The demo keeps Fresh milk in "liters": a recipe line in ml costs without asking for a density. A "750ml"
// unit cell in an import is a pack of 0.75 L, shown "3 × 750 ml", never "3 750ml".

test.setTimeout(120_000)
const expect = baseExpect.configure({ timeout: 20_000 })

test("'liters' and '750ml' read right", async ({ page }) => {
  const { token, send } = await apiAs(page.request, 'Manager')
  const tag = Date.now().toString(36)
  const [milk] = (await send('get', '/items/search?q=Fresh%20milk')) as { id: number; unit: string; cost_price: number }[]
  expect(milk!.unit).toBe('liters')
  await send('post', '/recipes', { name: `Milk tea ${tag}`, kind: 'MENU', menu_price: 100, lines: [{ item_id: milk!.id, quantity: 250, unit: 'ml' }] })
  const imported = await page.request.post('/api/imports/items?dry_run=false', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    data: `name,unit,cost_price,current_quantity\nHouse red ${tag},750ml,90,3\n`,
  })
  expect(imported.status(), await imported.text()).toBe(200)

  await signInAs(page, 'Manager', '/recipes')
  await page.getByRole('link', { name: `Milk tea ${tag}` }).click()
  const cost = page.getByRole('region', { name: 'Cost' })
  const lineCost = (Math.round(milk!.cost_price * 25) / 100).toFixed(2)
  await expect(cost.getByText(new RegExp(lineCost.replace('.', '\\.'))).first()).toBeVisible()
  await expect(cost.getByText(/density|not a unit/)).toHaveCount(0)
  await expect(cost.getByText(/^Not complete/)).toHaveCount(0)

  await page.goto('/stock')
  await page.getByLabel('Search items').fill(`House red ${tag}`)
  const row = page.locator('tbody > tr').filter({ hasText: `House red ${tag}` })
  await expect(row).toContainText('3 × 750 ml')
  await expect(row).not.toContainText('750ml')
})
