import type { TestEnv } from '../../test/harness'

/** Small builders for stock tests: a category, a supplier and items with a starting quantity. */
export function stockBuilders(env: TestEnv, token: string) {
  let n = 0
  const post = async (path: string, body: unknown) => {
    const res = await env.call('POST', path, { token, body })
    if (res.status !== 201) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  const b = {
    makeCategory: (o: { name?: string; description?: string } = {}) => post('/api/categories', { name: o.name ?? `Category ${++n}`, description: o.description }),
    makeSupplier: (o: { name?: string; email?: string } = {}) => post('/api/suppliers', { name: o.name ?? `Supplier ${++n}`, email: o.email }),
    async makeItem(o: { name?: string; quantity?: number; cost?: number; min?: number; unit?: string; expiry?: string | null; barcode?: string; category_id?: number; supplier_id?: number } = {}) {
      const category_id = o.category_id ?? (await b.makeCategory()).id
      const supplier_id = o.supplier_id ?? (await b.makeSupplier()).id
      return post('/api/items', {
        name: o.name ?? `Item ${++n}`,
        category_id,
        supplier_id,
        unit: o.unit ?? 'kg',
        cost_price: o.cost ?? 10,
        current_quantity: o.quantity ?? 0,
        min_stock_level: o.min ?? 0,
        expiry_date: o.expiry ?? null,
        barcode: o.barcode,
      })
    },
    move: (item_id: number, type: string, quantity: number, remarks?: string) => env.call('POST', '/api/stock-movements', { token, body: { item_id, type, quantity, remarks } }),
    balance: async (id: number) => (await env.call('GET', `/api/items/${id}`, { token })).body.data.current_quantity as number,
  }
  return b
}
