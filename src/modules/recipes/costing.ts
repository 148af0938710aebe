import { add, cmp, div, exact, hundredths, mul, round, ZERO, type Exact } from '../../contract/exact'
import { COST_DECIMALS, COST_SCALE, formatQty, fromCents, toCents } from '../../contract/fixed'
import type { CostLine, LineStatus, MenuCostingRow, RecipeCost } from '../../contract/recipes'
import { toStockUnit, toYieldUnit, type Conversion } from '../../contract/units'
import { pourCategory, pourMl, type BarSettings } from '../../contract/bar'
import type { CostItemRow, CostLineRow, RecipeRow } from './repo'

// The cost tree, exact: every amount is a fraction until the answer rounds it once, half up.
// Pure: it reads what costingData loaded and never the database.

export interface CostingInput {
  recipes: RecipeRow[]
  lines: CostLineRow[]
  items: CostItemRow[]
  /** An item's packs (stocktake issue) as units: size in its stock unit, hundredths. */
  packs?: Map<number, { name: string; size: number }[]>
}

interface Batch {
  total: Exact
  complete: boolean
  failure: { status: Exclude<LineStatus, 'OK'>; reason: string } | null
  /** Purchased quantity of each item (in its stock unit) per batch, through every sub-recipe. */
  usage: Map<number, Exact>
}

const PCT = (h: number) => exact(h, 10000) // hundredths of a percent → a share

/** A pour unit (oz, dash: issue 35) is its ml in the settings, then ml as the units table converts it. */
const viaPour = (unit: string, bar: BarSettings | undefined, convert: (unit: string) => Conversion): Conversion => {
  const ml = bar && pourMl(unit, bar)
  if (!ml) return convert(unit)
  const c = convert('ml')
  return c.ok ? { ok: true, factor: mul(ml, c.factor) } : c
}

