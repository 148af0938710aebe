// The three role dashboards (SPEC §2 "Dashboard"): numbers equal to the API's, the charts drawn,
// visible failures with Retry, an empty install's 'No data available', the Chef's request form.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChefSummary, DashboardItem, DashboardStats, StoreSummary } from '../src/contract/dashboard'
import { MSG } from '../src/contract/messages'
import { apiLogin, DEMO, expectAccessible, screenshot, signInAs, startOwnServer } from './helpers'

const get = async <T>(request: APIRequestContext, token: string, path: string): Promise<T> => {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status(), path).toBe(200)
  return (await res.json()).data as T
}
const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`)
/** The number a money card shows (locale-formatted), read back. */
const moneyOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''))

test('Manager dashboard: cards equal the API, four pies and the uPlot trends drawn, activity and alerts', async ({ page }, testInfo) => {
  const { token } = await signInAs(page, 'Manager')
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO.Manager.name}!` })).toBeVisible()
  // Charts drawn: every pie with its data and both uPlot canvases.
  await page.waitForFunction(() => performance.getEntriesByName('rims:charts-drawn').length > 0)
  const drawnMs = await page.evaluate(() => performance.getEntriesByName('rims:charts-drawn')[0].startTime)
  console.log(`[dashboard] Manager dashboard, navigation to charts drawn (demo data, ${testInfo.project.name}): ${drawnMs.toFixed(0)} ms`)

  const stats = await get<DashboardStats>(page.request, token, '/manager/dashboard/stats')
  await expect(stat(page, 'Total Items')).toHaveText(String(stats.stock.totalItems))
  await expect(stat(page, 'Low or out')).toHaveText(String(stats.stock.lowStockItems))
  await expect(stat(page, 'Team Members')).toHaveText(String(stats.users.total))
  await expect(page.getByText(`${stats.users.active} active · ${stats.users.inactive} inactive`)).toBeVisible()
  expect(moneyOf(await stat(page, 'Total Value').innerText())).toBeCloseTo(stats.stock.totalValue, 2)

  // Analytics Overview: four donuts, each totalling the API's counts, with a slice per non-zero value.
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0)
  const expected: Record<string, number> = {
    'Stock Status Distribution': sum(stats.charts.stock_status),
    'Movement Types': sum(stats.charts.movement_types),
    'Kitchen Request Status': sum(stats.charts.request_statuses),
    'Items by Category': stats.charts.items_by_category.reduce((a, c) => a + c.count, 0),
  }
  for (const [title, total] of Object.entries(expected)) {
    expect(total, `${title} has demo data`).toBeGreaterThan(0)
    const pie = page.locator('figure[data-chart="pie"]', { has: page.getByText(title, { exact: true }) })
    await expect(pie).toHaveAttribute('data-total', String(total))
    expect(await pie.locator('svg circle[data-slice]').count()).toBeGreaterThan(0)
  }
  // Values on hover / tap: the legend's button shows the slice in the donut's centre.
  const statusPie = page.locator('figure[data-chart="pie"]', { has: page.getByText('Stock Status Distribution', { exact: true }) })
  await statusPie.getByRole('button', { name: /In Stock/ }).click()
  await expect(statusPie.getByRole('button', { name: /In Stock/ })).toHaveAttribute('aria-pressed', 'true')

  // The 30-day trends: two uPlot charts on canvas, 30 points each, with a legend.
  const trends = page.locator('[data-chart="trends"]')
  await expect(trends).toHaveCount(2)
  await expect(trends.first().locator('canvas')).toHaveCount(1)
  await expect(trends.first().locator('.u-legend')).toContainText('Stock In')
  await expect(trends.last().locator('.u-legend')).toContainText('Wastage Value')
  const t = await get<{ dates: string[] }>(page.request, token, '/manager/dashboard/trends?days=30')
  expect(t.dates).toHaveLength(30)
  // A tooltip with the day's values under the cursor.
  await trends.first().scrollIntoViewIfNeeded()
  const box = (await trends.first().locator('.u-over').boundingBox())!
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2)
  await expect(trends.first().locator('.rims-chart-tip')).toBeVisible()
  await expect(trends.first().locator('.rims-chart-tip')).toContainText('Stock In:')

  // Recent Activity: the API's 5 newest, in order; 'View All' → /movements.
  const activity = await get<{ title: string }[]>(page.request, token, '/manager/dashboard/recent-activity?limit=5')
  const shown = page.getByTestId('recent-activity').locator('li p:first-child')
  await expect(shown).toHaveText(activity.map((a) => a.title))
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/movements')

  // Alerts & Notifications: up to 3 low-stock and 2 expiring items, each → /stock.
  const low = await get<DashboardItem[]>(page.request, token, '/manager/dashboard/stock-alerts?limit=3')
  const exp = await get<DashboardItem[]>(page.request, token, '/manager/dashboard/expiry-alerts?limit=2')
  const alerts = page.getByTestId('stock-alerts').getByRole('link')
  await expect(alerts).toHaveCount(low.length + exp.length)
  for (const i of [...low, ...exp]) await expect(page.getByTestId('stock-alerts').getByText(i.name, { exact: true })).toBeVisible()
  for (const href of await alerts.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toBe('/stock')

  for (const name of ['Manage Stock', 'Stock Movements', 'Kitchen Requests', 'Reports', 'Alerts']) await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, testInfo, 'dashboard-manager')
})

