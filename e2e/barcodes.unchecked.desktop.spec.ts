// Issue 29 (5): a database from RIMS 0.1, whose barcodes were saved without checking their check digit,
// upgraded by this RIMS. The item form shows such a code as it was, with a hint to correct it, and saves;
// a new wrong code is still refused in the form. A server of its own over that database.
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BARCODE_MSG, gtinCheckDigit } from '../src/contract/barcodes'
import { STOCK_MSG } from '../src/contract/stock'
import { expectAccessible, startOwnServer } from './helpers'

const ROOT = join(fileURLToPath(import.meta.url), '../..')
const BUN = join(ROOT, 'node_modules/.bin/bun')
const manager = { name: 'Upgrade Manager', email: 'upgrade@rims.local', password: 'upgrade-pass-2026' }
let stop: (() => void) | undefined
let base = ''
let token = ''

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const data = mkdtempSync(join(tmpdir(), 'rims-e2e-legacy-'))
  const legacy = spawnSync(BUN, [join(ROOT, 'src/test/legacy-barcodes.ts'), data], { encoding: 'utf8' })
  expect(legacy.status, legacy.stderr).toBe(0)
  const started = await startOwnServer(data, manager)
  base = started.base
  stop = started.stop
})
test.afterAll(() => stop?.())

async function signIn(page: Page) {
  const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: manager.email, password: manager.password }) })).json()
  token = login.data.token
  await page.goto(`${base}/favicon.svg`)
  await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), login.data)
}
const itemNamed = async (name: string) => {
  const res = await (await fetch(`${base}/api/items?limit=100&q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } })).json()
  return (res.data as { id: number; name: string; barcode: string | null; barcode_checked: boolean; min_stock_level: number }[]).find((i) => i.name === name)!
}

test('the item form shows an old wrong code with a hint, saves it unchanged, and still refuses a new wrong one', async ({ page }) => {
  await signIn(page)
  const before = await itemNamed('Legacy item 01')
  expect(before.barcode_checked).toBe(false)
  const old = before.barcode!

  await page.goto(`${base}/stock`)
  await page.getByLabel('Search items').fill('Legacy item 01')
  const row = page.locator('tbody tr, ul > li').filter({ hasText: 'Legacy item 01' })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Item' })
  const barcode = edit.getByLabel('Barcode')
  await expect(barcode).toHaveValue(old)
  await expect(barcode).toHaveAccessibleDescription(BARCODE_MSG.unchecked)
  await expectAccessible(page)

  // A new wrong code: the form refuses it with the message any new code gets; the hint goes while it differs.
  const fresh = old.slice(0, -2) + '9' + ((gtinCheckDigit(old.slice(0, -2) + '9') + 1) % 10)
  await barcode.fill(fresh)
  await edit.getByRole('button', { name: 'Update Item' }).click()
  await expect(edit.getByText(`Barcode: ${BARCODE_MSG.checkDigit(gtinCheckDigit(fresh.slice(0, -1)))}`, { exact: true })).toBeVisible()
  await expect(edit.getByText(BARCODE_MSG.unchecked)).toHaveCount(0)

  // Back to the old code: it saves as it was, with another field changed.
  await barcode.fill(old)
  await edit.getByLabel('Minimum Stock Level').fill('5')
  await edit.getByRole('button', { name: 'Update Item' }).click()
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.itemUpdated })).toBeVisible()
  await expect(edit).toHaveCount(0)
  expect(await itemNamed('Legacy item 01')).toMatchObject({ barcode: old, barcode_checked: false, min_stock_level: 5 })

  // Its code list says the same, with the code as stored.
  await row.getByRole('button', { name: 'Barcodes' }).click()
  const codes = page.getByRole('dialog', { name: 'Barcodes · Legacy item 01' }).getByRole('list', { name: 'Codes' })
  await expect(codes.getByRole('listitem')).toHaveCount(1)
  await expect(codes.getByRole('listitem')).toContainText(old)
  await expect(codes.getByRole('listitem')).toContainText('check digit wrong')

  // A scan of the old code finds the item.
  const found = await (await fetch(`${base}/api/barcodes/resolve`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ raw: old }) })).json()
  expect(found.data.item.name).toBe('Legacy item 01')
})
