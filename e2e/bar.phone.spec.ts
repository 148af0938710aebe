import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'

// Issue 35 on a phone (375 px): a Storekeeper counts a bottle item by weight — one full case and three open
// bottles weighed on the numeric keypad — submits, and the Manager's review shows the open volume.

test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

test('three open bottles by weight and one full case, submitted; the review shows the volume', async ({ page, request }) => {
  const tag = `Bar ${Date.now()}`
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const gin = await send('post', '/items', {
    name: `${tag} gin`, category_id: category.id, supplier_id: supplier.id, unit: 'L', cost_price: 300, current_quantity: 10,
    packs: [{ name: 'bottle', size: 0.7 }, { name: 'case', size: 8.4 }], bottle_ml: 700, tare_g: 500, density_g_ml: 0.95,
  })
  const area = await send('post', '/storage-areas', { name: `${tag} back bar` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [gin.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })

  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Count #${count.id}` })).toBeVisible(LOAD)
  await page.getByLabel('case (8.4 L)').fill('1')
  const first = page.getByLabel('Open bottle 1 (g)')
  await expect(first).toHaveAttribute('inputmode', 'decimal')
  await first.fill('832.5')
  await page.getByRole('button', { name: 'Add open bottle' }).click()
  await page.getByLabel('Open bottle 2 (g)').fill('612')
  await page.getByRole('button', { name: 'Add open bottle' }).click()
  await page.getByLabel('Open bottle 3 (g)').fill('845')
  // 350 + 117.89… + 363.16… ml, rounded once: 831.05 ml; 8.4 L + 0.83 L.
  await expect(page.getByTestId(`open-total-${gin.id}`)).toHaveText('12 full + 831.05 ml open')
  await expect(page.getByTestId(`state-${gin.id}`)).toHaveText('Saved')
  // A weight over the full bottle is refused where it is typed, naming both limits.
  await page.getByLabel('Open bottle 3 (g)').fill('1200')
  await expect(page.getByTestId(`line-${gin.id}`)).toContainText('empty 500 g, full 1165 g')
  await page.getByLabel('Open bottle 3 (g)').fill('845')
  await expect(page.getByTestId(`state-${gin.id}`)).toHaveText('Saved')
  const sheet = await send('get', `/stock-counts/${count.id}`)
  expect(sheet.lines[0]).toMatchObject({ counted: 9.23, open: { weights_g: [832.5, 612, 845], tenths: [], ml: 831.05 } })
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Submit count' }).click()
  await page.getByRole('dialog', { name: 'Submit the count' }).getByRole('button', { name: 'Submit count' }).click()
  await expect(page.getByText('SUBMITTED', { exact: true })).toBeVisible()

  await signInAs(page, 'Manager', `/counts/${count.id}/review`)
  await expect(page.getByRole('heading', { name: `Review count #${count.id}` })).toBeVisible(LOAD)
  await expect(page.getByTestId(`review-open-${gin.id}`)).toHaveText('incl. 831.05 ml open')
  await expect(page.getByTestId(`review-${gin.id}`)).toContainText('1 case + 1 bottle + 0.13 L')
})

test('a Storekeeper weighs a bottle on the item form: size, empty and full weight become its bottle facts', async ({ page, request }) => {
  const tag = `Bottle ${Date.now()}`
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const rum = await send('post', '/items', { name: `${tag} rum`, category_id: category.id, supplier_id: supplier.id, unit: 'bottles', cost_price: 240 })
  await signInAs(page, 'Storekeeper', '/stock')
  await page.getByLabel('Search items').fill(rum.name)
  const row = page.locator('tbody tr, ul > li').filter({ hasText: rum.name })
  await row.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Item' })
  await edit.getByText('Bottle (bar): count open bottles by weight').click()
  await edit.getByRole('button', { name: '700 ml' }).click()
  await expect(edit.getByLabel('Bottle size (ml)')).toHaveValue('700')
  await edit.getByLabel('Empty bottle weight (g)').fill('500')
  await edit.getByLabel('Full bottle weight (g)').fill('1165')
  await edit.getByRole('button', { name: 'Update Item' }).click()
  await expect(edit).toHaveCount(0, LOAD)
  expect((await send('get', `/items/${rum.id}`)).bottle).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'full_g' })
})

test('the Manager reads the pour cost report at 375 px: a drink above its target, its category, the CSV button', async ({ page, request }) => {
  const tag = `Pour ${Date.now()}`
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const gin = await send('post', '/items', { name: `${tag} gin`, category_id: category.id, supplier_id: supplier.id, unit: 'L', cost_price: 400 })
  await send('post', '/recipes', { name: `${tag} martini`, kind: 'MENU', category: 'Cocktails', menu_price: 60, lines: [{ item_id: gin.id, quantity: 2, unit: 'oz' }] })
  await signInAs(page, 'Manager', '/manager/reports')
  await page.getByRole('link', { name: "Pour cost of the bar's drinks" }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pour cost' })).toBeVisible(LOAD)
  // 2 oz = 59.14 ml × 0.40 = 23.656 → 23.66; ÷ 60 = 39.43% against the cocktails' 20%.
  const row = page.locator('tbody tr, ul > li').filter({ hasText: `${tag} martini` })
  await expect(row.first()).toContainText('39.43%')
  await expect(row.first()).toContainText('Above target')
  await expect(page.getByRole('list', { name: 'By category' })).toContainText('cocktails')
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
  await expectAccessible(page)
})
