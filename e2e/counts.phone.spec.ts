import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'

// Issue 17 on a phone (375 px): the count sheet keeps every entry across a reload, and a 20-line area
// can be counted with the keyboard alone (Enter moves to the next line).

// Setting up 20 items over HTTP and the first page load take a while on a busy box.
test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

/** `n` fresh items in a fresh area, and an OPEN count over it. */
async function setup(request: APIRequestContext, n: number, tag: string, packsOnFirst = false) {
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const items: { id: number; name: string }[] = []
  for (let i = 0; i < n; i++) {
    const name = `${tag} item ${String(i + 1).padStart(2, '0')}`
    const packs = packsOnFirst && i === 0 ? [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] : undefined
    items.push(await send('post', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'L', cost_price: 2, current_quantity: 10, packs }))
  }
  const area = await send('post', '/storage-areas', { name: `${tag} shelf` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: items.map((i) => i.id) })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  return { send, items, area, count }
}

test('a reload mid-count keeps every entered value, packs split as typed', async ({ page, request }) => {
  const tag = `Reload ${Date.now()}`
  const { send, items, count } = await setup(request, 4, tag, true)
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Count #${count.id}` })).toBeVisible(LOAD)
  const wine = items[0]
  // Packs: 1 case + 3 bottles + 0.4 loose = 11.65 L.
  await page.getByLabel('case (9 L)').fill('1')
  await page.getByLabel('bottle (0.75 L)').fill('3')
  await page.getByLabel('Loose (L)').fill('0,4')
  await page.getByLabel(`Counted ${items[1].name} (L)`).fill('0')
  await page.getByLabel(`Counted ${items[2].name} (L)`).fill('7.25')
  await expect(page.getByTestId(`state-${items[1].id}`)).toHaveText('Saved')
  await expect(page.getByTestId(`state-${wine.id}`)).toHaveText('Saved')
  // The last one is typed and the page reloaded at once, before its save could go out.
  await page.getByLabel(`Counted ${items[3].name} (L)`).fill('2')
  await page.reload()
  await expect(page.getByLabel('case (9 L)')).toHaveValue('1', LOAD)
  await expect(page.getByLabel('bottle (0.75 L)')).toHaveValue('3')
  await expect(page.getByLabel('Loose (L)')).toHaveValue('0,4')
  await expect(page.getByLabel(`Counted ${items[1].name} (L)`)).toHaveValue('0')
  await expect(page.getByLabel(`Counted ${items[2].name} (L)`)).toHaveValue('7.25')
  await expect(page.getByLabel(`Counted ${items[3].name} (L)`)).toHaveValue('2')
  for (const i of items) await expect(page.getByTestId(`state-${i.id}`)).toHaveText('Saved')
  // The server holds them all; the entered 0 is a count.
  const sheet = await send('get', `/stock-counts/${count.id}`)
  expect(sheet.lines.map((l: { counted: number | null }) => l.counted)).toEqual([11.65, 0, 7.25, 2])
  await expect(page.getByText('4/4 counted · 100%')).toBeVisible()
  await expectAccessible(page)
})

test('keyboard only: a 20-line area counted with Enter moving to the next line, then submitted', async ({ page, request }) => {
  const tag = `Keys ${Date.now()}`
  const { send, items, count } = await setup(request, 20, tag)
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  const first = page.getByLabel(`Counted ${items[0].name} (L)`)
  await expect(first).toBeVisible(LOAD)
  await first.focus()
  for (let i = 0; i < items.length; i++) {
    await expect(page.getByLabel(`Counted ${items[i].name} (L)`)).toBeFocused()
    await page.keyboard.type(String(i + 1))
    await page.keyboard.press('Enter')
  }
  for (const i of items) await expect(page.getByTestId(`state-${i.id}`)).toHaveText('Saved')
  await expect(page.getByText('20/20 counted · 100%')).toBeVisible()
  const sheet = await send('get', `/stock-counts/${count.id}`)
  expect(sheet.lines.map((l: { counted: number | null }) => l.counted)).toEqual(items.map((_, i) => i + 1))
  // Submit with the keyboard: Tab to the button, Enter, then confirm.
  await page.getByRole('button', { name: 'Submit count' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Submit the count' })
  await expect(dialog).toContainText('Every line is counted')
  await dialog.getByRole('button', { name: 'Submit count' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('SUBMITTED', { exact: true })).toBeVisible()
})

test('before submit the uncounted lines are listed; a Storekeeper never sees expected figures of a blind count', async ({ page, request }) => {
  const tag = `Blind ${Date.now()}`
  const { send, items, area } = await setup(request, 3, tag)
  await send('post', `/stock-counts/${(await send('get', '/stock-counts?status=OPEN')).find((c: { areas: { id: number }[] }) => c.areas[0].id === area.id).id}/cancel`, {})
  const blind = await send('post', '/stock-counts', { area_ids: [area.id], blind: true })
  await signInAs(page, 'Storekeeper', `/counts/${blind.id}`)
  await expect(page.getByText('Blind', { exact: true })).toBeVisible(LOAD)
  await expect(page.getByText(/Expected/)).toHaveCount(0)
  await page.getByLabel(`Counted ${items[1].name} (L)`).fill('4')
  await expect(page.getByTestId(`state-${items[1].id}`)).toHaveText('Saved')
  await page.getByRole('button', { name: 'Submit count' }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit the count' })
  await expect(dialog.getByRole('list', { name: 'Uncounted lines' }).getByRole('listitem')).toHaveText([`${items[0].name} · ${tag} shelf`, `${items[2].name} · ${tag} shelf`])
  await dialog.getByLabel('Count them as 0 (none on the shelf)').check()
  await dialog.getByRole('button', { name: 'Submit count' }).click()
  await expect(page.getByText('SUBMITTED', { exact: true })).toBeVisible()
  const after = await send('get', `/stock-counts/${blind.id}`)
  expect(after.lines.map((l: { counted: number }) => l.counted)).toEqual([0, 4, 0])
  // The print view of a blind count shows no Expected column while it is open (this one is submitted now: it does).
  await page.goto(`/counts/${blind.id}/print`)
  await expect(page.getByRole('columnheader', { name: 'Expected' }).first()).toBeVisible()
  await expect(page.getByTestId('found-row')).toHaveCount(5)
})
