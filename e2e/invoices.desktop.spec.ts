// The Manager's Invoices list (issue 34): a received invoice is listed with its status and file, the status filter
// finds it, and the bookkeeper's CSV downloads with it.
import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'
import { DEMO_SUPPLIER, demoItem, invoicePdf } from './invoice-pdf'

test('the Manager finds the received invoice, opens its file and downloads the CSV with it', async ({ page, request }) => {
  test.setTimeout(120_000)
  const api = await apiAs(request, 'Manager')
  const headers = { authorization: `Bearer ${api.token}` }
  const rice = await demoItem(request, headers, 'Basmati rice', 'LWD-RICE')
  const number = `INV-${Date.now().toString(36)}-2`
  const suppliers = await api.send('get', '/suppliers?limit=100')
  const supplierId = suppliers.find((x: { name: string }) => x.name === DEMO_SUPPLIER).id
  const made = await request.post('/api/receipts/drafts', {
    headers,
    multipart: {
      file: { name: `${number}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf(number, '2026-11-20', [{ code: 'LWD-RICE', description: 'Basmati rice 10 kg bag', quantity: 2, price: 380 }]) },
      supplier_id: String(supplierId),
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const draft = (await made.json()).data
  expect(draft.lines[0]).toMatchObject({ item_id: rice.id, matched_by: 'SUPPLIER_CODE' })
  const received = await request.post(`/api/receipts/drafts/${draft.id}/receive`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data: {} })
  expect(received.status(), await received.text()).toBe(201)

  // Through the menu: Operations → Invoices.
  await signInAs(page, 'Manager', '/dashboard')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Operations' }).click()
  await page.getByRole('link', { name: 'Invoices' }).click()
  await expect(page).toHaveURL(/\/manager\/invoices$/)
  await page.getByLabel('Status').selectOption({ label: 'Received' })
  const row = page.getByRole('row').filter({ hasText: number })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await expect(row).toContainText('Received')
  await expect(row).toContainText(DEMO_SUPPLIER)
  await expectAccessible(page)

  // The file as the supplier sent it.
  const file = page.waitForEvent('download')
  await row.getByRole('button', { name: `File: ${number}.pdf` }).click()
  expect((await file).suggestedFilename()).toMatch(/\.pdf$/)

  // The bookkeeper's CSV holds the invoice.
  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const download = await csv
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  expect(readFileSync((await download.path())!, 'utf8')).toContain(number)

  // Another status shows nothing of it.
  await page.getByLabel('Status').selectOption({ label: 'Disputed' })
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(0)
})
