// Every screen at this project's width: axe-core finds no serious or critical violation, and a screenshot is kept.
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { MSG } from '../src/contract/messages'
import { expectAccessible, screenshot, signInAs, type DemoRole } from './helpers'

async function check(page: Page, name: string) {
  await expectAccessible(page)
  await screenshot(page, test.info(), name)
}

test('sign-in screens', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  for (const item of ['Smart stock tracking', 'Real-time alerts', 'Kitchen integration', 'Analytics and reports', '24/7 monitoring'])
    await expect(page.getByText(item, { exact: true })).toBeVisible()
  await check(page, 'login')

  await page.getByLabel('Email address').fill('store@rims.local')
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.route('**/api/auth/login', (r) => r.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: MSG.invalidCredentials }) }))
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials)
  await check(page, 'login-error')

  await page.goto('/forgot-password')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await check(page, 'forgot-password')

  await page.goto('/reset-password?token=nope')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await check(page, 'reset-password-invalid')

  await page.route('**/api/password-reset/validate-token/**', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, data: { email: 'chef@rims.local' }, message: 'OK' }) }))
  await page.goto('/reset-password?token=looks-valid')
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible()
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByText(MSG.resetPasswordTooShort)).toBeVisible()
  await check(page, 'reset-password-form')
})

test('not found and unauthorized', async ({ page }) => {
  await page.goto('/nowhere')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await check(page, 'not-found')
  await signInAs(page, 'Chef', '/stock')
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await check(page, 'unauthorized')
})

for (const role of ['Manager', 'Storekeeper', 'Chef'] as DemoRole[]) {
  test(`${role}: dashboard and navigation`, async ({ page }) => {
    await signInAs(page, role)
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible()
    await check(page, `dashboard-${role.toLowerCase()}`)
    const menu = page.getByRole('button', { name: 'Open menu' })
    if (await menu.isVisible()) {
      await menu.click()
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
      await check(page, `menu-${role.toLowerCase()}`)
    } else if (role === 'Manager') {
      await page.getByRole('button', { name: 'Inventory' }).click()
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stock', exact: true })).toBeVisible()
      await check(page, 'menu-manager')
    }
  })
}

test('every signed-in page opens with its heading for the Manager', { tag: '@desktop' }, async ({ page }) => {
  await signInAs(page, 'Manager')
  const pages = {
    '/stock': 'Stock',
    '/movements': 'Stock Movements',
    '/counts': 'Stock Counts',
    '/requests': 'Kitchen Requests',
    '/kitchen-inventory': 'Kitchen Inventory',
    '/manager/reports': 'Reports',
    '/manager/alerts': 'Alerts',
    '/manager/settings': 'Settings',
  }
  for (const [path, title] of Object.entries(pages)) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
  }
})

test('profile: view, edit with errors, dialogs', async ({ page }) => {
  await signInAs(page, 'Chef', '/profile')
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
  await check(page, 'profile')
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByLabel('New Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText(MSG.currentPasswordRequired)).toBeVisible()
  await check(page, 'profile-edit-errors')
  await page.route('**/api/auth/profile', (r) =>
    r.request().method() === 'PUT' ? r.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: MSG.emailTaken }) }) : r.continue(),
  )
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Error' })
  await expect(dialog).toContainText(MSG.emailTaken)
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused()
  await check(page, 'dialog-error')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})
