import type { Dialog, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'

// Issue 32.6, nothing typed is lost: the recipe editor has its own address and keeps its draft on the device through
// a reload and Back; a shelf order not yet saved survives a reload; leaving unsaved work asks first.

// Two cores shared by many jobs: a reload of the editor's chunks and its cost preview can take a while.
test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 20_000 }

/** Does `go`, answering Leave to the browser's "leave site?" (beforeunload); returns the dialog's type ('' if none). */
async function asked(page: Page, go: () => Promise<unknown>) {
  let type = ''
  const answer = (d: Dialog) => {
    type = d.type()
    void d.accept()
  }
  page.once('dialog', answer)
  await go()
  page.off('dialog', answer)
  return type
}
const reloadAsked = (page: Page) => asked(page, () => page.reload())

async function makeItem(send: Awaited<ReturnType<typeof apiAs>>['send'], name: string) {
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  return (await send('post', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 4, current_quantity: 10 })) as { id: number; name: string }
}

test('a recipe survives reload and Back: the new recipe has its address, its draft comes back, leaving asks', async ({ page }) => {
  const { send } = await apiAs(page.request)
  const tag = Date.now().toString(36)
  const rice = await makeItem(send, `Draft rice ${tag}`)
  await signInAs(page, 'Chef', '/recipes')
  await page.getByRole('link', { name: 'New recipe' }).click(LOAD)
  await expect(page).toHaveURL(/\/recipes\/new$/)
  await page.getByLabel('Name', { exact: true }).fill(`Rice bowl ${tag}`)
  await page.getByLabel(/^Menu price/).fill('2')
  await page.getByRole('button', { name: 'Add item' }).click()
  const line = page.locator('[data-line="1"]')
  await line.getByRole('combobox', { name: 'Line 1: item' }).fill(rice.name)
  await page.getByRole('option', { name: new RegExp(rice.name) }).click()
  await line.getByLabel('Quantity').fill('150')
  await line.getByLabel('Unit').fill('g')

  // Back asks; Stay keeps the editor as it was.
  await page.goBack()
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(leave).toContainText(`Recipe “Rice bowl ${tag}” has changes that are not saved`)
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(/\/recipes\/new$/)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Rice bowl ${tag}`)

  // A reload asks (beforeunload), then reopens the same editor with the draft and says so.
  expect(await reloadAsked(page)).toBe('beforeunload')
  await expect(page).toHaveURL(/\/recipes\/new$/)
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible(LOAD)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Rice bowl ${tag}`)
  await expect(line.getByRole('combobox', { name: 'Line 1: item' })).toHaveValue(rice.name)
  await expect(line.getByLabel('Quantity')).toHaveValue('150')
  await expect(page.getByRole('region', { name: 'Cost' }).getByText('30.00%')).toBeVisible(LOAD)
  await expectAccessible(page)

  // Back again (the reloaded page too), Leave: to the list it came from; the draft stays on the device and comes
  // back with New recipe.
  await page.goBack()
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/recipes$/)
  await page.getByRole('link', { name: 'New recipe' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Rice bowl ${tag}`)
  await page.getByRole('button', { name: 'Save recipe' }).click()
  await expect(page.getByText('Recipe created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/recipes$/)
  // Saved: the draft is gone, a new recipe starts empty.
  await page.getByRole('link', { name: 'New recipe' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
  await expect(page.getByText('Draft restored')).toHaveCount(0)
})

test('an edited recipe reopens with its draft at /recipes/:id; a link away asks; Discard goes back to the saved recipe', async ({ page }) => {
  const { send } = await apiAs(page.request)
  const tag = Date.now().toString(36)
  const rice = await makeItem(send, `Edit rice ${tag}`)
  const recipe = await send('post', '/recipes', { name: `Pilau ${tag}`, kind: 'MENU', menu_price: 2, lines: [{ item_id: rice.id, quantity: 150, unit: 'g' }] })
  await signInAs(page, 'Chef', '/recipes')
  await page.getByRole('link', { name: `Pilau ${tag}` }).click(LOAD)
  await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.id}$`))
  await page.getByLabel('Name', { exact: true }).fill(`Pilau special ${tag}`)

  // A link elsewhere asks first; Stay keeps the page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(leave).toContainText(`Recipe “Pilau special ${tag}” has changes that are not saved`)
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(new RegExp(`/recipes/${recipe.id}$`))

  expect(await reloadAsked(page)).toBe('beforeunload')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Pilau special ${tag}`, LOAD)
  const notice = page.getByRole('status').filter({ hasText: 'Draft restored' })
  await notice.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Pilau ${tag}`)
  await expect(notice).toHaveCount(0)
  // Nothing unsaved now: leaving does not ask.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click()
  await expect(page).toHaveURL(/\/requests$/)
  expect((await send('get', `/recipes/${recipe.id}`)).name).toBe(`Pilau ${tag}`)
})

test('an unsaved shelf order survives a reload until saved, and leaving it asks', async ({ page }) => {
  const { send } = await apiAs(page.request)
  const tag = `Keep ${Date.now()}`
  const [a, b, c] = [await makeItem(send, `${tag} A`), await makeItem(send, `${tag} B`), await makeItem(send, `${tag} C`)]
  const area = await send('post', '/storage-areas', { name: `${tag} pantry` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [a.id, b.id, c.id] })
  await signInAs(page, 'Storekeeper', '/counts/areas')
  await page.getByRole('button', { name: `${tag} pantry (3)` }).click(LOAD)
  await expect(page).toHaveURL(new RegExp(`/counts/areas\\?area=${area.id}$`))
  const rows = page.getByTestId(/^shelf-row-/)
  await page.getByTestId(`shelf-row-${c.id}`).focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(rows).toHaveText([new RegExp(`1\\. ${a.name}`), new RegExp(`2\\. ${c.name}`), new RegExp(`3\\. ${b.name}`)])

  expect(await reloadAsked(page)).toBe('beforeunload')
  await expect(rows).toHaveText([new RegExp(`1\\. ${a.name}`), new RegExp(`2\\. ${c.name}`), new RegExp(`3\\. ${b.name}`)], LOAD)
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible()
  await expectAccessible(page)

  // A link elsewhere asks; Leave goes, and the order is still kept for the next visit.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(leave).toContainText(`The shelf order of ${tag} pantry`)
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/requests$/)
  await page.goBack()
  await expect(rows).toHaveText([new RegExp(`1\\. ${a.name}`), new RegExp(`2\\. ${c.name}`), new RegExp(`3\\. ${b.name}`)], LOAD)

  await page.getByRole('button', { name: 'Save shelf order' }).click()
  await expect(page.getByText('Shelf order saved').first()).toBeVisible()
  expect((await send('get', `/storage-areas/${area.id}/items`)).map((i: { item_id: number }) => i.item_id)).toEqual([a.id, c.id, b.id])
  // Saved: a reload no longer asks, and shows the saved order with no draft notice.
  expect(await reloadAsked(page)).toBe('')
  await expect(rows).toHaveText([new RegExp(`1\\. ${a.name}`), new RegExp(`2\\. ${c.name}`), new RegExp(`3\\. ${b.name}`)], LOAD)
  await expect(page.getByText('Draft restored')).toHaveCount(0)
})

test('the editor addresses are served with the recipe page chunk preloaded, /recipes/new and /recipes/:id alike', async ({ request }) => {
  for (const path of ['/recipes/new', '/recipes/12345']) {
    const res = await request.get(path)
    expect(res.headers()['content-type']).toContain('text/html')
    expect(await res.text(), path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/RecipePage-[^"]+\.js">/)
  }
})
