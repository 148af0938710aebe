import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, scannerBurst, signInAs } from './helpers'

// A USB/Bluetooth scanner is a keyboard: one listener tells its burst (≥ 6 characters, ≤ 30 ms
// apart on average, ended by Enter) from a person typing, and swallows the Enter so the form does
// not submit. (The timing rule itself is unit-tested with fake timers in src/test/ui-scanner.test.ts.)

test.setTimeout(90_000)

test('movement form: a scanner burst + Enter picks the item and submits nothing; slow typing stays typing', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const items = await (await page.request.get('/api/items?limit=100', { headers: { Authorization: `Bearer ${token}` } })).json()
  const item = (items.data as { name: string; barcode: string | null }[]).find((i) => i.barcode && /^0\d{13}$/.test(i.barcode))!
  const ean = item.barcode!.slice(1) // as an EAN-13 scanner sends it

  const posts: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/stock-movements') && posts.push(r.url()))
  await signInAs(page, 'Manager', '/movements')
  await page.getByRole('button', { name: 'Record Movement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  const picker = dialog.getByRole('combobox', { name: 'Item' })
  await picker.click()
  await scannerBurst(page, ean)
  await expect(picker).toHaveValue(item.name)
  await expect(dialog).toBeVisible()
  expect(posts).toEqual([])

  // A person typing 150 ms apart: nothing is taken for a scan; the text stays in the box.
  await picker.fill('')
  await page.keyboard.type('BURGER', { delay: 150 })
  await expect(picker).toHaveValue('BURGER')
  expect(posts).toEqual([])

  // Enter picks only from the rows found for what is in the box: while that search is on its way (the list
  // says it is busy), the rows still listed from an earlier search (the same item, as it happens) are not
  // picked from.
  const prefix = item.name.slice(0, 4)
  const isPrefixSearch = (url: string) => url.includes('/api/items/search') && new URL(url).searchParams.get('q') === prefix
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/items/search?*', async (route) => {
    if (isPrefixSearch(route.request().url())) await held
    await route.continue()
  })
  const searched = page.waitForRequest((r) => isPrefixSearch(r.url()))
  await picker.fill(prefix)
  await searched
  const list = dialog.getByRole('listbox', { name: 'Item' })
  await expect(list).toHaveAttribute('aria-busy', 'true')
  await page.keyboard.press('Enter')
  await expect(picker).toHaveValue(prefix)
  release()
  await expect(list).toHaveAttribute('aria-busy', 'false')
  await expect(dialog.getByRole('option', { name: item.name })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(picker).toHaveValue(item.name)
  expect(posts).toEqual([])
})
