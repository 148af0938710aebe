// The Manager's Team Members and Create User dialogs (SPEC §2 "Team Members dialog", §4 User status, §5, §8).
import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import type { User } from '../src/contract/auth'
import { MSG } from '../src/contract/messages'
import { DEMO, expectAccessible, expectOnTop, screenshot, signInAs, signInWithForm } from './helpers'

const loginStatus = async (page: Page, email: string, password: string) => (await page.request.post('/api/auth/login', { data: { email, password } })).status()
const openTeam = async (page: Page) => {
  await page.getByRole('button', { name: /^Team Members/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Team Members' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('Team Members lists everyone but the Manager, from the server', async ({ page }, testInfo) => {
  const { token, user } = await signInAs(page, 'Manager')
  const all = (await (await page.request.get('/api/manager/users?limit=500', { headers: { Authorization: `Bearer ${token}` } })).json()).data as User[]
  const dialog = await openTeam(page)
  const rows = dialog.locator('li[data-user-email]')
  await expect(rows).toHaveCount(all.length - 1)
  await expect(dialog.locator(`li[data-user-email="${user.email}"]`)).toHaveCount(0)
  await expect(dialog.locator(`li[data-user-email="${DEMO.Chef.email}"]`)).toContainText(DEMO.Chef.name)
  await expect(dialog.locator(`li[data-user-email="${DEMO.Chef.email}"]`)).toContainText('Chef')
  await expectAccessible(page)
  await screenshot(page, testInfo, 'team-members')
})

test("missing names and emails show 'Unknown' and 'No email'; a failed load says so with Retry", { tag: '@desktop' }, async ({ page }) => {
  const { user } = await signInAs(page, 'Manager')
  let mode: 'fail' | 'odd' = 'fail'
  await page.route('**/api/manager/users?*', (route) =>
    mode === 'fail'
      ? route.fulfill({ status: 500, body: '' })
      : route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            message: '',
            meta: { total: 2, page: 1, limit: 500 },
            data: [
              { ...user, role_id: 1, is_active: true, last_login_at: null, created_at: '2026-01-01T00:00:00Z' },
              { id: 9999, name: '', email: '', role_id: 2, role_name: 'Storekeeper', is_active: false, last_login_at: null, created_at: '2026-01-01T00:00:00Z' },
            ],
          }),
        }),
  )
  const dialog = await openTeam(page)
  await expect(dialog.getByRole('alert')).toHaveText(MSG.teamLoadFailed)
  mode = 'odd'
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(dialog.locator('li[data-user-email]')).toHaveCount(1)
  await expect(dialog.getByText('Unknown', { exact: true })).toBeVisible()
  await expect(dialog.getByText('No email', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Inactive', { exact: true })).toBeVisible()
})

