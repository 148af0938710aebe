import type { User } from '../../contract/auth'
import { addDays } from '../../contract/dates'
import type { ServiceDeps } from '../../db/service-deps'
import { createSalesService } from './service'

// The demo's sales (issue 32): every day of the food cost period, each dish sold a believable number of times
// (more at the weekend), entered through the service's day grid as a Manager does after service.

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface SalesDemoDeps extends ServiceDeps {
  travel(at: Date): void
  manager: User
}

/**
 * One day grid per day from `from` to `to` (YYYY-MM-DD, both in), each saved at `savedAt(day)`.
 * `dishes`: id, price and how many sell on an ordinary day.
 */
export function seedSalesDemo(deps: SalesDemoDeps, from: string, to: string, dishes: { id: number; price: number; perDay: number }[], savedAt: (day: string) => Date) {
  const sales = createSalesService(deps)
  const rnd = random(20260522)
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
    const busy = weekday === 5 || weekday === 6 ? 1.6 : weekday === 1 ? 0.7 : 1
    const lines = dishes.map((d) => {
      const quantity = Math.max(1, Math.round(d.perDay * busy * (0.6 + rnd() * 0.8)))
      // A few plates a week go out at a staff or happy-hour discount.
      const discount = rnd() < 0.2 ? 0.9 : 1
      return { recipe_id: d.id, quantity, net_sales: Math.round(quantity * d.price * discount * 100) / 100 }
    })
    deps.travel(savedAt(day))
    sales.saveDay(deps.manager, day, lines)
  }
}
