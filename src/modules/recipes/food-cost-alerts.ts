import type { Db } from '../../db/open'
import * as alerts from '../alerts'
import type { AlertContext } from '../alerts'
import { createCosting } from './costing'
import * as repo from './repo'
import { barSettings } from '../../contract/bar'

// FOOD_COST (MEDIUM): a cost change took a dish over its food cost target. It names the dish and the
// old and new %, and resolves itself when the dish is back at or under its target.

const keyOf = (recipeId: number) => `FOOD_COST:recipe:${recipeId}`

/** Item costs before the change (1/100,000 per stock unit, as items.cost_e5), to tell the old % from the new one. */
export type OldCosts = ReadonlyMap<number, number>

/**
 * Re-checks the active dishes that use these items (directly or through sub-recipes), or these
 * recipes and the dishes above them. Inside the caller's transaction.
 */
export function checkFoodCost(db: Db, ctx: AlertContext, change: { itemIds?: readonly number[]; recipeIds?: readonly number[]; oldCosts?: OldCosts; resolveOnly?: boolean }) {
  const dishIds = new Set<number>()
  if (change.itemIds?.length) for (const id of repo.menusUsingItems(db, [...change.itemIds])) dishIds.add(id)
  if (change.recipeIds?.length) for (const id of repo.menusUsingRecipes(db, [...change.recipeIds])) dishIds.add(id)
  if (dishIds.size === 0) return
  const ids = [...dishIds]
  const s = ctx.settings()
  const data = repo.costingData(db, ids)
  const now = createCosting(data, s.target_food_cost_pct, barSettings(s))
  const before = change.oldCosts?.size
    ? createCosting({ ...data, items: data.items.map((i) => (change.oldCosts!.has(i.id) ? { ...i, cost_e5: change.oldCosts!.get(i.id)! } : i)) }, s.target_food_cost_pct, barSettings(s))
    : null
  const at = ctx.clock().toISOString()
  for (const id of ids) {
    const r = data.recipes.find((x) => x.id === id)!
    const f = now.figures(r)
    const open = alerts.openAlertByKey(db, keyOf(id))
    if (!f.over_target) {
      if (open) alerts.clearCondition(db, open.id, at)
      continue
    }
    if (!open && change.resolveOnly) continue
    const oldPct = before ? before.figures(r).food_cost_pct : open ? (JSON.parse(String(open.details ?? '{}')).old_pct ?? null) : null
    const pct = (n: number | null) => (n === null ? 'not costed' : `${n.toFixed(2)}%`)
    const draft = {
      type: 'FOOD_COST' as const,
      priority: 'MEDIUM' as const,
      title: `Food cost over target: ${r.name}`,
      message: `${r.name} now costs ${f.plate_cost!.toFixed(2)} a plate: food cost ${pct(f.food_cost_pct)} (was ${pct(oldPct)}), over its ${f.target_food_cost_pct}% target. Suggested price ${f.suggested_price!.toFixed(2)}.`,
      details: { recipe_id: id, recipe_name: r.name, old_pct: oldPct, new_pct: f.food_cost_pct, target_pct: f.target_food_cost_pct, plate_cost: f.plate_cost, menu_price: f.menu_price },
      item_id: null,
      condition_key: keyOf(id),
    }
    if (!open) alerts.insertAlert(db, draft, at)
    else alerts.refreshAlert(db, open.id, draft, at)
  }
}
