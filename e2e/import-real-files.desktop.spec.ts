// Issue 32.7: the import wizard and the files restaurants have — a hand-kept bottle count (brand, item and size in
// three columns, a product in two sizes), a supplier's order lines (codes repeated in every order, prices with three
// decimals) and a header written twice.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

function writeCsv(name: string, lines: string[]) {
  const path = join(mkdtempSync(join(tmpdir(), 'rims-import-')), name)
  writeFileSync(path, lines.join('\r\n') + '\r\n')
  return path
}

async function openWizard(page: import('@playwright/test').Page, file: string) {
  await signInAs(page, 'Storekeeper', '/stock/import')
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible()
  await page.getByLabel('CSV file').setInputFiles(file)
}

const search = async (request: import('@playwright/test').APIRequestContext, q: string) => {
  const api = await apiAs(request, 'Storekeeper')
  return (await api.send('get', `/items/search?q=${encodeURIComponent(q)}`)) as { name: string; unit: string; current_quantity: number; cost_price: number; sku: string | null }[]
}

test('a bottle count with brand, item and size columns imports without editing: names combined, the size a pack', async ({ page }) => {
  const brand = `Cooper ${stamp()}`
  await openWizard(
    page,
    writeCsv('bottles.csv', ['Liquor Brand,Item,Size,Location,Full,Partial,Cost for Bottle', `${brand},Straight Rye,750ml,Back bar,4,0.5,30`, `${brand},Straight Rye,1000ml,Back bar,2,,38`]),
  )
  // The first values under each column.
  await expect(page.getByRole('list', { name: 'First values of “Size”' })).toContainText('750ml')
  await expect(page.getByRole('list', { name: 'First values of “Size”' })).toContainText('1000ml')
  await page.getByLabel('Read “Size” as').selectOption('unit')

  // Brand + Item + Size → name.
  await page.getByLabel('Field to build').selectOption('name')
  const columns = page.getByRole('group', { name: 'Columns to combine' })
  for (const c of ['Liquor Brand', 'Item', 'Size']) await columns.getByLabel(c, { exact: true }).check()
  await page.getByRole('button', { name: 'Combine 3 columns' }).click()
  await expect(page.getByRole('list', { name: 'Combined fields' })).toContainText(`“${brand} Straight Rye 750ml”`)
  // The same category for every row.
  await page.getByLabel('Field for every row').selectOption('category')
  await page.getByLabel('Value for every row').fill('Spirits')
  await page.getByRole('button', { name: 'Use for every row' }).click()

  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByRole('region', { name: 'Import counts' })).toContainText('To create')
  await expect(page.getByRole('table', { name: 'Errors in the file' })).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 created, 0 updated' }).first()).toBeVisible()

  const found = await search(page.request, brand)
  expect(found.map((i) => [i.name, i.unit, i.current_quantity]).sort()).toEqual([
    [`${brand} Straight Rye 1000ml`, 'L', 2],
    // 4 bottles and half a bottle of 0.75 L: 3 + 0.375 → 3.38 L.
    [`${brand} Straight Rye 750ml`, 'L', 3.38],
  ])
})

test("a supplier's order lines with repeated codes and 3-decimal prices import with the chosen rule", async ({ page }) => {
  const s = stamp()
  await openWizard(
    page,
    writeCsv('order-lines.csv', [
      'order_number,supc,description,qty,uom,unit_price',
      `1001,T${s},Tomato diced ${s},2.0,CS,31.455`,
      `1001,F${s},Flour ${s},1.0,CS,22.10`,
      `1002,T${s},Tomato diced ${s},3.0,CS,31.995`,
    ]),
  )
  await page.getByLabel('Read “supc” as').selectOption('sku')
  await page.getByLabel('Read “order_number” as').selectOption('')
  // Refused by default: each repeat is an error.
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByRole('table', { name: 'Errors in the file' })).toContainText('Row 2 has the same sku')

  await page.getByLabel('Add up the quantities (other columns from the last row)').check()
  await page.getByLabel(/Round prices with more than 2 decimals/).check()
  await page.getByRole('button', { name: 'Check file' }).click()
  const warnings = page.getByRole('list', { name: 'Warnings' })
  await expect(warnings).toContainText('2 prices rounded to the cent')
  await expect(warnings).toContainText('1 repeated row for 1 item: quantities added up')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 created' }).first()).toBeVisible()

  const [tomato] = await search(page.request, `Tomato diced ${s}`)
  expect(tomato).toMatchObject({ sku: `T${s}`, unit: 'CS', current_quantity: 5, cost_price: 32 })
})

test('a header written twice is offered as two columns to choose from, and the choice is remembered for the same headers', async ({ page }) => {
  const gin = `Gin ${stamp()}`
  const file = writeCsv('twice.csv', ['name,unit,Full bottles,Full bottles', `${gin},bottle,1,6`])
  await openWizard(page, file)
  const first = page.getByLabel('Read “Full bottles (column C)” as')
  const second = page.getByLabel('Read “Full bottles (column D)” as')
  await expect(first).toHaveValue('?')
  await expect(second).toHaveValue('?')
  await expect(page.getByRole('button', { name: 'Check file' })).toBeDisabled()
  await expect(page.getByText('a header that appears twice is never read without asking')).toBeVisible()
  await first.selectOption('')
  await second.selectOption('current_quantity')
  await page.getByRole('button', { name: 'Check file' }).click()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 1 created' }).first()).toBeVisible()
  expect((await search(page.request, gin))[0]).toMatchObject({ current_quantity: 6 })

  // The next file with these headers is read the same way.
  await page.reload()
  await page.getByLabel('CSV file').setInputFiles(file)
  await expect(page.getByText('Columns read as on your last import of a file with these headers')).toBeVisible()
  await expect(page.getByLabel('Read “Full bottles (column D)” as')).toHaveValue('current_quantity')
  await expect(page.getByLabel('Read “Full bottles (column C)” as')).toHaveValue('')
})
