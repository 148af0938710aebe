import { expect, test } from './fixtures'
import { apiAs, expectAccessible, scannerBurst, signInAs } from './helpers'

// A long area on a phone (375 px): the sheet renders only the lines on or near the screen (a virtual list above
// 40 lines), yet every line is reached: Enter walks past the rendered ones, the find box and a scanner's code
// scroll to a line far below and focus it, and the progress counts all of them.

test.describe.configure({ timeout: 180_000 })
const LOAD = { timeout: 30_000 }
const N = 90

/** A valid EAN-8 (7 digits + check digit) no other test uses. */
function ean8() {
  const body = String(Math.floor(Math.random() * 9_000_000) + 1_000_000)
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0)
  return body + ((10 - (sum % 10)) % 10)
}

test(`a ${N}-line area: only the lines near the screen are in the page; Enter, the find box and a scan reach any line`, async ({ page, request }) => {
  const { send } = await apiAs(request)
  const tag = `Long ${Date.now()}`
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const code = ean8()
  const items: { id: number; name: string }[] = []
  for (let i = 0; i < N; i++) {
    const barcode = i === N - 5 ? { barcode: code } : {}
    items.push(await send('post', '/items', { name: `${tag} item ${String(i + 1).padStart(3, '0')}`, category_id: category.id, supplier_id: supplier.id, unit: 'L', cost_price: 2, current_quantity: 10, ...barcode }))
  }
  const area = await send('post', '/storage-areas', { name: `${tag} cellar` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: items.map((i) => i.id) })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  const counted = async () => new Map<number, number | null>((await send('get', `/stock-counts/${count.id}`)).lines.map((l: { item_id: number; counted: number | null }) => [l.item_id, l.counted]))

  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  const field = (i: number) => page.getByLabel(`Counted ${items[i].name} (L)`)
  await expect(field(0)).toBeVisible(LOAD)
  const rendered = await page.getByTestId(/^line-\d+$/).count()
  expect(rendered).toBeGreaterThan(2)
  expect(rendered).toBeLessThan(N)
  await expect(page.getByRole('list', { name: `Count sheet: ${tag} cellar` }).getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(N))
  await expectAccessible(page)

  // Enter from line to line, well past the lines rendered at first.
  const walk = rendered + 3
  await field(0).focus()
  for (let i = 0; i < walk; i++) {
    await expect(field(i)).toBeFocused()
    await page.keyboard.type(String(i + 1))
    await page.keyboard.press('Enter')
  }
  await expect(field(walk)).toBeFocused()
  await expect(page.getByTestId(`state-${items[walk - 1].id}`)).toHaveText('Saved')
  await expect(page.getByText(`${walk}/${N} counted · ${Math.floor((walk * 100) / N)}%`)).toBeVisible()

  // The find box: the line far below comes on screen as its name is typed; Enter focuses its field.
  const far = N - 20
  const find = page.getByLabel('Find an item on this sheet')
  await find.fill(`item ${String(far + 1).padStart(3, '0')}`)
  await expect(page.getByRole('status').filter({ hasText: '1 line matches' })).toBeVisible()
  await expect(page.getByTestId(`line-${items[far].id}`)).toBeInViewport()
  await find.press('Enter')
  await expect(field(far)).toBeFocused()
  await page.keyboard.type('7.5')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`state-${items[far].id}`)).toHaveText('Saved')
  await find.fill('no such thing')
  await expect(page.getByText('No line on this sheet matches “no such thing”')).toBeVisible()

  // A scanner's code from the top of the sheet: the scanned line (not rendered until then) counts 1 and has the focus.
  await page.evaluate(() => scrollTo(0, 0))
  await find.fill('')
  await field(0).focus()
  const scannedIndex = N - 5
  await expect(page.getByTestId(`line-${items[scannedIndex].id}`)).toHaveCount(0)
  await scannerBurst(page, code)
  await expect(field(scannedIndex)).toBeFocused(LOAD)
  await expect(field(scannedIndex)).toHaveValue('1')
  await expect(field(scannedIndex)).toBeInViewport()
  await expect(page.getByTestId(`state-${items[scannedIndex].id}`)).toHaveText('Saved')

  const server = await counted()
  for (let i = 0; i < walk; i++) expect(server.get(items[i].id)).toBe(i + 1)
  expect(server.get(items[far].id)).toBe(7.5)
  expect(server.get(items[scannedIndex].id)).toBe(1)
  expect(server.get(items[0].id)).toBe(1)
})