test('Storekeeper dashboard: cards equal the API, quick actions, activity, alerts', async ({ page }, testInfo) => {
  const { token } = await signInAs(page, 'Storekeeper')
  const s = await get<StoreSummary>(page.request, token, '/dashboard')
  await expect(stat(page, 'Total Items')).toHaveText(String(s.cards.total_items))
  await expect(stat(page, 'Total Categories')).toHaveText(String(s.cards.total_categories))
  await expect(stat(page, 'Low or out')).toHaveText(String(s.cards.low_stock))
  await expect(stat(page, 'Expiring or expired')).toHaveText(String(s.cards.expiring_soon + s.cards.expired))
  for (const [name, href] of [
    ['Record Movement', '/movements?record=1'],
    ['View Movements', '/movements'],
    ['View Requests', '/requests'],
    ['Manage Stock', '/stock'],
  ])
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  await expect(page.getByTestId('recent-activity').locator('li')).toHaveCount(Math.min(5, s.recent_activity.length))
  const alerts = s.low_stock_items.length + s.expiring_items.length
  if (alerts) await expect(page.getByTestId('stock-alerts').getByRole('link')).toHaveCount(alerts)
  else await expect(page.getByText('No alerts at this time')).toBeVisible()
  // The Storekeeper never sees the Manager's money or charts.
  await expect(page.getByText('Total Value')).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, testInfo, 'dashboard-storekeeper')
})

