// Stock → Import: a real CSV file chosen in the browser, its columns mapped, a dry run with errors, then a clean import.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

const stamp = () => `${test.info().project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A LibreOffice-style file: semicolons, decimal commas, a header the importer does not know ("Artikel"). */
function writeCsv(name: string, rows: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-import-'))
  const path = join(dir, name)
  writeFileSync(path, ['Artikel;Unit;Category;Cost price;Current quantity;Colour', ...rows].join('\n') + '\n')
  return path
}

test('a Storekeeper maps a column, sees every error of a dry run, fixes the file and imports it', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(90_000)
  const s = stamp()
  const flour = `Flour ${s}`
  const oil = `Oil ${s}`
  await signInAs(page, 'Storekeeper', '/stock')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible()

  // A file with two bad cells.
  await page.getByLabel('CSV file').setInputFiles(writeCsv('stock.csv', [`${flour};bag;Dry goods;45,50;10;white`, `${oil};bottle;Dry goods;12,5x;4;`, `Bad ${s};kg;Dry goods;3;2,345;`]))
  const artikel = page.getByLabel('Read “Artikel” as')
  await expect(artikel).toHaveValue('')
  await expect(page.getByText('not recognised').first()).toBeVisible()
  await expect(page.getByLabel('Read “Cost price” as')).toHaveValue('cost_price')
  await artikel.selectOption('name')
  await page.getByRole('button', { name: 'Check file' }).click()

  const errors = page.getByRole('table', { name: 'Errors in the file' })
  await expect(errors).toBeVisible()
  await expect(errors.getByRole('row').filter({ hasText: 'cost_price must be a number' })).toContainText('3')
  await expect(errors.getByRole('row').filter({ hasText: 'cost_price must be a number' })).toContainText('12,5x')
  await expect(errors.getByRole('row').filter({ hasText: 'current_quantity must have at most 2 decimal places' })).toContainText('4')
  await expect(page.getByText('Column "Colour" is not known and was ignored')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0)
  await expectAccessible(page)

  // The fixed file: the mapping is asked again for a new file, then Import writes it all.
  await page.getByLabel('CSV file').setInputFiles(writeCsv('stock-fixed.csv', [`${flour};bag;Dry goods;45,50;10;white`, `${oil};bottle;Dry goods;12,50;4;`]))
  await page.getByLabel('Read “Artikel” as').selectOption('name')
  await page.getByRole('button', { name: 'Check file' }).click()
  const counts = page.getByRole('region', { name: 'Import counts' })
  await expect(counts).toContainText('To create')
  await expect(counts.getByText('2', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 created, 0 updated' }).first()).toBeVisible()

  // The items are there with their opening stock, in the demo's own "Dry Goods" (names match whatever their case).
  const { token } = await apiLogin(page.request, DEMO.Storekeeper.email)
  const found = await (await page.request.get(`/api/items/search?q=${encodeURIComponent(flour)}`, { headers: { Authorization: `Bearer ${token}` } })).json()
  expect(found.data).toHaveLength(1)
  expect(found.data[0]).toMatchObject({ name: flour, unit: 'bag', cost_price: 45.5, current_quantity: 10, category_name: 'Dry Goods' })
})
