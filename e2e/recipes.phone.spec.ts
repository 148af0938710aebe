import { type APIRequestContext } from '@playwright/test'
import { expect as baseExpect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

// The recipe editor on a 375 px phone: lines typed one by one, the cost tree follows, lines that
// cannot be costed say why, and a Storekeeper only reads.

// Two cores shared by many jobs: a page of several chunks and a few API calls can take a while.
test.setTimeout(180_000)
// Lazy page chunks and the debounced cost preview take seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 20_000 })

async function makeItem(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${token}` }
  const lookups = await request.get('/api/categories?limit=1', { headers })
  const suppliers = await request.get('/api/suppliers?limit=1', { headers })
  const res = await request.post('/api/items', {
    headers,
    data: { category_id: (await lookups.json()).data[0].id, supplier_id: (await suppliers.json()).data[0].id, ...body },
  })
  expect(res.status(), JSON.stringify(await res.json())).toBe(201)
  return (await res.json()).data as { id: number; name: string }
}

test('a Chef builds the pasta plate on a phone: the live cost tree reaches 1.27 and 25.30%, a missing density is named', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const tag = Date.now().toString(36)
  const pasta = await makeItem(page.request, token, { name: `Pasta ${tag}`, unit: 'kg', cost_price: 2.5 })
  const parmesan = await makeItem(page.request, token, { name: `Parmesan ${tag}`, unit: 'kg', cost_price: 20 })
  const oil = await makeItem(page.request, token, { name: `Oil ${tag}`, unit: 'L', cost_price: 12 })
  const tomato = await makeItem(page.request, token, { name: `Tomato ${tag}`, unit: 'kg', cost_price: 3 })
  const onion = await makeItem(page.request, token, { name: `Onion ${tag}`, unit: 'kg', cost_price: 2, yield_pct: 80 })
  const sauce = await page.request.post('/api/recipes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Sauce ${tag}`,
      kind: 'PREP',
      yield_quantity: 2000,
      yield_unit: 'ml',
      lines: [
        { item_id: tomato.id, quantity: 2, unit: 'kg' },
        { item_id: oil.id, quantity: 100, unit: 'ml' },
        { item_id: onion.id, quantity: 400, unit: 'g' },
      ],
    },
  })
  expect(sauce.status()).toBe(201)

  await signInAs(page, 'Chef', '/recipes')
  await expect(page.getByRole('heading', { name: 'Recipes', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New recipe' }).click()
  await expect(page).toHaveURL(/\/recipes\/new$/)
  await page.getByLabel('Name', { exact: true }).fill(`Pasta plate ${tag}`)
  await page.getByLabel(/^Menu price/).fill('5')

  const addItem = async (n: number, name: string, quantity: string, unit: string) => {
    await page.getByRole('button', { name: 'Add item' }).click()
    const line = page.locator(`[data-line="${n}"]`)
    await line.getByRole('combobox', { name: `Line ${n}: item` }).fill(name)
    await page.getByRole('option', { name: new RegExp(name) }).click()
    await line.getByLabel('Quantity').fill(quantity)
    await line.getByLabel('Unit').fill(unit)
  }
  await addItem(1, pasta.name, '100', 'g')
  await page.getByRole('button', { name: 'Add sub-recipe' }).click()
  const subLine = page.locator('[data-line="2"]')
  await subLine.getByLabel(/sub-recipe/).selectOption({ label: `Sauce ${tag} (2000 ml)` })
  await subLine.getByLabel('Quantity').fill('150')
  await subLine.getByLabel('Unit').fill('ml')
  await addItem(3, parmesan.name, '20', 'g')

  const cost = page.getByRole('region', { name: 'Cost' })
  await expect(cost.getByText('25.30%')).toBeVisible()
  await expect(cost.getByText(/1\.27/).first()).toBeVisible()
  await expect(cost.getByText(/4\.22/)).toBeVisible()
  // The sub-recipe's own lines, scaled to the 150 ml used.
  await expect(cost.getByText(`Tomato ${tag}`)).toBeVisible()

  // Oil by weight without a density: the line says why and the plate is not costed.
  await addItem(4, oil.name, '91', 'g')
  await expect(cost.getByText(/set its density/).first()).toBeVisible()
  await expect(cost.getByText('No conversion')).toBeVisible()
  await expect(page.locator('[data-line="4"]').getByText(/No conversion: .*density/)).toBeVisible()
  await expect(cost.getByText(/^Not complete/)).toBeVisible()
  await expectAccessible(page)

  await page.locator('[data-line="4"]').getByRole('button', { name: 'Remove line 4' }).click()
  await expect(cost.getByText('25.30%')).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
  await page.getByRole('button', { name: 'Save recipe' }).click()
  await expect(page.getByText('Recipe created successfully')).toBeVisible()
  await expect(page.getByRole('link', { name: `Pasta plate ${tag}` })).toBeVisible()
})

test('a Storekeeper reads a recipe and its cost, with no editing', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const tag = Date.now().toString(36)
  const rice = await makeItem(page.request, token, { name: `Rice ${tag}`, unit: 'kg', cost_price: 4 })
  const res = await page.request.post('/api/recipes', { headers: { authorization: `Bearer ${token}` }, data: { name: `Rice bowl ${tag}`, kind: 'MENU', menu_price: 2, lines: [{ item_id: rice.id, quantity: 150, unit: 'g' }] } })
  expect(res.status()).toBe(201)
  await signInAs(page, 'Storekeeper', '/recipes')
  await expect(page.getByRole('link', { name: 'New recipe' })).toHaveCount(0)
  // Found by name: the list pages by 10 and the demo's menu fills the first page (issue 32.11).
  await page.getByLabel('Search recipes').fill(`Rice bowl ${tag}`)
  await page.getByRole('link', { name: `Rice bowl ${tag}` }).click()
  await expect(page.getByText('30.00%')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save recipe' })).toHaveCount(0)
  await expectAccessible(page)
})
