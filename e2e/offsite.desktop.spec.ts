// Settings → Off-site copies against a local S3-compatible server (s3rver on 127.0.0.1): the form keeps the secret
// write-only, Test connection and Publish now answer, and the Manager's dashboard shows the last good copy.
import { type APIRequestContext } from '@playwright/test'
import { startS3, type TestS3 } from '../src/test/s3-server'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, signInAs } from './helpers'

let s3: TestS3
test.beforeAll(async () => {
  s3 = await startS3({ port: Number(process.env.E2E_PORT ?? 3210) + 80 })
})
test.afterAll(() => s3?.stop())

const headers = async (request: APIRequestContext) => ({ Authorization: `Bearer ${(await apiLogin(request, DEMO.Manager.email)).token}` })
const SECRET = 'e2e-secret-Vb41'

test('a Manager sets up off-site copies, tests the connection, publishes, and the dashboard shows the copy', async ({ page }) => {
  try {
    await signInAs(page, 'Manager', '/manager/settings')
    const section = page.getByRole('region', { name: 'Off-site copies' })
    await section.getByLabel('Endpoint').fill(s3.endpoint)
    await section.getByLabel('Region').fill('us-east-1')
    await section.getByLabel('Bucket').fill(s3.bucket)
    await section.getByLabel('Access key').fill('S3RVER')
    await section.getByLabel('Secret key').fill(SECRET)
    await section.getByLabel('Site id').fill('e2e-site')
    await section.getByRole('button', { name: 'Save off-site settings' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Off-site copy settings saved' })).toBeVisible()
    // Write-only: the field empties and says a secret is set; the page never holds it.
    await expect(section.getByLabel('Secret key')).toHaveValue('')
    await expect(section.getByText('A secret is set; leave blank to keep it')).toBeVisible()

    await section.getByRole('button', { name: 'Test connection' }).click()
    await expect(section.getByText('The storage accepted a write, a read and a delete.')).toBeVisible()
    await section.getByRole('button', { name: 'Publish now' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Off-site copy published' })).toBeVisible()
    await expect(section.getByRole('status', { name: 'Off-site copy status' })).toContainText('Last good copy: just now')
    await expect(section.getByRole('status', { name: 'Off-site copy status' })).toContainText('site e2e-site, generation 1')
    expect(await page.content()).not.toContain(SECRET)

    await page.goto('/dashboard')
    await expect(page.getByTestId('offsite-line')).toHaveText('Off-site copy: just now')
  } finally {
    await page.request.put('/api/manager/settings/offsite', { headers: await headers(page.request), data: { endpoint: '', bucket: '', access_key_id: '', secret_access_key: '', site_id: '' } })
  }
})
