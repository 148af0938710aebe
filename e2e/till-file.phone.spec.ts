import { squareCsv, type SquareRow } from '../src/modules/sales/fixtures/square-export'
import { expect as baseExpect, test } from './fixtures'
import { expectAccessible, signInAs } from './helpers'

// Issue 32 (4) on a 375 px phone: a Square file's preview (its day, the voided line not counted) and the tick
// list of codes fit the screen, and ticked codes are ignored in one tap.

const expect = baseExpect.configure({ timeout: 20_000 })

test('a Square file is checked and its codes ticked and ignored on a phone', async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const day = '2025-02-14'
  const rows: SquareRow[] = ['Mango lassi', 'Masala chai', 'A very long named seasonal special with extra words'].map((item, i) => ({ date: day, time: `12:0${i}:00`, item: `${item} ${tag}`, net: 4 }))
  rows.push({ date: day, time: '12:09:00', item: `Mango lassi ${tag}`, net: 4, voided: true })
  await signInAs(page, 'Manager', '/recipes?tab=sales')
  await page.getByLabel('Sales CSV file').setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(squareCsv(rows)) })
  await page.getByLabel('Till (POS) name').fill(`Phone till ${tag}`)
  await page.getByRole('button', { name: 'Check file' }).click()
  const summary = page.getByRole('region', { name: 'Import result' }).getByRole('status')
  await expect(summary).toContainText('1 voided/refunded line not counted')
  await expect(summary).toContainText('3 lines counted of 4')
  await page.getByRole('checkbox', { name: 'Select all 3 shown' }).check()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Ignore 3 ticked' }).click()
  await expect(page.getByText('Every code is mapped to a dish or ignored.')).toBeVisible()
})
