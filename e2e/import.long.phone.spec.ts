// A dry run with thousands of errors on a phone (375 px): the error table renders only the rows near the screen
// (a virtual list above 100 errors), says how many it holds (aria-rowcount), and the last error is reached by
// scrolling. Nothing is imported.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { expectAccessible, signInAs } from './helpers'

const N = 2_000

test(`a file with ${N} bad rows: every error is in the table, only those near the screen are rendered`, async ({ page }) => {
  const stamp = Date.now().toString(36)
  const dir = mkdtempSync(join(tmpdir(), 'rims-import-'))
  const file = join(dir, 'bad.csv')
  const rows = Array.from({ length: N }, (_, i) => `Bad ${stamp} ${i + 1},kg,Dry goods,${i + 1}x,1`)
  writeFileSync(file, ['name,unit,category,cost_price,current_quantity', ...rows].join('\n') + '\n')

  await signInAs(page, 'Storekeeper', '/stock/import')
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Check file' }).click()
  const table = page.getByRole('table', { name: 'Errors in the file' })
  await expect(table).toHaveAttribute('aria-rowcount', String(N + 1), { timeout: 30_000 })
  const shown = table.locator('tbody > tr:not([aria-hidden])')
  await expect(shown.first()).toContainText(`1x`)
  const rendered = await shown.count()
  expect(rendered).toBeGreaterThan(5)
  expect(rendered).toBeLessThan(100)

  // The last error, file row N + 1 (the header is row 1), is reached by scrolling the page.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const lastRow = shown.filter({ hasText: `${N}x` })
  await expect(lastRow).toBeVisible()
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(N + 1))
  await expect(lastRow.locator('td').first()).toHaveText(String(N + 1))
  expect(await shown.count()).toBeLessThan(100)
  await expectAccessible(page)
})
