import { expect, test } from './fixtures'
import { MSG } from '../src/contract/messages'
import { apiLogin, DEMO, DEMO_PASSWORD, logoutFromHeader, signInAs, signInWithForm } from './helpers'

test('Profile Settings shows name, email and role; every validation message; Cancel resets', async ({ page }) => {
  await signInAs(page, 'Storekeeper', '/profile')
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toHaveValue(DEMO.Storekeeper.name)
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.Storekeeper.email)
  await expect(page.getByText('Storekeeper', { exact: true }).last()).toBeVisible()

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await expect(page.getByLabel('Confirm New Password')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(2)
  await page.getByLabel('New Password', { exact: true }).fill('short')
  await expect(page.getByLabel('Confirm New Password')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(3)
  await page.getByLabel('Full Name').fill('')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Email must be a valid email address')).toBeVisible()
  await expect(page.getByText(MSG.currentPasswordRequired)).toBeVisible()
  await expect(page.getByText(MSG.profilePasswordTooShort)).toBeVisible()
  await expect(page.getByText(MSG.newPasswordsDoNotMatch)).toBeVisible()

  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByLabel('Full Name')).toHaveValue(DEMO.Storekeeper.name)
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.Storekeeper.email)
  await expect(page.getByLabel('Current Password')).toHaveCount(0)
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('')
  await expect(page.getByText(MSG.currentPasswordRequired)).toHaveCount(0)
})

test('Save updates the name, and the password only when a new one is entered', async ({ page, request }, testInfo) => {
  const email = DEMO.Storekeeper.email
  const newName = `Chileshe P (${testInfo.project.name})`
  const newPassword = `store-pass-${testInfo.project.name}`
  try {
    // The page's timers run on Playwright's clock (real time until moved on): the dialogs' 3 s is not waited for.
    await page.clock.install()
    await signInAs(page, 'Storekeeper', '/profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('Full Name').fill(newName)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    const success = page.getByRole('alertdialog', { name: 'Success' })
    await expect(success).toContainText(MSG.profileUpdated)
    // A Success dialog closes itself after 3 s.
    await page.clock.runFor(3000)
    await expect(success).toHaveCount(0)
    await expect(page.getByLabel('Full Name')).toHaveValue(newName)

    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('Current Password').fill('wrong-current-password')
    await page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm New Password').fill(newPassword)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    const error = page.getByRole('alertdialog', { name: 'Error' })
    await expect(error).toContainText(MSG.currentPasswordWrong)
    // An Error dialog stays until it is dismissed: still there 3.2 s on.
    await page.clock.runFor(3200)
    await expect(error).toBeVisible()
    await error.getByRole('button', { name: 'OK' }).click()

    await page.getByLabel('Current Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Success' })).toContainText(MSG.profileUpdated)
    await page.keyboard.press('Escape')
    // The fresh token was stored: the session still works after the change.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible()
    await logoutFromHeader(page)
    await signInWithForm(page, email, newPassword)
    await expect(page).toHaveURL(/\/dashboard$/)
  } finally {
    const res = await request.post('/api/auth/login', { data: { email, password: newPassword } })
    const token = res.ok() ? (await res.json()).data.token : (await apiLogin(request, email)).token
    const headers = { Authorization: `Bearer ${token}` }
    await request.put('/api/auth/profile', { headers, data: { name: DEMO.Storekeeper.name, email } })
    if (res.ok()) await request.patch('/api/auth/profile/password', { headers, data: { currentPassword: newPassword, newPassword: DEMO_PASSWORD } })
  }
})
