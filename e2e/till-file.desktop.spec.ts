import { type APIRequestContext, type Locator } from '@playwright/test'
import { squareCsv, type SquareRow } from '../src/modules/sales/fixtures/square-export'
import { expect as baseExpect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

// Issue 32 (4): food cost with a real till file. A Square Items Detail export of 150 codes, with voided lines and
// a refund, is checked (its day and the lines not counted shown), mapped and imported in under 30 taps: the dish's
// two codes found, ticked and mapped together, the other 148 selected at once and ignored. The food cost tab
// then picks the last two counts, approved minutes apart on the same day, and shows the sales made between them.

const expect = baseExpect.configure({ timeout: 20_000 })

async function api(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() }, data: data as never })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return (await res.json()).data
}

/** A date and a time of an instant in a zone, as Square writes them. */
function wallClock(at: Date, zone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  )
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` }
}

test('a Square export with voided lines and 150 codes is mapped in under 30 taps and counts no voided line; food cost between two counts approved the same day shows the sales', async ({ page }) => {
  test.setTimeout(180_000) // a loaded 2-core box: the axe runs on the 150-code page take seconds
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const tag = Date.now().toString(36)
  const zone: string = (await (await page.request.get('/api/settings/display')).json()).data.time_zone
  const category = (await api(page.request, token, 'get', '/api/categories?limit=1'))[0].id
  const supplier = (await api(page.request, token, 'get', '/api/suppliers?limit=1'))[0].id
  const chicken = await api(page.request, token, 'post', '/api/items', { name: `Chicken ${tag}`, unit: 'kg', cost_price: 8, category_id: category, supplier_id: supplier, current_quantity: 5 })
  const dish = `Tikka ${tag}`
  await api(page.request, token, 'post', '/api/recipes', { name: dish, kind: 'MENU', menu_price: 16.95, lines: [{ item_id: chicken.id, quantity: 200, unit: 'g' }] })
  const area = await api(page.request, token, 'post', '/api/storage-areas', { name: `Walk-in ${tag}` })
  await api(page.request, token, 'put', `/api/storage-areas/${area.id}/items`, { item_ids: [chicken.id] })
  const count = async (counted: number) => {
    const c = await api(page.request, token, 'post', '/api/stock-counts', { area_ids: [area.id], blind: false })
    await api(page.request, token, 'put', `/api/stock-counts/${c.id}/lines`, { area_id: area.id, item_id: chicken.id, counted })
    await api(page.request, token, 'post', `/api/stock-counts/${c.id}/submit`, { uncounted: 'UNCHANGED' })
    await api(page.request, token, 'post', `/api/stock-counts/${c.id}/approve`)
    return c.id as number
  }
  await count(5)

  // Lunch service, after the opening count: the dish in two price points, three voided lines and a refund, and
  // 148 other codes (drinks, extras) that are not food to cost.
  const soldAt = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000)
  const { date, time } = wallClock(soldAt, zone)
  const code = `TIKKA ${tag}`
  const rows: SquareRow[] = [
    { date, time, zone, item: code, variation: 'Regular', qty: 2, net: 33.9 },
    { date, time, zone, item: code, variation: 'Large', net: 19.95 },
    { date, time, zone, item: code, variation: 'Regular', voided: true },
    { date, time, zone, item: code, variation: 'Large', voided: true },
    { date, time, zone, item: code, variation: 'Regular', qty: 3, voided: true },
    { date, time, zone, item: code, variation: 'Regular', net: 16.95, refund: true },
    ...Array.from({ length: 148 }, (_, i) => ({ date, time, zone, item: `Drink ${tag} ${String(i).padStart(3, '0')}`, net: 1 })),
  ]

  let taps = 0
  const click = async (target: Locator) => (taps++, await target.click())
  const typeIn = async (target: Locator, text: string) => ((taps += 1 + text.length), await target.fill(text))
  const choose = async (target: Locator, label: string) => ((taps += 2), await target.selectOption({ label })) // open the list, pick

  await signInAs(page, 'Manager', '/recipes')
  await click(page.getByRole('tab', { name: 'Sales import' }))
  taps += 2 // the file chooser: open it, pick the file
  await page.getByLabel('Sales CSV file').setInputFiles({ name: `items-${date}-${date}.csv`, mimeType: 'text/csv', buffer: Buffer.from(squareCsv(rows)) })
  await expect(page.getByLabel('Till (POS) name')).toHaveValue('Square') // told from the file's header, no typing
  await click(page.getByRole('button', { name: 'Check file' }))

  const summary = page.getByRole('region', { name: 'Import result' }).getByRole('status')
  await expect(summary).toContainText('150 lines counted of 154')
  await expect(summary).toContainText('4 voided/refunded lines not counted')
  await expect(summary).toContainText(/Sales on \S/)
  await expect(page.getByRole('heading', { name: 'Codes to map (150)' })).toBeVisible()

  // Find the dish's codes (a tap on the field and five keys), tick both at once, map them together.
  await typeIn(page.getByLabel('Find a code'), 'tikka')
  await expect(page.getByRole('checkbox', { name: /^Tick / })).toHaveCount(2)
  await expectAccessible(page)
  await click(page.getByRole('checkbox', { name: 'Select all 2 shown' }))
  await choose(page.getByLabel('Map ticked codes to'), dish)
  await click(page.getByRole('button', { name: 'Map 2 ticked' }))
  await expect(page.getByRole('heading', { name: 'Codes to map (148)' })).toBeVisible()
  await click(page.getByRole('checkbox', { name: 'Select all 148 shown' }))
  await click(page.getByRole('button', { name: 'Ignore 148 ticked' }))
  await expect(page.getByText('Every code is mapped to a dish or ignored.')).toBeVisible()
  await click(page.getByRole('button', { name: 'Import sales' }))
  await expect(summary).toContainText('Imported')

  // The closing count, approved on the same day once the sales' second has passed.
  await expect.poll(() => Date.now() > soldAt.getTime() + 1000).toBe(true)
  await count(5)
  await click(page.getByRole('tab', { name: 'Food cost' }))
  const foodCost = page.getByRole('region', { name: 'Food cost' })
  // 2 × 16.95 + 19.95: the voided lines and the refund are not sales.
  await expect(foodCost.getByText('Food sales').locator('..')).toContainText('53.85')
  await expect(foodCost.getByText(/^Sales from .+ to .+/)).toBeVisible()
  await expect(foodCost.getByText(/No sales recorded/)).toHaveCount(0)
  expect(taps, 'taps from the sales tab to the food cost figures').toBeLessThan(30)
  await expectAccessible(page)

  // A window with no sales in it says so plainly and leads to the import.
  await page.getByLabel('Sales from').fill('2001-01-01T00:00')
  await page.getByLabel('Sales to').fill('2001-01-02T00:00')
  await expect(foodCost.getByRole('status')).toContainText(/No sales recorded between .+ and .+/)
  await foodCost.getByRole('link', { name: 'Import sales' }).click()
  await expect(page.getByRole('tab', { name: 'Sales import' })).toHaveAttribute('aria-selected', 'true')
})
