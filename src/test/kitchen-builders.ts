import { runDoctor } from '../cli/doctor'
import type { TestEnv } from './harness'
import { stockBuilders } from '../modules/stock/builders'

/** Builders for kitchen tests: the three roles, items with main-store stock, kitchen stock, and ledger readers. */
export async function kitchenBuilders(env: TestEnv) {
  const manager = await env.userOf('Manager', { name: 'Mwila Manager' })
  const store = await env.userOf('Storekeeper', { name: 'Chileshe Store' })
  const chef = await env.userOf('Chef', { name: 'Bwalya Chef' })
  const stock = stockBuilders(env, manager.token)
  const db = env.deps.db
  const expectOk = (res: { status: number; body: any }, status = 201) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  const k = {
    manager,
    store,
    chef,
    stock,
    /** An item with `store` units in the main store and `kitchen` units moved into the kitchen. */
    async makeItem(o: { store?: number; kitchen?: number; name?: string; unit?: string } = {}) {
      const item = await stock.makeItem({ name: o.name, unit: o.unit, quantity: (o.store ?? 0) + (o.kitchen ?? 0) })
      if (o.kitchen) await k.transfer(item.id, o.kitchen, 'TO_KITCHEN')
      return item as { id: number; name: string; unit: string }
    },
    transfer: async (item_id: number, quantity: number, direction: string, token = manager.token) =>
      expectOk(await env.call('POST', '/api/kitchen-inventory/transfer', { token, body: { item_id, quantity, direction } })),
    createRequest: async (item_id: number, quantity_requested: number, o: { token?: string; priority?: string; remarks?: string } = {}) =>
      expectOk(await env.call('POST', '/api/kitchen-requests', { token: o.token ?? chef.token, body: { item_id, quantity_requested, priority: o.priority, remarks: o.remarks } })),
    approve: async (id: number, body: object = {}, token = store.token) => expectOk(await env.call('PATCH', `/api/kitchen-requests/${id}/approve`, { token, body }), 200),
    /** In hundredths, straight from the tables. */
    storeBalance: (itemId: number) => (db.query('SELECT current_quantity AS q FROM items WHERE id = $itemId').get({ itemId }) as { q: number }).q,
    kitchenBalance: (itemId: number) => (db.query('SELECT quantity AS q FROM kitchen_stock WHERE item_id = $itemId').get({ itemId }) as { q: number } | null)?.q ?? 0,
    storeRows: (itemId: number) =>
      db.query('SELECT type, quantity, source_type, reference FROM stock_movements WHERE item_id = $itemId ORDER BY id').all({ itemId }) as {
        type: string
        quantity: number
        source_type: string
        reference: string | null
      }[],
    kitchenRows: (itemId: number) =>
      db.query('SELECT movement_type, quantity, source_type, request_number, user_id FROM kitchen_movements WHERE item_id = $itemId ORDER BY id').all({ itemId }) as {
        movement_type: string
        quantity: number
        source_type: string
        request_number: string | null
        user_id: number
      }[],
    doctorProblems: () => runDoctor(db).results.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)),
  }
  return k
}
