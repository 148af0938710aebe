import { expect, test } from 'bun:test'
import { purchasingAccess } from '../../contract/purchasing'

// Every route × every role (and no token) is called by src/http/access.test.ts, from the same table the
// server uses; here, the table itself against what the issue asks.
test('the matrix says what the issue says', () => {
  const store = ['Manager', 'Storekeeper'] as const
  expect(purchasingAccess['GET /api/purchasing/suggestions']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders/:id/receipts']).toEqual(store)
  expect(purchasingAccess['POST /api/receipts']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders/:id/close']).toEqual(['Manager'])
})
