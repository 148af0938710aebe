import type { TestEnv } from './harness'
import { stockBuilders } from '../modules/stock/builders'

/** Builders for recipe tests: items with costing fields and recipes, failing loudly on anything but success. */
export function recipeBuilders(env: TestEnv, token: string) {
  const stock = stockBuilders(env, token)
  let categoryId = 0
  let supplierId = 0
  const expectOk = (res: { status: number; body: any }, what: string, status = 200) => {
    if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  return {
    async item(name: string, unit: string, cost: number, extra: { density?: number; each_weight?: number; yield_pct?: number } = {}) {
      categoryId ||= (await stock.makeCategory({ name: `Recipe category ${crypto.randomUUID()}` })).id
      supplierId ||= (await stock.makeSupplier({ name: `Recipe supplier ${crypto.randomUUID()}` })).id
      const res = await env.call('POST', '/api/items', { token, body: { name, unit, cost_price: cost, category_id: categoryId, supplier_id: supplierId, ...extra } })
      return expectOk(res, `item ${name}`, 201) as { id: number }
    },
    async recipe(body: Record<string, unknown>) {
      return expectOk(await env.call('POST', '/api/recipes', { token, body }), `recipe ${body.name}`, 201) as { id: number }
    },
    async cost(id: number) {
      return expectOk(await env.call('GET', `/api/recipes/${id}/cost`, { token }), `cost of ${id}`)
    },
  }
}
