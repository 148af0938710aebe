// A supplier's files whose column headers RIMS does not know, on a 375 px phone (issue 34): a PDF's columns named
// once from its rows as read, a CSV mapped once with the import wizard's mapping; received, each is the supplier's
// own, and its next file is read without asking. The PDF's line also carries an expiry date and a note into the receipt.
// A photo's columns (read by OCR) are named the same way, for that photo only.
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'
import { invoicePdf, supplierWithItems, UNLABELLED } from './invoice-pdf'
import { specLines } from '../src/test/invoice-builders'
import { ocrPageOf, PNG_BYTES } from '../src/test/ocr-words'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test('a PDF with unknown headers: its rows shown, each column named, read again, received with an expiry and a note; the next PDF is read by the template', async ({ page, request }) => {
  test.setTimeout(180_000)
  const api = await apiAs(request, 'Manager')
  const s = stamp()
  const { supplier, items } = await supplierWithItems(api.send, `Columns Foods ${s}`, [
    { name: `Rice ${s}`, code: 'CF-RICE' },
    { name: `Lentils ${s}`, code: 'CF-LENT' },
  ])
  const number = `CF-${s}-1`
  const pdf = await invoicePdf(number, '2026-11-20', [
    { code: 'CF-RICE', description: 'Long grain rice 25 kg', quantity: 2, price: 410 },
    { code: 'CF-LENT', description: 'Red lentils 5 kg', quantity: 4, price: 95.5 },
  ], 16, UNLABELLED, supplier.name)

  await signInAs(page, 'Storekeeper', '/purchasing/invoices/new')
  await page.getByLabel('Invoice file').setInputFiles({ name: `${number}.pdf`, mimeType: 'application/pdf', buffer: pdf })
  await page.getByLabel('Supplier (optional)').selectOption({ label: supplier.name })
  await page.getByRole('button', { name: 'Read invoice' }).click()
  await expect(page).toHaveURL(/\/purchasing\/invoices\/\d+$/, { timeout: 20_000 })

  // Nothing read yet: the rows as read, cut into columns by position, under each header, and a select per column.
  await expect(page.getByText('Needs a person:').first()).toBeVisible()
  await expect(page.getByText('No line was read: say which column is which')).toBeVisible()
  const columns = page.getByRole('region', { name: 'Columns of the PDF' })
  await expect(columns.getByRole('list', { name: 'First values of “Goods supplied”' })).toContainText('Long grain rice 25 kg')
  await expect(columns.getByRole('list', { name: 'First values of “Goods supplied”' })).toContainText('Red lentils 5 kg')
  await expect(columns.getByRole('list', { name: 'First values of “Cnt”' })).toContainText('4')
  await expect(page.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0)
  await expectAccessible(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375)
  await page.screenshot({ path: test.info().outputPath('name-columns.png'), fullPage: true })

  // Too little named is said before sending ("Each" is already known as a unit price); a field on two columns too.
  await expect(page.getByLabel('Read “Each” as')).toHaveValue('unit_price')
  await page.getByLabel('Read “Goods supplied” as').selectOption({ label: 'Description' })
  await page.getByRole('button', { name: 'Read again with these columns' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a column for Quantity' })).toBeVisible()
  await page.getByLabel('Read “Cnt” as').selectOption({ label: 'Description' })
  await page.getByRole('button', { name: 'Read again with these columns' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Description is chosen for two columns' })).toBeVisible()

  await page.getByLabel('Read “Pos-Ref” as').selectOption({ label: 'Supplier’s code' })
  await page.getByLabel('Read “Cnt” as').selectOption({ label: 'Quantity' })
  await page.getByLabel('Read “Each” as').selectOption({ label: 'Unit price' })
  await page.getByLabel('Read “Line sum” as').selectOption({ label: 'Amount' })
  await page.getByLabel('Read “Levy” as').selectOption({ label: 'VAT %' })
  await page.getByRole('button', { name: 'Read again with these columns' }).click()

  // Read again: both lines, matched by the supplier's code, the totals agree.
  const lines = page.getByRole('list', { name: 'Invoice lines' })
  const line = (n: number) => lines.getByRole('listitem').filter({ hasText: new RegExp(`^${n}\\. `) })
  await expect(line(1)).toContainText('Long grain rice 25 kg', { timeout: 20_000 })
  await expect(line(1)).toContainText('matched by the supplier’s code')
  await expect(line(2)).toContainText(`Lentils ${s}`)
  await expect(page.getByRole('status').filter({ hasText: 'matched' })).toHaveText('Every line is matched')
  await expect(page.getByRole('region', { name: 'Columns of the PDF' })).toHaveCount(0)

  // What arrived: the rice with its expiry date and lot.
  await line(1).getByLabel('Expiry date, line 1').fill('2027-06-30')
  await line(1).getByLabel('Note, line 1').fill('Lot R-88')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Received: invoice ${number}` })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('list', { name: 'Received lines' }).getByRole('listitem').first()).toContainText('Lot R-88')

  const draftId = Number(/invoices\/(\d+)$/.exec(page.url())![1])
  const receipt = await api.send('get', `/receipts/${(await api.send('get', `/receipts/drafts/${draftId}`)).receipt_id}`)
  expect(receipt.lines.map((l: { item_id: number; expiry_date: string | null; note: string | null }) => [l.item_id, l.expiry_date, l.note])).toEqual([
    [items[0].id, '2027-06-30', 'Lot R-88'],
    [items[1].id, null, null],
  ])
  expect((await api.send('get', `/items/${items[1].id}`)).current_quantity).toBe(4)

  // The named columns are the supplier's template: its next PDF is read at once, and names its supplier.
  const next = await request.post('/api/receipts/drafts', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'next.pdf', mimeType: 'application/pdf', buffer: await invoicePdf(`CF-${s}-2`, '2026-11-21', [{ code: 'CF-LENT', description: 'Red lentils 5 kg', quantity: 1, price: 95.5 }], 16, UNLABELLED, supplier.name) } },
  })
  expect(next.status(), await next.text()).toBe(201)
  expect((await next.json()).data).toMatchObject({ supplier_id: supplier.id, status: 'READY', layout: { template: true }, lines: [{ item_id: items[1].id, matched_by: 'SUPPLIER_CODE' }] })
})

test("a supplier's first CSV with unknown headers is mapped on the phone; received, its second CSV is read without asking", async ({ page, request }) => {
  test.setTimeout(180_000)
  const api = await apiAs(request, 'Manager')
  const s = stamp()
  const { supplier, items } = await supplierWithItems(api.send, `Mapped Foods ${s}`, [
    { name: `Flour ${s}`, code: 'MF-FLOUR' },
    { name: `Oil ${s}`, code: 'MF-OIL' },
  ])
  const csv = (number: string) =>
    Buffer.from(['Doc,Doc day,Pos-Ref,Goods supplied,Cnt,Each,Line sum', `${number},2026-11-20,MF-FLOUR,Flour 00 / 25 kg,3,31.50,94.50`, `${number},2026-11-20,MF-OIL,Sunflower oil 10 L,2,40.00,80.00`].join('\r\n') + '\r\n')

  await signInAs(page, 'Storekeeper', '/purchasing/invoices/new')
  const upload = async (number: string) => {
    await page.getByLabel('Invoice file').setInputFiles({ name: `${number}.csv`, mimeType: 'text/csv', buffer: csv(number) })
    await page.getByLabel('Supplier (optional)').selectOption({ label: supplier.name })
    await page.getByRole('button', { name: 'Read invoice' }).click()
  }
  await upload(`MF-${s}-1`)

  // Not read: the file's columns with their first values, each to be named (the import wizard's mapping).
  await expect(page.getByRole('heading', { name: 'Which column is which' })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/purchasing\/invoices\/new$/)
  const map = page.getByRole('region', { name: 'Columns of the CSV' })
  await expect(map.getByRole('list', { name: 'First values of “Goods supplied”' })).toContainText('Flour 00 / 25 kg')
  await expectAccessible(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375)
  await page.getByRole('button', { name: 'Read invoice' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a column for Description and Quantity' })).toBeVisible()

  for (const [header, field] of [['Doc', 'Invoice number'], ['Doc day', 'Invoice date'], ['Pos-Ref', 'Supplier’s code'], ['Goods supplied', 'Description'], ['Cnt', 'Quantity'], ['Each', 'Unit price'], ['Line sum', 'Amount']])
    await page.getByLabel(`Read “${header}” as`).selectOption({ label: field })
  await page.screenshot({ path: test.info().outputPath('map-csv.png'), fullPage: true })
  await page.getByRole('button', { name: 'Read invoice' }).click()

  await expect(page.getByRole('heading', { name: `Invoice MF-${s}-1` })).toBeVisible({ timeout: 20_000 })
  const lines = page.getByRole('list', { name: 'Invoice lines' })
  await expect(lines.getByRole('listitem')).toHaveCount(2)
  await expect(lines.getByRole('listitem').first()).toContainText('matched by the supplier’s code')
  await expect(page.getByRole('status').filter({ hasText: 'matched' })).toHaveText('Every line is matched')
  await page.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('heading', { name: `Received: invoice MF-${s}-1` })).toBeVisible({ timeout: 20_000 })
  expect((await api.send('get', `/items/${items[0].id}`)).current_quantity).toBe(3)

  // The second CSV of that supplier: read at once, no mapping asked.
  await page.goto('/purchasing/invoices/new')
  await upload(`MF-${s}-2`)
  await expect(page.getByRole('heading', { name: `Invoice MF-${s}-2` })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('list', { name: 'Invoice lines' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('heading', { name: 'Which column is which' })).toHaveCount(0)
})

test('a photo read by OCR: its columns shown from the words kept with it, one named "Not read", the photo read again', async ({ page, request }) => {
  const api = await apiAs(request, 'Manager')
  await api.send('put', '/manager/settings', { invoice_ocr: true })
  try {
    const s = stamp()
    const supplier = await api.send('post', '/suppliers', { name: `Photo Foods ${s}` })
    const invoice = { number: `PH-${s}`, date: '2026-11-20', seller: { name: supplier.name, tax_id: `ZM${s}` }, lines: specLines(3) }
    // The words a phone's OCR found on the photo (as e2e/invoice-ocr's real OCR sends them), with the picture.
    const sent = await request.post('/api/receipts/drafts', {
      headers: { authorization: `Bearer ${api.token}` },
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) }, words: JSON.stringify(ocrPageOf(invoice)), supplier_id: String(supplier.id) },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const draft = (await sent.json()).data
    expect(draft.lines).toHaveLength(3)
    const code = draft.layout.columns.find((c: { field: string | null }) => c.field === 'supplier_code')
    const description = draft.layout.columns.find((c: { field: string | null }) => c.field === 'description')

    await signInAs(page, 'Storekeeper', `/purchasing/invoices/${draft.id}`)
    await page.getByRole('button', { name: 'Change the columns of the photo' }).click()
    const columns = page.getByRole('region', { name: 'Columns of the photo' })
    await expect(columns.getByRole('list', { name: `First values of “${description.header}”` })).toContainText(invoice.lines[0].description)
    await expect(page.getByText('RIMS could not tell which column is which on this photo.')).toBeVisible()
    await expectAccessible(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375)

    await page.getByLabel(`Read “${code.header}” as`).selectOption({ label: 'Not read' })
    await page.getByRole('button', { name: 'Read again with these columns' }).click()
    await expect(columns).toHaveCount(0, { timeout: 20_000 })
    await expect(page.getByRole('list', { name: 'Invoice lines' }).getByRole('listitem').filter({ hasText: /^1\. / })).toContainText(invoice.lines[0].description)
    const again = await api.send('get', `/receipts/drafts/${draft.id}`)
    expect(again.lines.map((l: { supplier_code: string | null; description: string }) => [l.supplier_code, l.description])).toEqual(invoice.lines.map((l) => [null, l.description]))
  } finally {
    await api.send('put', '/manager/settings', { invoice_ocr: false })
  }
})
