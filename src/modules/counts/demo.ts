import type { User } from '../../contract/auth'
import { fromCents } from '../../contract/fixed'
import type { StockServiceDeps } from '../stock'
import { createCountService } from './service'

// The demo's stocktake (issue 32): storage areas in shelf order, the monthly counts the stock demo finds
// (counted, submitted and approved through the count service, so their differences are COUNT ledger rows),
// and tonight's count of the bar left open half done. The caller moves the clock (`travel`) before each step.

/** The areas in walking order; each takes the items of these categories, in the stock list's order. */
const AREAS: { name: string; categories: string[] }[] = [
  { name: 'Cold room', categories: ['Meat', 'Fish', 'Dairy'] },
  { name: 'Vegetable rack', categories: ['Vegetables'] },
  { name: 'Dry store', categories: ['Dry Goods'] },
  { name: 'Bar', categories: ['Beverages', 'Spirits'] },
  { name: 'Cleaning cupboard', categories: ['Cleaning'] },
]

const REASONS = ['Spillage during service', 'Breakage, not recorded', 'Trim and waste not written off', 'Issued without a slip']

export interface CountsDemoDeps extends StockServiceDeps {
  travel(at: Date): void
  manager: User
  storekeeper: User
}

export function createCountsDemo(deps: CountsDemoDeps) {
  const counts = createCountService(deps)
  let areaIds: number[] = []

  return {
    /** The storage areas, each with its items in shelf order (at setup time). */
    makeAreas(items: readonly { id: number; category: string }[], at: Date) {
      deps.travel(at)
      areaIds = AREAS.map(({ name, categories }) => {
        const area = counts.createArea(name)
        counts.setAreaItems(area.id, items.filter((i) => categories.includes(i.category)).map((i) => i.id))
        return area.id
      })
    },

    /**
     * A full count of every area at `at`: each line counted (at the balance, or with the difference found),
     * submitted by the Storekeeper, approved by the Manager twenty minutes later with a reason per difference.
     */
    approvedCount(at: Date, differences: { itemId: number; quantity: number }[], note: string) {
      deps.travel(at)
      const diff = new Map(differences.map((d) => [d.itemId, d.quantity]))
      const count = counts.start(deps.storekeeper, { area_ids: areaIds, blind: false, note })
      // The expected figures are the snapshot the count took (the stock demo's balances at that moment).
      for (const line of count.lines) {
        const expected = line.expected ?? 0
        counts.putLine(count.id, deps.storekeeper, { area_id: line.area_id, item_id: line.item_id, counted: fromCents(Math.round(expected * 100) + (diff.get(line.item_id) ?? 0)) })
      }
      deps.travel(new Date(at.getTime() + 10 * 60_000))
      counts.submit(count.id, deps.storekeeper, 'UNCHANGED')
      deps.travel(new Date(at.getTime() + 20 * 60_000))
      let n = 0
      for (const line of count.lines) if (diff.get(line.item_id)) counts.putLine(count.id, deps.manager, { area_id: line.area_id, item_id: line.item_id, reason: REASONS[n++ % REASONS.length] })
      counts.approve(count.id, deps.manager)
      return count.id
    },

    /** Tonight's count of the bar, started at `at`, with its first lines counted as expected: left OPEN. */
    openCount(at: Date, area = 'Bar') {
      deps.travel(at)
      const areaId = areaIds[AREAS.findIndex((a) => a.name === area)]
      const count = counts.start(deps.storekeeper, { area_ids: [areaId], blind: false, note: 'Bar count after service' })
      const half = count.lines.slice(0, Math.ceil(count.lines.length / 2))
      half.forEach((line, i) => {
        deps.travel(new Date(at.getTime() + (i + 1) * 60_000))
        counts.putLine(count.id, deps.storekeeper, { area_id: line.area_id, item_id: line.item_id, counted: line.expected ?? 0 })
      })
      return count.id
    },
  }
}
