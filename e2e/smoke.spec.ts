import { expect, test } from './fixtures'

test('the executable serves the web interface on client routes', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/stock')
  await expect(page).toHaveTitle(/RIMS/)
  await expect(page.locator('#root')).not.toBeEmpty()
})
