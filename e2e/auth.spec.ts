import { expect, test } from './fixtures'
import { MSG } from '../src/contract/messages'
import { DEMO, logoutFromHeader, navLinkNames, signInAs, signInWithForm } from './helpers'

const NAV = {
  Manager: ['Alerts', 'Counts', 'Dashboard', 'Invoices', 'Kitchen', 'Movements', 'Purchasing', 'Recipes', 'Reports', 'Requests', 'Settings', 'Stock', 'Team'],
  Storekeeper: ['Counts', 'Movements', 'Purchasing', 'Recipes', 'Requests', 'Stock'],
  Chef: ['Kitchen', 'Recipes', 'Requests'],
} as const

for (const role of ['Manager', 'Storekeeper', 'Chef'] as const) {
  test(`${role} signs in and sees the ${role}'s navigation`, async ({ page }) => {
    await signInWithForm(page, DEMO[role].email)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible()
    expect(await navLinkNames(page)).toEqual([...NAV[role]])
    // The name holds the visible initials too (WCAG 2.5.3): 'Profile: MB Mwila Banda, Manager'.
    const initials = DEMO[role].name.split(' ').map((w) => w[0]).join('')
    await expect(page.getByRole('link', { name: `Profile: ${initials} ${DEMO[role].name}, ${role}`, exact: true }).first()).toBeAttached()
  })
}

test('the Manager groups the pages in the Inventory, Operations and Analytics dropdowns', async ({ page }) => {
  await signInAs(page, 'Manager')
  const menu = page.getByRole('button', { name: 'Open menu' })
  const analytics = page.getByRole('button', { name: 'Analytics' })
  // Decided once the header is drawn: right after the load event the app may not have rendered it yet.
  await expect(menu.or(analytics).first()).toBeVisible()
  if (await menu.isVisible()) {
    await menu.click()
    const nav = page.getByRole('navigation', { name: 'Mobile' })
    for (const g of ['Inventory', 'Operations', 'Analytics']) await expect(nav.getByText(g, { exact: true })).toBeVisible()
    await nav.getByRole('link', { name: 'Reports' }).click()
  } else {
    await expect(analytics).toHaveAttribute('aria-expanded', 'false')
    await analytics.click()
    await expect(analytics).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(analytics).toHaveAttribute('aria-expanded', 'false')
    await expect(analytics).toBeFocused()
    await page.keyboard.press('Enter')
    // The dashboard has a Reports quick action too: take the one in the header's menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click()
  }
  await expect(page).toHaveURL(/\/manager\/reports$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
})

test('the button reads Signing In... while the sign-in is under way', { tag: '@phone' }, async ({ page }) => {
  // The sign-in is held until the button has been seen (not for a fixed time a busy box could outlast).
  let answer!: () => void
  const held = new Promise<void>((r) => (answer = r))
  await page.route('**/api/auth/login', async (route) => {
    await held
    await route.continue()
  })
  await signInWithForm(page, DEMO.Chef.email)
  await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled()
  answer()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test("a wrong password shows the server's message inline", { tag: '@phone' }, async ({ page }) => {
  await signInWithForm(page, DEMO.Storekeeper.email, 'not-the-password')
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
})

test('an unreachable server shows Network error occurred', { tag: '@desktop' }, async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'))
  await signInWithForm(page, DEMO.Chef.email)
  await expect(page.getByRole('alert')).toHaveText(MSG.networkError)
})

test('the show/hide toggle appears only once a password is typed', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/login')
  const password = page.getByLabel('Password', { exact: true })
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0)
  await password.fill('secret')
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Hide password' }).click()
  await expect(password).toHaveAttribute('type', 'password')
  await password.fill('')
  await expect(page.getByRole('button', { name: /password/ })).toHaveCount(0)
})

test('the login link leads to Forgot password and back', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('Logout clears the session and goes to /login', async ({ page }) => {
  await signInAs(page, 'Manager')
  await logoutFromHeader(page)
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('rims_user'))).toBeNull()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
})

test('pages load on refresh and the header names the restaurant', { tag: '@desktop' }, async ({ page }) => {
  await signInAs(page, 'Manager', '/profile')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('RIMS')
  await expect(page.getByRole('contentinfo')).toContainText('Developed by')
})
