import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

// Issue 17 at 1280 px: shelf order by drag and drop and by keyboard; the Manager's review and approval.
test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

async function api(request: APIRequestContext) {
  const { token } = await apiLogin(request, DEMO.Manager.email)
  const headers = { authorization: `Bearer ${token}` }
  return async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const res = await request[method](`/api${path}`, { headers, data })
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
    return (await res.json()).data
  }
}
async function items(send: Awaited<ReturnType<typeof api>>, tag: string, n: number) {
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const out: { id: number; name: string }[] = []
  for (let i = 0; i < n; i++) out.push(await send('post', '/items', { name: `${tag} ${String.fromCharCode(65 + i)}`, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 40, current_quantity: 10 }))
  return out
}

test('shelf order: a row moves with Alt + arrow keys and by drag and drop, and Save keeps the order', async ({ page, request }) => {
  const send = await api(request)
  const tag = `Shelf ${Date.now()}`
  const [a, b, c] = await items(send, tag, 3)
  const area = await send('post', '/storage-areas', { name: `${tag} cold room` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [a.id, b.id, c.id] })
  await signInAs(page, 'Storekeeper', '/counts/areas')
  await page.getByRole('button', { name: `${tag} cold room (3)` }).click(LOAD)
  await expect(page.getByRole('heading', { name: `Shelf order: ${tag} cold room` })).toBeVisible()
  // Keyboard: C up twice → C, A, B.
  await page.getByTestId(`shelf-row-${c.id}`).focus()
  await page.keyboard.press('Alt+ArrowUp')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId(`shelf-row-${c.id}`)).toBeFocused()
  await expect(page.getByTestId(/^shelf-row-/)).toHaveText([new RegExp(`1\\. ${c.name}`), new RegExp(`2\\. ${a.name}`), new RegExp(`3\\. ${b.name}`)])
  // Drag and drop: B onto the first row → B, C, A.
  await page.getByTestId(`shelf-row-${b.id}`).dragTo(page.getByTestId(`shelf-row-${c.id}`))
  await expect(page.getByTestId(/^shelf-row-/)).toHaveText([new RegExp(`1\\. ${b.name}`), new RegExp(`2\\. ${c.name}`), new RegExp(`3\\. ${a.name}`)])
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save shelf order' }).click()
  await expect(page.getByText('Shelf order saved').first()).toBeVisible()
  expect((await send('get', `/storage-areas/${area.id}/items`)).map((i: { item_id: number }) => i.item_id)).toEqual([b.id, c.id, a.id])
})

test('review: lines by value with totals; a reason for the line over the threshold; approve posts the adjustments', async ({ page, request }) => {
  const send = await api(request)
  const tag = `Review ${Date.now()}`
  const [a, b] = await items(send, tag, 2)
  const area = await send('post', '/storage-areas', { name: `${tag} bar` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [a.id, b.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  await send('put', `/stock-counts/${count.id}/lines`, { area_id: area.id, item_id: a.id, counted: 9.9 }) // −0.1 × 40 = −4 (1 %)
  await send('put', `/stock-counts/${count.id}/lines`, { area_id: area.id, item_id: b.id, counted: 6 }) // −4 × 40 = −160
  await send('post', `/stock-counts/${count.id}/submit`, { uncounted: 'UNCHANGED' })
  await signInAs(page, 'Manager', `/counts/${count.id}/review`)
  await expect(page.getByRole('heading', { name: `Review count #${count.id}` })).toBeVisible(LOAD)
  await expect(page.getByTestId(/^review-/)).toHaveCount(2)
  await expect(page.getByTestId(/^review-/).first()).toContainText(b.name)
  await expect(page.getByText('1 item over the threshold need a reason')).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel(`Reason for ${b.name}`).fill('Spilled in the cold room')
  await page.getByLabel(`Reason for ${b.name}`).press('Tab')
  await expect(page.getByText('1 item over the threshold need a reason')).toHaveCount(0)
  await page.getByRole('button', { name: 'Approve and post' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve and post' }).click()
  await expect(page).toHaveURL(/\/counts$/)
  const rows = (await send('get', `/stock-movements/item/${b.id}`)).filter((m: { source_type: string }) => m.source_type === 'COUNT')
  expect(rows).toMatchObject([{ quantity: -4, source_id: count.id, remarks: `Stock count #${count.id}: Spilled in the cold room` }])

  // The approved count's review is reached from the list (issue 32.3), read-only, with its reason.
  await page.getByRole('link', { name: `Review #${count.id}` }).click()
  await expect(page.getByRole('heading', { name: `Review count #${count.id}` })).toBeVisible(LOAD)
  await expect(page.getByText('Approved', { exact: true })).toBeVisible()
  await expect(page.getByTestId(/^review-/)).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Approve and post' })).toHaveCount(0)
})
