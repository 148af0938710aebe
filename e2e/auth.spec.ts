import { expect, test } from './fixtures'
import { MSG } from '../src/contract/messages'
import { DEMO, fakeToken, logoutFromHeader, navLinkNames, signInAs, signInWithForm } from './helpers'

const NAV = {
  Manager: ['Alerts', 'Counts', 'Dashboard', 'Kitchen', 'Movements', 'Purchasing', 'Recipes', 'Reports', 'Requests', 'Settings', 'Stock', 'Team'],
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
  if (await menu.isVisible()) {
    await menu.click()
    const nav = page.getByRole('navigation', { name: 'Mobile' })
    for (const g of ['Inventory', 'Operations', 'Analytics']) await expect(nav.getByText(g, { exact: true })).toBeVisible()
    await nav.getByRole('link', { name: 'Reports' }).click()
  } else {
    const analytics = page.getByRole('button', { name: 'Analytics' })
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

test('the button reads Signing In... while the sign-in is under way', async ({ page }) => {
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

test("a wrong password shows the server's message inline", async ({ page }) => {
  await signInWithForm(page, DEMO.Storekeeper.email, 'not-the-password')
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
})

test('an unreachable server shows Network error occurred', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'))
  await signInWithForm(page, DEMO.Chef.email)
  await expect(page.getByRole('alert')).toHaveText(MSG.networkError)
})

test('the show/hide toggle appears only once a password is typed', async ({ page }) => {
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

test('the login link leads to Forgot password and back', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('guards', () => {
  test('/ goes to /login', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a protected page signed out goes to /login', async ({ page }) => {
    await page.goto('/stock')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  })

  test('/stock as a Chef goes to /unauthorized, whose Switch Account signs out', async ({ page }) => {
    await signInAs(page, 'Chef', '/stock')
    await expect(page).toHaveURL(/\/unauthorized$/)
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/manager/reports')
    await expect(page).toHaveURL(/\/unauthorized$/)
    await page.getByRole('button', { name: 'Switch Account' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('rims_user'))).toBeNull()
  })

  test('a Storekeeper cannot open the kitchen; a Chef can', async ({ page }) => {
    await signInAs(page, 'Storekeeper', '/kitchen-inventory')
    await expect(page).toHaveURL(/\/unauthorized$/)
    await signInAs(page, 'Chef', '/kitchen-inventory')
    await expect(page.getByRole('heading', { name: 'Kitchen Inventory' })).toBeVisible()
  })

  test('a signed-in user on /login, /forgot-password or /reset-password goes to /dashboard', async ({ page }) => {
    await signInAs(page, 'Storekeeper', '/login')
    await expect(page).toHaveURL(/\/dashboard$/)
    for (const path of ['/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/dashboard$/)
    }
  })

  test('an unknown path shows Page not found with links to login and dashboard', async ({ page }) => {
    for (const path of ['/nowhere', '/404', '/manager/nothing']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible()
    await page.getByRole('button', { name: 'Go to Login' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('Logout clears the session and goes to /login', async ({ page }) => {
  await signInAs(page, 'Manager')
  await logoutFromHeader(page)
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('rims_user'))).toBeNull()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
})

test('an expired token in localStorage logs out silently', async ({ page }) => {
  await page.goto('/login')
  const user = { id: 1, name: 'Old Session', email: 'manager@rims.local', role_id: 1, role_name: 'Manager', is_active: true }
  await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), { token: fakeToken(Math.floor(Date.now() / 1000) - 60), user })
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('rims_user'))).toBeNull()
})

test('a token the server refuses ends the session at start-up (profile fetch 401)', async ({ page }) => {
  await page.goto('/login')
  const user = { id: 1, name: 'Forged', email: 'manager@rims.local', role_id: 1, role_name: 'Manager', is_active: true }
  await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), { token: fakeToken(Math.floor(Date.now() / 1000) + 3600), user })
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('rims_user'))).toBeNull()
})

test('a network error at start-up keeps the session (kitchen Wi-Fi drops)', async ({ page }) => {
  await signInAs(page, 'Chef', '/login')
  await page.route('**/api/auth/profile', (route) => route.abort('internetdisconnected'))
  const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/auth/profile'))
  await page.goto('/requests')
  await expect(page.getByRole('heading', { name: 'Kitchen Requests' })).toBeVisible()
  // The start-up check has failed and been handled (a frame later), and the session is still there.
  await failed
  await page.evaluate(() => new Promise(requestAnimationFrame))
  await expect(page).toHaveURL(/\/requests$/)
  expect(await page.evaluate(() => localStorage.getItem('rims_user'))).not.toBeNull()
})

test('pages load on refresh and the header names the restaurant', async ({ page }) => {
  await signInAs(page, 'Manager', '/profile')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('RIMS')
  await expect(page.getByRole('contentinfo')).toContainText('Developed by')
})