test('Chef dashboard: cards and the week-on-week trend from the API; a request from the form shows on /requests', async ({ page }, testInfo) => {
  const { token } = await signInAs(page, 'Chef')
  await expect(page.getByRole('heading', { name: `Welcome back, Chef ${DEMO.Chef.name}!` })).toBeVisible()
  const s = await get<ChefSummary>(page.request, token, '/dashboard')
  await expect(stat(page, 'Total Requests')).toHaveText(String(s.cards.total_requests))
  await expect(stat(page, 'Pending')).toHaveText(String(s.cards.pending))
  await expect(stat(page, 'Kitchen Items')).toHaveText(String(s.cards.kitchen_items))
  await expect(stat(page, 'Low Stock')).toHaveText(String(s.cards.low_stock))
  await expect(page.getByTestId('chef-trend')).toHaveText(s.trend.text)
  await expect(page.getByText('+12% this week')).toHaveCount(s.trend.text === '+12% this week' ? 1 : 0)
  for (const name of ['Kitchen Inventory', 'Record Usage', 'Record Wastage']) await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/kitchen-inventory')
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/kitchen-inventory')
  // Low Stock Alerts only when there are any, at most 5, each 'Request More' → /requests?item_id=…
  if (s.low_stock_items.length) {
    const more = page.getByTestId('kitchen-low-stock').getByRole('link', { name: /Request More/ })
    await expect(more).toHaveCount(Math.min(5, s.low_stock_items.length))
    await expect(more.first()).toHaveAttribute('href', `/requests?item_id=${s.low_stock_items[0].item_id}`)
  } else await expect(page.getByRole('heading', { name: 'Low Stock Alerts' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, testInfo, 'dashboard-chef')

  // The 'New Ingredient Request' form: item, quantity, priority → 'Request submitted successfully'.
  const remarks = `dashboard e2e ${testInfo.project.name} ${Date.now()}`
  await page.getByRole('button', { name: 'New Ingredient Request' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Ingredient Request' })
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(dialog.getByText('Please fill in all required fields')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('combobox', { name: 'Item' }).fill('a')
  await dialog.getByRole('option').first().click()
  await dialog.getByLabel(/^Quantity/).fill('2.5')
  await dialog.getByLabel('Priority').selectOption('HIGH')
  await dialog.getByLabel('Remarks (optional)').fill(remarks)
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request submitted successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(stat(page, 'Total Requests')).toHaveText(String(s.cards.total_requests + 1))
  await expect(stat(page, 'Pending')).toHaveText(String(s.cards.pending + 1))
  // … and the request is on /requests (and in the API, PENDING, HIGH, 2.5).
  type Req = { remarks: string | null; status: string; priority: string; quantity_requested: number; request_number: string }
  const found = await get<Req[]>(page.request, token, `/kitchen-requests?q=${encodeURIComponent(remarks)}`)
  const made = found.find((r) => r.remarks === remarks)!
  expect(made).toMatchObject({ status: 'PENDING', priority: 'HIGH', quantity_requested: 2.5 })
  await page.goto('/requests')
  await expect(page.getByText(made.request_number).first()).toBeVisible()
})

test('the Chef sees the failure when the request cannot be submitted', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, 'Chef')
  await page.route('**/api/kitchen-requests', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'oops' }) : route.fallback()))
  await page.getByRole('button', { name: 'New Ingredient Request' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Ingredient Request' })
  await dialog.getByRole('combobox', { name: 'Item' }).fill('a')
  await dialog.getByRole('option').first().click()
  await dialog.getByLabel(/^Quantity/).fill('1')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(dialog.getByText('Failed to submit request')).toBeVisible()
})

test("each role's dashboard asks for its numbers once; the Manager's trends only after the cards show", { tag: '@desktop' }, async ({ page }) => {
  const asked: string[] = []
  page.on('request', (r) => {
    const { pathname, search } = new URL(r.url())
    if (/^\/api\/(manager\/dashboard|dashboard|purchase-orders)/.test(pathname)) asked.push(pathname + search)
  })
  // The moment the cards reach the page, on the page's clock (resource timings share it).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-stat]')) return
      performance.mark('e2e:cards')
      observer.disconnect()
    }).observe(document, { subtree: true, childList: true })
  })
  await signInAs(page, 'Manager')
  await page.waitForFunction(() => performance.getEntriesByName('rims:charts-drawn').length > 0)
  expect(asked).toEqual(['/api/manager/dashboard', '/api/manager/dashboard/trends?days=30'])
  const [cards, trends] = await page.evaluate(() => [
    performance.getEntriesByName('e2e:cards')[0].startTime,
    performance.getEntriesByType('resource').find((r) => r.name.includes('/api/manager/dashboard/trends'))!.startTime,
  ])
  expect(trends).toBeGreaterThan(cards)
  for (const role of ['Storekeeper', 'Chef'] as const) {
    asked.length = 0
    await signInAs(page, role)
    await expect(stat(page, 'Total Items').or(stat(page, 'Total Requests'))).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked, role).toEqual(['/api/dashboard'])
  }
})

