// Settings: the form saves through the server's validation, the header follows, backups, connect a device.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, openMenuIfMobile, screenshot, signInAs } from './helpers'

async function managerHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${(await apiLogin(request, DEMO.Manager.email)).token}` }
}
const getSettings = async (request: APIRequestContext) => (await (await request.get('/api/manager/settings', { headers: await managerHeaders(request) })).json()).data

test('changing the restaurant name saves it and the header shows it at once', { tag: '@desktop' }, async ({ page }, testInfo) => {
  const original = (await getSettings(page.request)).restaurant_name
  const name = `Lusaka Grill ${testInfo.project.name}`
  try {
    await signInAs(page, 'Manager', '/manager/settings')
    await expect(page.getByLabel('Restaurant name')).toHaveValue(original)
    await expect(page.getByLabel('SMTP password')).toHaveValue('')
    await page.getByLabel('Restaurant name').fill(name)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    // A toast, no modal to dismiss (issue 24).
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByRole('banner')).toContainText(name)
    expect((await getSettings(page.request)).restaurant_name).toBe(name)
    await page.reload()
    await expect(page.getByLabel('Restaurant name')).toHaveValue(name)
  } finally {
    await page.request.put('/api/manager/settings', { headers: await managerHeaders(page.request), data: { restaurant_name: original } })
  }
})

test('purchasing and costing: the rounding, cost method, price alert and target food cost are set on the form', { tag: '@desktop' }, async ({ page }) => {
  const before = await getSettings(page.request)
  const keys = ['order_rounding', 'cost_method', 'price_alert_pct', 'target_food_cost_pct'] as const
  try {
    await signInAs(page, 'Manager', '/manager/settings')
    const section = page.getByRole('region', { name: 'Purchasing and costing' })
    await expect(section.getByLabel('Order suggestions round to')).toHaveValue(before.order_rounding)
    await expect(section.getByLabel('Cost price after a delivery')).toHaveValue(before.cost_method)
    await expect(section.getByLabel('Price change alert (%)')).toHaveValue(String(before.price_alert_pct))
    await expect(section.getByLabel('Target food cost (%)')).toHaveValue(String(before.target_food_cost_pct))

    // Refused in the browser with the field's own words; nothing saved.
    await section.getByLabel('Price change alert (%)').fill('0')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(section.getByText('Price change alert (%) must be at least 0.01')).toBeVisible()

    await section.getByLabel('Order suggestions round to').selectOption({ label: 'The nearest whole pack' })
    await section.getByLabel('Cost price after a delivery').selectOption({ label: 'The last price paid' })
    await section.getByLabel('Price change alert (%)').fill('7,5')
    await section.getByLabel('Target food cost (%)').fill('28.5')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible()
    expect(await getSettings(page.request)).toMatchObject({ order_rounding: 'HALF', cost_method: 'LAST', price_alert_pct: 7.5, target_food_cost_pct: 28.5 })
    await page.reload()
    await expect(section.getByLabel('Cost price after a delivery')).toHaveValue('LAST')
    await expect(section.getByLabel('Price change alert (%)')).toHaveValue('7.5')
  } finally {
    await page.request.put('/api/manager/settings', { headers: await managerHeaders(page.request), data: Object.fromEntries(keys.map((k) => [k, before[k]])) })
  }
})

test('a bad value shows its message and changes nothing', { tag: '@desktop' }, async ({ page }) => {
  const before = await getSettings(page.request)
  await signInAs(page, 'Manager', '/manager/settings')
  await expect(page.getByLabel('Restaurant name')).toHaveValue(before.restaurant_name)

  // Checked in the browser by the server's own schema: nothing is sent.
  let puts = 0
  page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith('/api/manager/settings') && puts++)
  await page.getByLabel('Restaurant name').fill('Never Saved Bistro')
  await page.getByLabel('Expiring soon window (days)').fill('0')
  await page.getByLabel('SMTP port').fill('seventy')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Expiring soon window (days) must be at least 1')).toBeVisible()
  await expect(page.getByText('SMTP port must be a number')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Check the 2 fields marked in red above' })).toBeVisible()
  expect(puts).toBe(0)

  // Refused by the server (a cron schedule that cannot run): the error, and the name is not saved either.
  await page.getByLabel('Expiring soon window (days)').fill(String(before.expiring_days))
  await page.getByLabel('SMTP port').fill(String(before.smtp_port))
  await page.getByLabel('Backup schedule', { exact: true }).selectOption({ label: 'Advanced (cron)' })
  await page.getByLabel('Cron expression').fill('99 99 * * *')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Backup schedule is not a valid schedule' })).toBeVisible()
  await expect(page.getByLabel('Cron expression')).toHaveValue('99 99 * * *')
  expect(puts).toBe(1)
  expect(await getSettings(page.request)).toEqual(before)
  await expect(page.getByRole('banner')).not.toContainText('Never Saved Bistro')
})

test('Back up now adds a row; Connect a device shows the addresses; axe and screenshots', async ({ page }, testInfo) => {
  await signInAs(page, 'Manager', '/manager/settings')
  const backups = page.getByRole('list', { name: 'Backups' })
  const empty = page.getByText('No backups found')
  await expect(backups.or(empty)).toBeVisible()
  const before = await backups.getByRole('listitem').count()
  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(page.getByText('Backup created successfully').first()).toBeVisible()
  await expect(backups.getByRole('listitem')).toHaveCount(before + 1)
  await expect(backups.getByRole('listitem').first()).toContainText('Integrity OK')
  const downloading = page.waitForEvent('download')
  await backups.getByRole('button', { name: /^Download backup / }).first().click()
  expect((await downloading).suggestedFilename()).toMatch(/\.(db|sqlite3?)$/)

  // The e2e server runs with HTTPS off: said plainly, with the HTTP address and its QR code.
  const connect = page.getByRole('region', { name: 'Connect a device' })
  await expect(connect).toContainText('HTTPS is off')
  const info = (await (await page.request.get('/api/manager/connect', { headers: await managerHeaders(page.request) })).json()).data
  await expect(connect.getByRole('img', { name: `QR code for ${info.urls[0].http}` })).toBeVisible()
  await expect(connect.getByRole('switch', { name: 'Require HTTPS' })).toBeDisabled()
  await expect(page.getByLabel('Public URL', { exact: true }).locator('option', { hasText: info.urls[0].http })).toHaveCount(1)

  await expectAccessible(page)
  await screenshot(page, testInfo, 'settings')
})

test('Settings is reached from the user menu and the Analytics group, and is for the Manager only', async ({ page }) => {
  await signInAs(page, 'Manager', '/dashboard')
  await openMenuIfMobile(page)
  const mobile = page.getByRole('navigation', { name: 'Mobile' })
  const nav = (await mobile.isVisible()) ? mobile : page.getByRole('navigation', { name: 'Main' })
  if (nav !== mobile) await nav.getByRole('button', { name: 'Analytics' }).click()
  await nav.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page).toHaveURL(/\/manager\/settings$/)
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible()

  if (nav !== mobile) {
    await page.goto('/dashboard')
    await page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible()
  }

  await signInAs(page, 'Storekeeper', '/manager/settings')
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
  await openMenuIfMobile(page)
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0)
})
