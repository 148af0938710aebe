// Issue 32, item 11: a newcomer's first look. A server of its own over a fresh --demo database (the worker's
// shared one holds what other specs made): every new page opens on data, none on an empty state.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect as baseExpect, test } from './fixtures'
import { DEMO, DEMO_PASSWORD, expectAccessible, startServer } from './helpers'

// Lazy page chunks take seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 20_000 })

test.describe('the demo tour', () => {
  let base = ''
  let data = ''
  let stop: (() => Promise<void>) | undefined

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    data = mkdtempSync(join(tmpdir(), 'rims-e2e-demo-'))
    const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 50 : undefined
    const started = await startServer({ data, port, demo: true })
    base = started.base
    stop = started.stop
  })
  test.afterAll(async () => {
    await stop?.()
    rmSync(data, { recursive: true, force: true })
  })

  test('on a fresh --demo every new page shows data (areas, counts, suggestions, orders, recipes, food cost)', async ({ page }) => {
    test.setTimeout(120_000)
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.Manager.email, password: DEMO_PASSWORD }) })).json()
    await page.goto(`${base}/favicon.svg`)
    await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), login.data)
    const main = page.getByRole('main')

    // Storage areas in shelf order, with their items.
    await page.goto(`${base}/counts/areas`)
    await expect(main.getByText('Cold room').first()).toBeVisible()
    await expect(main.getByText('Bar').first()).toBeVisible()

    // Counts: the monthly counts approved, tonight's bar count open.
    await page.goto(`${base}/counts`)
    const counts = main.locator('tbody > tr, ul > li')
    await expect(counts.filter({ has: page.getByText('Approved', { exact: true }) })).toHaveCount(3)
    await expect(counts.filter({ has: page.getByText('Open', { exact: true }) }).filter({ hasText: 'Bar' })).toHaveCount(1)
    await expectAccessible(page)

    // Suggestions beside the low items, and the orders: one received, one sent.
    await page.goto(`${base}/purchasing`)
    await expect(page.getByRole('region', { name: 'Kafue Fisheries' })).toBeVisible()
    await expect(page.getByText(/^Nothing to order/)).toHaveCount(0)
    await page.getByRole('tab', { name: 'Orders' }).click()
    await expect(main.getByText('Received', { exact: true }).first()).toBeVisible()
    await expect(main.getByText('Sent', { exact: true }).first()).toBeVisible()

    // Recipes, and the food cost between the last two counts.
    await page.goto(`${base}/recipes`)
    await expect(main.getByText('Grilled bream with nshima', { exact: true })).toBeVisible()
    await expect(main.getByText('Nshima', { exact: true })).toBeVisible()
    await page.goto(`${base}/recipes?tab=period`)
    const options = page.getByLabel('Opening count').locator('option:not([value=""])')
    await expect(options).toHaveCount(3)
    const ids = (await options.evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)))).sort((a, b) => a - b)
    await page.getByLabel('Opening count').selectOption(String(ids[1]))
    await page.getByLabel('Closing count').selectOption(String(ids[2]))
    const foodCost = page.getByRole('region', { name: 'Food cost' })
    await expect(foodCost.getByText('Cost of goods sold')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Actual vs theoretical' }).getByText('Beef T-bone').first()).toBeVisible()
    await expectAccessible(page)
  })
})
