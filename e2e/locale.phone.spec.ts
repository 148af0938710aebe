// Issue 24, items 5 and 6 at 375 px: chart legends never empty, dates in the restaurant's locale, the
// time zone from a searchable list, backup schedules as presets, saving with a toast, 44 px switches.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect as baseExpect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

async function managerHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${(await apiLogin(request, DEMO.Manager.email)).token}` }
}
const getSettings = async (request: APIRequestContext) => (await (await request.get('/api/manager/settings', { headers: await managerHeaders(request) })).json()).data
const putSettings = async (request: APIRequestContext, data: object) => {
  const res = await request.put('/api/manager/settings', { headers: await managerHeaders(request), data })
  expect(res.ok(), await res.text()).toBeTruthy()
}
const expect = baseExpect.configure({ timeout: 15_000 })
// A busy 2-core box: the dashboard's charts and axe take their time.
test.describe.configure({ timeout: 120_000 })
test.use({ actionTimeout: 20_000 })
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Settings saved' })

/** Each legend row of a uPlot chart as [label, value]. */
async function legendOf(chart: ReturnType<Page['locator']>) {
  return chart.locator('.u-legend .u-series').evaluateAll((rows) => rows.map((r) => [r.querySelector('.u-label')?.textContent?.trim() ?? '', r.querySelector('.u-value')?.textContent?.trim() ?? '']))
}

test('trend chart legends show the latest day until a day is hovered, never bare labels; days follow the locale', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const trends = (await (await page.request.get('/api/manager/dashboard/trends?days=30', { headers: { Authorization: `Bearer ${token}` } })).json()).data
  const { locale } = (await (await page.request.get('/api/settings/display')).json()).data
  const day = (d: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))
  await signInAs(page, 'Manager', '/dashboard')
  const charts = page.locator('[data-chart="trends"]')
  await expect(charts).toHaveCount(2, { timeout: 30_000 })
  for (const chart of [charts.first(), charts.last()]) {
    await chart.scrollIntoViewIfNeeded()
    await expect(chart.locator('.u-legend .u-series').first()).toBeVisible()
    const rows = await legendOf(chart)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const [label, value] of rows) expect(value, `legend "${label}"`).not.toBe('')
    // Nothing hovered: the latest day, in the restaurant's locale (not US-style 10/25).
    expect(rows[0]).toEqual(['Date', day(trends.dates.at(-1))])
  }
  const counts = charts.first()
  const latest = await legendOf(counts)
  expect(latest[1]).toEqual(['Stock In', new Intl.NumberFormat(locale).format(trends.stock_in.at(-1))])

  // Hovered (a tap on a phone): that day's values; moved away: the latest again.
  const box = (await counts.locator('.u-over').boundingBox())!
  await page.mouse.move(box.x + 3, box.y + box.height / 2)
  await expect.poll(async () => (await legendOf(counts))[0][1]).toBe(day(trends.dates[0]))
  for (const [label, value] of await legendOf(counts)) expect(value, `legend "${label}" while hovered`).not.toBe('')
  await page.mouse.move(box.x + box.width / 2, box.y - 60)
  await expect.poll(async () => (await legendOf(counts))[0][1]).toBe(day(trends.dates.at(-1)))
})

test('dates shown follow the locale setting (en-US, then en-GB)', async ({ page }) => {
  const before = await getSettings(page.request)
  try {
    await signInAs(page, 'Manager', '/manager/reports')
    const start = (await page.getByLabel('Start date').inputValue()) as string
    const end = (await page.getByLabel('End date').inputValue()) as string
    const written = (loc: string, d: string) => new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))
    for (const locale of ['en-US', 'en-GB']) {
      await putSettings(page.request, { locale })
      await page.reload()
      await page.getByRole('button', { name: 'Generate Report' }).click()
      const preview = page.getByRole('region', { name: /^Preview:/ })
      await expect(preview).toContainText(`${written(locale, start)} to ${written(locale, end)}`)
    }
    // The two really differ: 'Nov 23, 2026' against '23 Nov 2026'.
    expect(written('en-US', end)).not.toBe(written('en-GB', end))
  } finally {
    await putSettings(page.request, { locale: before.locale })
  }
})

test('the time zone is picked from a searchable list of IANA names and saves with a toast', async ({ page }) => {
  const before = await getSettings(page.request)
  try {
    await signInAs(page, 'Manager', '/manager/settings')
    const zone = page.getByRole('combobox', { name: 'Time zone' })
    await expect(page.getByTestId('time-zone-current')).toContainText(before.time_zone)
    // Part of a city, in any case, with a space for the underscore.
    await zone.fill('new york')
    await expect(page.getByRole('option', { name: /America\/New York/ })).toBeVisible()
    await zone.fill('lusa')
    const options = page.getByRole('listbox', { name: 'Time zone matches' }).getByRole('option')
    await expect(options).toHaveCount(1)
    await expect(options.first()).toContainText('GMT+02:00')
    await zone.fill('no such place')
    await expect(page.getByText('No time zone matches “no such place”')).toBeVisible()
    await zone.fill('lusa')
    await expectAccessible(page)
    await options.first().click()
    await expect(page.getByTestId('time-zone-current')).toContainText('Africa/Lusaka')
    // The keyboard works too: arrow down to the first match of 'harare', Enter.
    await zone.fill('harare')
    await zone.press('ArrowDown')
    await zone.press('Enter')
    await expect(page.getByTestId('time-zone-current')).toContainText('Africa/Harare')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(saved(page)).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    expect((await getSettings(page.request)).time_zone).toBe('Africa/Harare')
    expect((await (await page.request.get('/api/settings/display')).json()).data.time_zone).toBe('Africa/Harare')
    await page.reload()
    await expect(page.getByTestId('time-zone-current')).toContainText('Africa/Harare')
  } finally {
    await putSettings(page.request, { time_zone: before.time_zone })
  }
})

test('backup schedules as presets write the right cron; raw cron only under Advanced', async ({ page }) => {
  const before = await getSettings(page.request)
  const schedule = () => page.getByLabel('Backup schedule', { exact: true })
  const save = async (cron: string) => {
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(saved(page).last()).toBeVisible()
    await expect.poll(async () => (await getSettings(page.request)).backup_cron).toBe(cron)
  }
  try {
    await putSettings(page.request, { backup_cron: '0 3 * * *' })
    await signInAs(page, 'Manager', '/manager/settings')
    await expect(schedule()).toHaveValue('daily')
    await expect(page.getByLabel('Time', { exact: true })).toHaveValue('03:00')
    await expect(page.getByText('Every day at 03:00')).toBeVisible()
    await expect(page.getByLabel('Cron expression')).toHaveCount(0)

    await page.getByLabel('Time', { exact: true }).fill('01:45')
    await save('45 1 * * *')

    await schedule().selectOption({ label: 'Twice a day (12 hours apart)' })
    await page.getByLabel('First time').fill('04:30')
    await expect(page.getByText('Twice a day, at 04:30 and 16:30')).toBeVisible()
    await save('30 4,16 * * *')

    await schedule().selectOption({ label: 'Once a week' })
    await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Monday' })
    await page.getByLabel('Time', { exact: true }).fill('02:15')
    await expect(page.getByText('Every Monday at 02:15')).toBeVisible()
    await save('15 2 * * 1')

    await schedule().selectOption({ label: 'Advanced (cron)' })
    await expect(page.getByLabel('Cron expression')).toHaveValue('15 2 * * 1')
    await page.getByLabel('Cron expression').fill('*/30 * * * *')
    await save('*/30 * * * *')
    // A stored cron no preset says opens under Advanced.
    await page.reload()
    await expect(schedule()).toHaveValue('cron')
    await expect(page.getByLabel('Cron expression')).toHaveValue('*/30 * * * *')
  } finally {
    await putSettings(page.request, { backup_cron: before.backup_cron })
  }
})

test('Settings switches are 44 px targets and toggle by a tap', async ({ page }) => {
  await signInAs(page, 'Manager', '/manager/settings')
  const tls = page.getByRole('switch', { name: 'Use TLS from the start (port 465)' })
  const box = (await tls.boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(44)
  expect(box.height).toBeGreaterThanOrEqual(44)
  const was = await tls.isChecked()
  await tls.tap()
  await expect(tls).toBeChecked({ checked: !was })
  await expectAccessible(page)
})
