// Receiving from the supplier's own invoice on a 375 px phone (issue 34): the test writes a text-layer PDF whose
// lines name demo items, uploads it, sees the matched lines and one marked for a person, picks that line's item,
// refuses one damaged sack, receives, and the stock of each item rose by what was received.
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'
import { DEMO_SUPPLIER, demoItem, invoicePdf } from './invoice-pdf'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test('a PDF invoice read into a draft, one line picked by hand, one sack refused as damaged, received: stock up by what arrived', async ({ page, request }) => {
  test.setTimeout(180_000) // many steps and two axe runs on a shared, loaded CPU
  const api = await apiAs(request, 'Manager')
  const headers = { authorization: `Bearer ${api.token}` }
  const rice = await demoItem(request, headers, 'Basmati rice', 'LWD-RICE')
  const sugar = await demoItem(request, headers, 'Sugar', 'LWD-SUGAR')
  // No code on the flour: the reader cannot match this line (at most a name guess), so a person picks the item.
  const flour = await demoItem(request, headers, 'Cake flour')
  const number = `INV-${stamp()}-1`
  const pdf = await invoicePdf(number, '2026-11-20', [
    { code: 'LWD-RICE', description: 'Basmati rice 10 kg bag', quantity: 2, price: 380 },
    { code: 'LWD-SUGAR', description: 'White sugar 10 kg', quantity: 3, price: 210 },
    { code: 'LWD-BKF', description: 'Bakers best white 12.5kg', quantity: 1, price: 200 },
  ])

  // From Purchasing, a delivery without an order: the supplier chosen with the file.
  await signInAs(page, 'Storekeeper', '/purchasing')
  await page.getByRole('link', { name: 'Receive from invoice' }).click()
  await expect(page).toHaveURL(/\/purchasing\/invoices\/new$/)
  await page.getByLabel('Invoice file').setInputFiles({ name: `${number}.pdf`, mimeType: 'application/pdf', buffer: pdf })
  await page.getByLabel('Supplier (optional)').selectOption({ label: DEMO_SUPPLIER })
  await page.getByRole('button', { name: 'Read invoice' }).click()

  // The draft: head, totals as printed, two lines matched by code, the third marked for a person in words.
  await expect(page).toHaveURL(/\/purchasing\/invoices\/\d+$/, { timeout: 20_000 })
  const draftId = Number(/invoices\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible()
  await expect(page.getByText(DEMO_SUPPLIER).first()).toBeVisible()
  const lines = page.getByRole('list', { name: 'Invoice lines' })
  const line = (n: number) => lines.getByRole('listitem').filter({ hasText: new RegExp(`^${n}\\. `) })
  await expect(line(1)).toContainText('Basmati rice')
  await expect(line(1)).toContainText('matched by the supplier’s code')
  await expect(line(2)).toContainText('Sugar')
  await expect(line(1)).not.toContainText('Needs a person')
  await expect(line(3)).toContainText('Needs a person:')
  await expect(page.getByRole('status').filter({ hasText: 'need' })).toHaveText('1 line needs a person')
  await expectAccessible(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375)
  await page.screenshot({ path: test.info().outputPath('draft.png'), fullPage: true })

  // Receiving before that line is settled is refused in words.
  await page.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: /Pick the item for every line marked above first|still need a look/ })).toBeVisible()

  // The item is picked once with the item picker (a name guess is changed the same way).
  const change = line(3).getByRole('button', { name: /^Change item/ })
  if (await change.isVisible()) await change.click()
  const picker = line(3).getByRole('combobox')
  await picker.fill('Cake flour')
  await line(3).getByRole('option', { name: /Cake flour/ }).first().click()
  await expect(line(3)).not.toContainText('Needs a person', { timeout: 10_000 })
  await expect(line(3)).toContainText('Cake flour')
  await expect(page.getByRole('status').filter({ hasText: 'matched' })).toHaveText('Every line is matched')

  // One sack of sugar arrived torn: 2 received, 1 refused as damaged.
  await line(2).getByLabel(/^Received, line 2/).fill('2')
  await line(2).getByLabel('Refused, line 2').fill('1')
  await line(2).getByLabel('Why refused, line 2').selectOption({ label: 'Damaged' })

  // What each line brings, in base units, as the server will book it (its pack, if the line is in one).
  const draft = await api.send('get', `/receipts/drafts/${draftId}`)
  const received: Record<number, number> = { 2: 2 }
  const rise = (n: number) => {
    const l = draft.lines.find((x: { n: number }) => x.n === n)
    return Math.round((received[n] ?? l.quantity) * (l.pack?.size ?? 1) * 100) / 100
  }
  await page.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Received: invoice ${number}` })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('list', { name: 'Received lines' }).getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('region', { name: 'Worth a credit note' })).toContainText('damaged')
  await expectAccessible(page)

  for (const [item, n] of [[rice, 1], [sugar, 2], [flour, 3]] as const) {
    const after = await api.send('get', `/items/${item.id}`)
    expect(after.current_quantity, item.name).toBeCloseTo(item.current_quantity + rise(n), 2)
  }
  expect((await api.send('get', `/receipts/drafts/${draftId}`)).status).toBe('RECEIVED')

  // The picked item is the supplier's alias now: the same line on the next invoice is matched without a person.
  const suppliers = await api.send('get', '/suppliers?limit=100')
  const next = await request.post('/api/receipts/drafts', {
    headers,
    multipart: {
      file: { name: 'next.pdf', mimeType: 'application/pdf', buffer: await invoicePdf(`${number}-2`, '2026-11-21', [{ code: 'LWD-BKF', description: 'Bakers best white 12.5kg', quantity: 2, price: 200 }]) },
      supplier_id: String(suppliers.find((x: { name: string }) => x.name === DEMO_SUPPLIER).id),
    },
  })
  expect(next.status(), await next.text()).toBe(201)
  expect((await next.json()).data.lines[0]).toMatchObject({ item_id: flour.id, matched_by: 'ALIAS' })
})

test('a photo of a paper invoice is refused in words before anything is sent (OCR is off)', async ({ page }) => {
  await signInAs(page, 'Storekeeper', '/purchasing/invoices/new')
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
  let sent = false
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/receipts/drafts')) sent = true
  })
  await page.getByLabel('Invoice file').setInputFiles({ name: 'invoice.jpg', mimeType: 'image/jpeg', buffer: png })
  await expect(page.getByRole('alert').filter({ hasText: 'Reading photos of paper invoices is off on this box' })).toBeVisible()
  await page.getByRole('button', { name: 'Read invoice' }).click()
  await expect(page).toHaveURL(/\/purchasing\/invoices\/new$/)
  expect(sent).toBe(false)
  await expectAccessible(page)
})

test("from an order's Receive page: the order preselected, its lines against the invoice, received into the order", async ({ page, request }) => {
  test.setTimeout(120_000)
  const api = await apiAs(request, 'Manager')
  const headers = { authorization: `Bearer ${api.token}` }
  const oil = await demoItem(request, headers, 'Cooking oil', 'LWD-OIL')
  const suppliers = await api.send('get', '/suppliers?limit=100')
  const supplierId = suppliers.find((x: { name: string }) => x.name === DEMO_SUPPLIER).id
  const order = await api.send('post', '/purchase-orders', { supplier_id: supplierId, lines: [{ item_id: oil.id, pack_id: null, quantity: 10, unit_price: 42 }] })
  await api.send('post', `/purchase-orders/${order.id}/send`, {})
  const number = `INV-${stamp()}-3`

  await signInAs(page, 'Storekeeper', `/purchasing/orders/${order.id}/receive`)
  await page.getByRole('link', { name: 'Receive from invoice' }).click()
  await expect(page.getByText(`For order ${order.number} · ${DEMO_SUPPLIER}`)).toBeVisible()
  // The supplier is the order's: nothing to choose.
  await expect(page.getByLabel('Supplier (optional)')).toHaveCount(0)
  await page.getByLabel('Invoice file').setInputFiles({ name: `${number}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf(number, '2026-11-20', [{ code: 'LWD-OIL', description: 'Cooking oil', quantity: 10, price: 42 }]) })
  await page.getByRole('button', { name: 'Read invoice' }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(`order ${order.number}`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Invoice lines' }).getByRole('listitem')).toContainText('ordered 10, received before 0')
  await page.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Received: invoice ${number}` })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('link', { name: 'Back to the order' }).click()
  await expect(page.locator('h1 + p').getByText('Received', { exact: true })).toBeVisible()
})
