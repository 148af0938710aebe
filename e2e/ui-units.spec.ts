// The UI's pure helpers, run in Node by Playwright's runner (bun test covers src/ only).
import { expect, test } from './fixtures'
import { MSG } from '../src/contract/messages'
import { formatCost, formatDate, formatDateTime, formatMoney, formatQuantity } from '../ui/src/lib/format'
import { validateProfile } from '../ui/src/pages/profile/validate'
import { isTokenExpired } from '../ui/src/session/token'
import { UI } from '../ui/src/messages/common'
import { fakeToken } from './helpers'

const zm = { locale: 'en-ZM', currency: 'ZMW', time_zone: 'Africa/Lusaka' }

test('money is formatted for the restaurant with up to 2 decimals', () => {
  expect(formatMoney(1234.5, zm)).toBe(new Intl.NumberFormat('en-ZM', { style: 'currency', currency: 'ZMW', maximumFractionDigits: 2 }).format(1234.5))
  expect(formatMoney(1234.5, zm)).toContain('1,234.5')
  expect(formatMoney(0.126, zm)).toContain('0.13')
  expect(formatMoney(null, zm)).toContain('0')
  expect(formatMoney(10, { locale: 'en-US', currency: 'USD' })).toBe('$10.00')
  expect(formatQuantity(2.5, 'kg')).toBe('2.5 kg')
})

test('a cost per unit keeps the decimals it has, up to 5 (a piece of a box of 1,000 at 7.00 is 0.007)', () => {
  expect(formatCost(0.007, zm)).toContain('0.007')
  expect(formatCost(0.0049, zm)).toContain('0.0049')
  expect(formatCost(12.5, zm)).toBe(formatMoney(12.5, zm))
  expect(formatCost(0.007, { locale: 'en-US', currency: 'USD' })).toBe('$0.007')
  expect(formatCost(3, { locale: 'en-US', currency: 'USD' })).toBe('$3.00')
})

test("dates never show 'Invalid Date'", () => {
  expect(formatDate(null, zm)).toBe(UI.noDate)
  expect(formatDate('', zm)).toBe(UI.noDate)
  expect(formatDate('not a date', zm)).toBe(UI.invalidDate)
  expect(formatDate('2026-02-30', zm)).toBe(UI.invalidDate)
  expect(formatDate('2026-03-01', zm)).toMatch(/1 Mar 2026|Mar 1, 2026/)
  // 23:30 UTC on the 1st is already the 2nd in Lusaka (UTC+2).
  expect(formatDate('2026-03-01T23:30:00Z', zm)).toMatch(/2 Mar 2026|Mar 2, 2026/)
  expect(formatDateTime('2026-03-01T23:30:00Z', zm)).toMatch(/\b1:30\b/)
  expect(formatDateTime(undefined, zm)).toBe(UI.noDate)
})

test('a token is expired when its exp has passed, or when it cannot be read', () => {
  const now = Date.now()
  expect(isTokenExpired(fakeToken(Math.floor(now / 1000) + 60), now)).toBe(false)
  expect(isTokenExpired(fakeToken(Math.floor(now / 1000) - 1), now)).toBe(true)
  expect(isTokenExpired(null)).toBe(true)
  expect(isTokenExpired('garbage')).toBe(true)
  expect(isTokenExpired('a.!!!.c')).toBe(true)
})

test("the profile form's rules, with the spec's messages", () => {
  const base = { name: 'Ann', email: 'ann@rims.local', currentPassword: '', newPassword: '', confirmPassword: '' }
  expect(validateProfile(base)).toEqual({})
  expect(validateProfile({ ...base, currentPassword: 'typed but no new one' })).toEqual({})
  expect(validateProfile({ ...base, newPassword: 'longenough' })).toEqual({ currentPassword: MSG.currentPasswordRequired, confirmPassword: MSG.newPasswordsDoNotMatch })
  expect(validateProfile({ ...base, currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' })).toEqual({ newPassword: MSG.profilePasswordTooShort })
  expect(validateProfile({ ...base, name: ' ', email: 'nope' })).toEqual({ name: 'Name is required', email: 'Email must be a valid email address' })
})

test('identical toasts merge into one with a count; a toast with an action never merges', async () => {
  const { toast, dismissToast, currentToasts } = await import('../ui/src/components/toast')
  const title = 'Stock movement recorded successfully'
  const a = toast({ kind: 'success', title, message: 'Garlic: 6.5 kg in store now.' })
  expect(toast({ kind: 'success', title, message: 'Garlic: 6.5 kg in store now.' })).toBe(a)
  expect(currentToasts().find((t) => t.id === a)?.count).toBe(2)
  const c = toast({ kind: 'success', title, message: 'Garlic: 9 kg in store now.' })
  expect(c).not.toBe(a)
  const action = { label: 'Undo', run: () => {} }
  const d = toast({ kind: 'success', title, message: 'Garlic: 9 kg in store now.', action })
  expect(d).not.toBe(c)
  expect(currentToasts().map((t) => t.count)).toEqual([2, 1, 1])
  for (const id of [a, c, d]) dismissToast(id)
  expect(currentToasts()).toEqual([])
})