/** `bar`: the drinks' settings (issue 35): pour units, the tax in prices and the pour cost targets. */
export function createCosting(data: CostingInput, targetDefaultPct: number, bar?: BarSettings) {
  const recipes = new Map(data.recipes.map((r) => [r.id, r]))
  const items = new Map(data.items.map((i) => [i.id, i]))
  const linesOf = new Map<number, CostLineRow[]>()
  for (const l of data.lines) (linesOf.get(l.recipe_id) ?? linesOf.set(l.recipe_id, []).get(l.recipe_id)!).push(l)
  const batches = new Map<number, Batch>()

  const itemOf = (id: number) => {
    const i = items.get(id)!
    return { ...i, packs: data.packs?.get(id) ?? [] }
  }

  /** One line, unscaled: its purchased quantity (line unit), its cost, its status. */
  function evaluate(l: CostLineRow, path: number[]) {
    const qty = hundredths(l.quantity)
    if (l.item_id !== null) {
      const item = itemOf(l.item_id)
      const yieldShare = PCT(l.yield_pct ?? item.yield_pct)
      const purchased = div(qty, yieldShare)
      const conv = viaPour(l.unit, bar, (u) => toStockUnit(u, item))
      const unitCost = item.cost_e5 > 0 ? exact(item.cost_e5, COST_SCALE) : null
      const stockQty = conv.ok ? mul(purchased, conv.factor) : null
      let status: LineStatus = 'OK'
      let reason: string | undefined
      if (!conv.ok) (status = 'MISSING_CONVERSION'), (reason = conv.reason)
      else if (!unitCost) (status = 'MISSING_COST'), (reason = `${item.name} has no cost price`)
      return {
        type: 'ITEM' as const, id: item.id, name: item.name, yieldPct: l.yield_pct ?? item.yield_pct, purchased,
        unitCost: unitCost, costUnit: item.unit, cost: stockQty && unitCost ? mul(stockQty, unitCost) : null,
        status, reason, stockQty, sub: null as null | { id: number; share: Exact },
      }
    }
    const sub = recipes.get(l.sub_recipe_id!)!
    const yieldPct = l.yield_pct ?? 10000
    const purchased = div(qty, PCT(yieldPct))
    const conv = viaPour(l.unit, bar, (u) => toYieldUnit(u, sub))
    const inner = path.includes(sub.id) ? null : batchOf(sub.id, path)
    let status: LineStatus = 'OK'
    let reason: string | undefined
    let share: Exact | null = null
    if (!inner) (status = 'MISSING_CONVERSION'), (reason = `${sub.name} uses itself`)
    else if (!conv.ok) (status = 'MISSING_CONVERSION'), (reason = conv.reason)
    else {
      share = div(mul(purchased, conv.factor), hundredths(sub.yield_quantity))
      if (!inner.complete) (status = inner.failure!.status), (reason = `${sub.name}: ${inner.failure!.reason}`)
    }
    return {
      type: 'RECIPE' as const, id: sub.id, name: sub.name, yieldPct, purchased,
      unitCost: inner ? inner.total : null, costUnit: `${hundredthsText(sub.yield_quantity)} ${sub.yield_unit}`,
      cost: share && inner ? mul(share, inner.total) : null,
      status, reason, stockQty: null, sub: share ? { id: sub.id, share } : null,
    }
  }

  /** A recipe's whole batch: its exact cost, whether every line could be costed, and item usage. Memoised. */
  function batchOf(id: number, path: number[] = []): Batch {
    const known = batches.get(id)
    if (known) return known
    let total = ZERO
    let failure: Batch['failure'] = null
    const usage = new Map<number, Exact>()
    const use = (itemId: number, q: Exact) => usage.set(itemId, add(usage.get(itemId) ?? ZERO, q))
    for (const l of linesOf.get(id) ?? []) {
      const e = evaluate(l, [...path, id])
      if (e.cost) total = add(total, e.cost)
      if (e.status !== 'OK' && !failure) failure = { status: e.status, reason: e.reason! }
      if (e.type === 'ITEM' && e.stockQty) use(e.id, e.stockQty)
      if (e.sub) for (const [itemId, q] of batchOf(e.sub.id, [...path, id]).usage) use(itemId, mul(q, e.sub.share))
    }
    const batch = { total, complete: failure === null, failure, usage }
    batches.set(id, batch)
    return batch
  }

  /** The lines of a recipe scaled by `scale` (1 for the recipe itself, a share for a sub-recipe's). */
  function tree(id: number, scale: Exact, path: number[]): CostLine[] {
    return (linesOf.get(id) ?? []).map((l) => {
      const e = evaluate(l, [...path, id])
      const line: CostLine = {
        type: e.type,
        id: e.id,
        name: e.name,
        quantity: round(mul(hundredths(l.quantity), scale)),
        unit: l.unit,
        yield_pct: fromCents(e.yieldPct),
        purchased_quantity: round(mul(e.purchased, scale)),
        purchased_unit: l.unit,
        // An item's cost per unit with its own decimals (0.007); a sub-recipe's batch cost is an amount.
        unit_cost: e.unitCost ? round(e.unitCost, e.type === 'ITEM' ? COST_DECIMALS : 2) : null,
        cost_unit: e.costUnit,
        line_cost: e.cost ? round(mul(e.cost, scale)) : null,
        status: e.status,
      }
      if (e.reason) line.reason = e.reason
      if (e.sub) line.lines = tree(e.sub.id, mul(scale, e.sub.share), [...path, id])
      return line
    })
  }

  const targetOf = (r: RecipeRow) => r.target_food_cost_pct ?? toCents(targetDefaultPct)

  /** The figures of a recipe's page and of the menu costing table. */
  function figures(r: RecipeRow) {
    const b = batchOf(r.id)
    const perYield = div(b.total, hundredths(r.yield_quantity))
    const plate = r.kind === 'MENU' && b.complete ? perYield : null
    const price = r.menu_price !== null && r.menu_price > 0 ? hundredths(r.menu_price) : null
    const target = targetOf(r)
    const pct = plate && price ? mul(div(plate, price), exact(100)) : null
    // A drink's pour cost: its liquor ÷ its price without the tax it includes, rounded once (issue 35).
    const drink = r.kind === 'MENU' && bar ? pourCategory(r.category) : null
    const pour = drink && plate && price ? mul(div(plate, div(price, add(exact(1), PCT(bar!.sales_tax)))), exact(100)) : null
    return {
      batch: b,
      cost_per_yield_unit: b.complete ? round(perYield, COST_DECIMALS) : null, // a cost per unit, like an item's: 0.0041 per ml
      plate_cost: plate ? round(plate) : null,
      menu_price: r.menu_price === null ? null : fromCents(r.menu_price),
      food_cost_pct: pct ? round(pct) : null,
      target_food_cost_pct: fromCents(target),
      over_target: pct !== null && cmp(pct, hundredths(target)) > 0,
      suggested_price: plate ? round(div(plate, PCT(target))) : null,
      pour_cost_pct: pour ? round(pour) : null,
      pour_target_pct: drink ? fromCents(bar!.targets[drink]) : null,
      /** Exact, for alerts and reports. */
      exactPlate: plate,
      exactPct: pct,
      exactPour: pour,
    }
  }

  return {
    batchOf,
    figures,
    cost(id: number): RecipeCost {
      const r = recipes.get(id)!
      const f = figures(r)
      return {
        recipe_id: r.id > 0 ? r.id : null,
        name: r.name,
        kind: r.kind,
        complete: f.batch.complete,
        batch_cost: round(f.batch.total),
        yield_quantity: fromCents(r.yield_quantity),
        yield_unit: r.yield_unit,
        cost_per_yield_unit: f.cost_per_yield_unit,
        plate_cost: f.plate_cost,
        menu_price: f.menu_price,
        food_cost_pct: f.food_cost_pct,
        target_food_cost_pct: f.target_food_cost_pct,
        suggested_price: f.suggested_price,
        over_target: f.over_target,
        pour_cost_pct: f.pour_cost_pct,
        pour_target_pct: f.pour_target_pct,
        lines: tree(id, exact(1), []),
      }
    },
    menuRow(id: number): MenuCostingRow {
      const r = recipes.get(id)!
      const f = figures(r)
      return {
        id: r.id,
        name: r.name,
        category: r.category,
        sales_code: r.sales_code,
        complete: f.batch.complete,
        plate_cost: f.plate_cost,
        menu_price: f.menu_price,
        food_cost_pct: f.food_cost_pct,
        target_food_cost_pct: f.target_food_cost_pct,
        over_target: f.over_target,
        suggested_price: f.suggested_price,
        reason: f.batch.failure?.reason ?? null,
      }
    },
    /** Purchased stock-unit quantity of each item per one yield unit (a portion, for a MENU recipe). */
    usagePerYieldUnit(id: number): Map<number, Exact> {
      const r = recipes.get(id)!
      const per = new Map<number, Exact>()
      for (const [itemId, q] of batchOf(id).usage) per.set(itemId, div(q, hundredths(r.yield_quantity)))
      return per
    },
  }
}

const hundredthsText = formatQty

/** Menu costing order: food cost % descending; dishes without one (not complete, no price) last, by name. */
export const byFoodCostDesc = (a: MenuCostingRow, b: MenuCostingRow) =>
  a.food_cost_pct === b.food_cost_pct ? a.name.localeCompare(b.name) : a.food_cost_pct === null ? 1 : b.food_cost_pct === null ? -1 : b.food_cost_pct - a.food_cost_pct


