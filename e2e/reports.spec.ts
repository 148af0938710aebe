// Reports: every type previews its first rows and downloads a CSV under the spec's file name.
import { expect, test } from './fixtures'
import { parse } from 'csv-parse/sync'
import { readFileSync } from 'node:fs'
import { DEFAULT_RANGE_DAYS, PREVIEW_ROWS, REPORT_MSG, REPORT_TYPES, reportFileName } from '../src/contract/reports'
import { addDays, localDate } from '../src/contract/dates'
import { REPORT_INFO } from '../ui/src/pages/reports/reportTypes'
import { apiLogin, DEMO, expectAccessible, screenshot, signInAs } from './helpers'

async function today(request: import('@playwright/test').APIRequestContext) {
  const { data } = await (await request.get('/api/settings/display')).json()
  return localDate(new Date(), data.time_zone)
}

test('the dates default to the last 30 days and the spec messages guard them', { tag: '@desktop' }, async ({ page }) => {
  await signInAs(page, 'Manager', '/manager/reports')
  const end = await today(page.request)
  await expect(page.getByLabel('Start Date')).toHaveValue(addDays(end, -DEFAULT_RANGE_DAYS))
  await expect(page.getByLabel('End Date')).toHaveValue(end)
  for (const t of REPORT_TYPES) await expect(page.getByRole('radio', { name: REPORT_INFO[t].name, exact: true })).toBeVisible()

  await page.getByLabel('Start Date').fill('')
  await page.getByRole('button', { name: 'Generate Report' }).click()
  await expect(page.getByRole('alert')).toHaveText(REPORT_MSG.bothDates)
  await page.getByRole('button', { name: 'Download Report' }).click()
  await expect(page.getByRole('alert')).toHaveText(REPORT_MSG.bothDates)

  await page.getByLabel('Start Date').fill(addDays(end, 1))
  await page.getByRole('button', { name: 'Generate Report' }).click()
  await expect(page.getByRole('alert')).toHaveText(REPORT_MSG.startAfterEnd)
  await expect(page.getByRole('heading', { name: /^Preview/ })).toHaveCount(0)

  // A server failure shows the spec's line.
  await page.getByLabel('Start Date').fill(addDays(end, -7))
  await page.route('**/api/reports/generate', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: 'Database is busy' }) }))
  await page.getByRole('button', { name: 'Generate Report' }).click()
  // SPEC §8's line alone; the server's reason on its own line under it, never appended.
  const failed = page.getByRole('alert').filter({ hasText: REPORT_MSG.generateFailedRetry })
  await expect(failed.getByText(REPORT_MSG.generateFailedRetry, { exact: true })).toBeVisible()
  await expect(failed.getByText('Database is busy', { exact: true })).toBeVisible()
  await page.route('**/api/reports/download/**', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: 'Database is busy' }) }))
  await page.getByRole('button', { name: 'Download Report' }).click()
  await expect(page.getByText(REPORT_MSG.downloadFailed, { exact: true })).toBeVisible()
})

test('the Manager generates each report type, previews it and downloads a CSV that parses', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signInAs(page, 'Manager', '/manager/reports')
  const end = await today(page.request)
  const start = addDays(end, -DEFAULT_RANGE_DAYS)
  for (const type of REPORT_TYPES) {
    const name = REPORT_INFO[type].name
    await page.getByRole('radio', { name, exact: true }).check()
    const generated = page.waitForResponse((r) => r.url().endsWith('/api/reports/generate'))
    await page.getByRole('button', { name: 'Generate Report' }).click()
    const body = await (await generated).json()
    await expect(page.getByText(REPORT_MSG.generated).first()).toBeVisible()
    const preview = page.getByRole('region', { name: `Preview: ${name}` })
    await expect(preview).toBeVisible()
    const rowCount: number = body.data.data.row_count
    await expect(preview.getByTestId('row-count')).toHaveText(String(rowCount))
    const shown = Math.min(PREVIEW_ROWS, rowCount)
    const rows = testInfo.project.name === 'mobile' ? preview.getByRole('list').getByRole('listitem') : preview.locator('tbody tr')
    await expect(rows).toHaveCount(shown)
    // Dates are shown in the restaurant's locale (locale.phone.spec.ts): compare a cell that is not one.
    const plain = (c: string) => c.trim() !== '' && !/^\d{4}-\d{2}-\d{2}(T|$)/.test(c)
    if (shown > 0) await expect(rows.first()).toContainText(body.data.data.rows[0].find(plain) ?? '')

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Report' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(reportFileName(type, start, end))
    await expect(page.getByText('Report downloaded successfully!').first()).toBeVisible()
    const records: string[][] = parse(readFileSync((await download.path())!), { bom: true })
    expect(records[0]).toEqual(body.data.data.columns)
    expect(records.length - 1).toBe(rowCount)
    expect(records.slice(1, 1 + shown)).toEqual(body.data.data.rows.slice(0, shown))
  }

  // Recent Reports: the server's last 10 runs, newest first, each downloadable again.
  const token = (await apiLogin(page.request, DEMO.Manager.email)).token
  const history = (await (await page.request.get('/api/reports/history', { headers: { Authorization: `Bearer ${token}` } })).json()).data
  expect(history.length).toBeLessThanOrEqual(10)
  expect(history[0].report_type).toBe(REPORT_TYPES.at(-1))
  const recent = page.getByRole('list', { name: 'Recent reports' })
  await expect(recent.getByRole('listitem')).toHaveCount(history.length)
  await expect(recent.getByRole('listitem').first()).toContainText(REPORT_INFO[REPORT_TYPES.at(-1)!].name)
  const again = page.waitForEvent('download')
  await recent.getByRole('button', { name: new RegExp(`^Download ${REPORT_INFO['stock-balance'].name} report`) }).first().click()
  expect((await again).suggestedFilename()).toBe(reportFileName('stock-balance', start, end))

  await expectAccessible(page)
  await screenshot(page, testInfo, 'reports')
})