test("Create User: 'All fields are required', the field rules, the role from the server sent as a number", { tag: '@desktop' }, async ({ page }, testInfo) => {
  await signInAs(page, 'Manager')
  await page.getByRole('button', { name: 'Create User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create User' })
  await expect(dialog.getByText('Minimum 8 characters')).toBeVisible()
  // The roles come from GET /auth/roles.
  const role = dialog.getByLabel('Role')
  await expect(role.locator('option', { hasText: 'Storekeeper' })).toHaveCount(1)
  await expect(role.locator('option', { hasText: 'Chef' })).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Create User' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(MSG.allFieldsRequired)
  await expectAccessible(page)
  await screenshot(page, testInfo, 'create-user')

  const email = `new-${testInfo.project.name}-${Date.now()}@rims.local`
  await dialog.getByLabel('Full Name').fill('Natasha Zulu')
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByLabel('Password', { exact: true }).fill('short')
  await role.selectOption({ label: 'Chef' })
  await dialog.getByRole('button', { name: 'Create User' }).click()
  await expect(dialog.getByText(MSG.profilePasswordTooShort)).toBeVisible()
  await expect(dialog.getByText('Email must be a valid email address')).toBeVisible()

  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill('natasha-pass-1')
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/manager/users') && r.method() === 'POST')
  await dialog.getByRole('button', { name: 'Create User' }).click()
  const body = (await sent).postDataJSON()
  expect(typeof body.role_id).toBe('number')
  await expect(page.getByText(MSG.userCreated)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(await loginStatus(page, email, 'natasha-pass-1')).toBe(200)

  // The same email again: the server's message, shown in the dialog.
  await page.getByRole('button', { name: 'Create User' }).click()
  await dialog.getByLabel('Full Name').fill('Natasha Again')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill('natasha-pass-1')
  await role.selectOption({ label: 'Chef' })
  await dialog.getByRole('button', { name: 'Create User' }).click()
  // The form's line; the error toast, rendered inside the open dialog, comes after it.
  await expect(dialog.getByRole('alert').first()).toHaveText(MSG.emailTaken)
})

// Row buttons deep in a long list on a phone are activated from the keyboard: in the full run the
// pointer's click point inside the scrolled bottom sheet was reported covered (not reproduced alone).
async function press(button: Locator) {
  await button.focus()
  await expect(button).toBeFocused()
  await button.press('Enter')
}

test('team add, edit (blank password keeps it, a new one changes it), deactivate and reactivate', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signInAs(page, 'Manager')
  const email = `team-${testInfo.project.name}-${Date.now()}@rims.local`
  const first = 'first-pass-2026'
  const second = 'second-pass-2026'
  const dialog = await openTeam(page)

  // Add
  await dialog.getByRole('button', { name: 'Add Team Member' }).click()
  const create = page.getByRole('dialog', { name: 'Create User' })
  await create.getByLabel('Full Name').fill('Mapalo Tembo')
  await create.getByLabel('Email').fill(email)
  await create.getByLabel('Password', { exact: true }).fill(first)
  await create.getByLabel('Role').selectOption({ label: 'Storekeeper' })
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(page.getByText(MSG.userCreated)).toBeVisible()
  const row = dialog.locator(`li[data-user-email="${email}"]`)
  await expect(row).toContainText('Mapalo Tembo')
  await expect(row).toContainText('Active')

  // Edit with a blank password: the name changes, the password stays.
  await press(row.getByRole('button', { name: 'Edit Mapalo Tembo' }))
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await expect(edit.getByLabel('Full Name')).toHaveValue('Mapalo Tembo')
  await expect(edit.getByLabel('Role')).toHaveValue(/\d+/)
  await edit.getByLabel('Full Name').fill('')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit.getByRole('alert')).toHaveText(MSG.nameEmailRoleRequired)
  await edit.getByLabel('Full Name').fill('Mapalo T. Tembo')
  let passwordCalls = 0
  page.on('request', (r) => r.url().includes('/password') && r.method() === 'PATCH' && passwordCalls++)
  await expectAccessible(page)
  await screenshot(page, testInfo, 'team-edit-user')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText(MSG.userUpdated)).toBeVisible()
  await expect(row).toContainText('Mapalo T. Tembo')
  expect(passwordCalls).toBe(0)
  expect(await loginStatus(page, email, first)).toBe(200)

  // Edit with a new password: changed through PATCH …/password.
  await press(row.getByRole('button', { name: 'Edit Mapalo T. Tembo' }))
  await edit.getByLabel('New Password').fill('short')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit.getByText(MSG.profilePasswordTooShort)).toBeVisible()
  await edit.getByLabel('New Password').fill(second)
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText(MSG.userUpdated).first()).toBeVisible()
  await expect(edit).toHaveCount(0)
  expect(passwordCalls).toBe(1)
  expect(await loginStatus(page, email, second)).toBe(200)
  expect(await loginStatus(page, email, first)).toBe(401)

  // Deactivate, after the spec's confirmation: the user can no longer sign in.
  await press(row.getByRole('button', { name: 'Deactivate Mapalo T. Tembo' }))
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(MSG.deactivateConfirm('Mapalo T. Tembo'))
  await expectAccessible(page)
  await screenshot(page, testInfo, 'team-deactivate-confirm')
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText(MSG.userDeactivated)).toBeVisible()
  await expect(row).toContainText('Inactive')
  expect(await loginStatus(page, email, second)).not.toBe(200)

  // Reactivate: they can sign in again.
  await press(row.getByRole('button', { name: 'Activate Mapalo T. Tembo' }))
  await expect(confirm).toContainText(MSG.activateConfirm('Mapalo T. Tembo'))
  await confirm.getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByText(MSG.userActivated)).toBeVisible()
  await expect(row).not.toContainText('Inactive')
  expect(await loginStatus(page, email, second)).toBe(200)

  // Esc closes the dialog.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // And the reactivated user signs in through the form.
  await page.evaluate(() => localStorage.clear())
  await signInWithForm(page, email, second)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Mapalo T. Tembo!' })).toBeVisible()
})

test('a failed deactivation shows the spec message in a toast above the open dialog', { tag: '@desktop' }, async ({ page }) => {
  await signInAs(page, 'Manager')
  await page.route('**/api/manager/users/*/status', (route) => route.fulfill({ status: 500, body: '' }))
  const dialog = await openTeam(page)
  await dialog.locator(`li[data-user-email="${DEMO.Chef.email}"]`).getByRole('button', { name: /^Deactivate/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
  // The Team Members dialog stays open (top layer); the toast must still be seen, not hidden behind it.
  await expect(dialog).toBeVisible()
  await expectOnTop(page.getByRole('alert').filter({ hasText: MSG.userDeactivateFailed }))
  await expect(dialog.locator(`li[data-user-email="${DEMO.Chef.email}"]`)).not.toContainText('Inactive')
})
