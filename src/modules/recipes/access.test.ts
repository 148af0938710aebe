import { expect, test } from 'bun:test'
import { recipesAccess } from '../../contract/recipes'

// Every route × every role (and no token) is called by src/http/access.test.ts, from the same table the
// server uses; here, the table itself against what the issue asks.
test('the matrix says what the issue says', () => {
  expect(recipesAccess['GET /api/recipes']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(recipesAccess['GET /api/recipes/:id/cost']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(recipesAccess['POST /api/recipes']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['PUT /api/recipes/:id']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['DELETE /api/recipes/:id']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['GET /api/recipes/menu-costing']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['POST /api/sales/import']).toEqual(['Manager'])
  expect(recipesAccess['PUT /api/sales/mappings']).toEqual(['Manager'])
  expect(recipesAccess['PUT /api/sales/:date']).toEqual(['Manager'])
})