test('a dashboard that fails to load says so, with a Retry that loads it', { tag: '@phone' }, async ({ page }) => {
  for (const [role, path] of [
    ['Manager', '**/api/manager/dashboard'],
    ['Storekeeper', '**/api/dashboard'],
    ['Chef', '**/api/dashboard'],
  ] as const) {
    let fail = true
    await page.route(path, (route) => (fail ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Service busy' }) }) : route.fallback()))
    await signInAs(page, role)
    await expect(page.getByRole('alert')).toHaveText('Service busy')
    await expect(stat(page, 'Total Items').or(stat(page, 'Total Requests'))).toHaveCount(0)
    fail = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(stat(page, 'Total Items').or(stat(page, 'Total Requests'))).toBeVisible()
    await page.unroute(path)
    await page.evaluate(() => localStorage.clear())
  }
  // Without a server message: the spec's load failure line (the cards above still show).
  await page.route('**/api/manager/dashboard/trends*', (route) => route.fulfill({ status: 500, body: '' }))
  await signInAs(page, 'Manager')
  await expect(page.getByRole('alert')).toHaveText(MSG.loadFailed)
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('a custom role gets the simple dashboard of what every role sees', { tag: '@desktop' }, async ({ page, request }) => {
  const { token } = await apiLogin(request, DEMO.Manager.email)
  const headers = { Authorization: `Bearer ${token}` }
  const roleName = `Bartender ${Date.now()}`
  const role = (await (await request.post('/api/manager/roles', { headers, data: { role_name: roleName } })).json()).data as { id: number }
  const email = `bar-${Date.now()}@rims.local`
  expect((await request.post('/api/manager/users', { headers, data: { name: 'Mutale Bar', email, password: 'bar-pass-2026', role_id: role.id } })).status()).toBe(200)
  const session = await apiLogin(request, email, 'bar-pass-2026')
  await page.goto('/login')
  await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), session)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Welcome back, Mutale Bar!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kitchen Requests', exact: true })).toHaveAttribute('href', '/requests')
  await expect(page.locator('[data-stat]')).toHaveCount(0)
  await expectAccessible(page)
})

// ---------- An empty install: a second server without --demo ----------

test.describe('an empty database', { tag: '@desktop' }, () => {
  let base = ''
  let stop: (() => void) | undefined
  const manager = { name: 'Empty Manager', email: 'empty@rims.local', password: 'empty-pass-2026' }

  test.beforeAll(async () => {
    test.setTimeout(60_000)
    const started = await startOwnServer(mkdtempSync(join(tmpdir(), 'rims-e2e-empty-')), manager)
    base = started.base
    stop = started.stop
  })
  test.afterAll(() => stop?.())

  test("the Manager's charts show 'No data available' and the team is empty", async ({ page }, testInfo) => {
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: manager.email, password: manager.password }) })).json()
    await page.goto(`${base}/login`)
    await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), login.data)
    await page.goto(`${base}/dashboard`)
    await expect(page.getByRole('heading', { name: `Welcome back, ${manager.name}!` })).toBeVisible()
    await expect(stat(page, 'Total Items')).toHaveText('0')
    await expect(stat(page, 'Team Members')).toHaveText('1')
    await expect(page.getByText('No data available')).toHaveCount(4)
    await expect(page.getByText('No recent activity')).toBeVisible()
    await expect(page.getByText('No alerts at this time')).toBeVisible()
    // The trends still draw (flat at zero).
    await expect(page.locator('[data-chart="trends"] canvas')).toHaveCount(2)
    await expectAccessible(page)
    await screenshot(page, testInfo, 'dashboard-manager-empty')
    await page.getByRole('button', { name: /Team Members/ }).click()
    await expect(page.getByRole('dialog', { name: 'Team Members' }).getByText('No team members found')).toBeVisible()
  })
})
