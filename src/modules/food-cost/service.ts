import { addDays, localDate, startOfLocalDay, zonedInstant } from '../../contract/dates'
import { add, cmp, div, exact, hundredths, mul, round, sub, ZERO, type Exact } from '../../contract/exact'
import { COST_SCALE, costValueCents, fromCents } from '../../contract/fixed'
import { bottleOfColumns, mlPerUnit, pourCategory, POUR_CATEGORIES, type BarVarianceRow, type PourCostCategory, type PourCostReport, type PourCostRow } from '../../contract/bar'
import { RECIPE_MSG, type AvtReport, type AvtRow, type FoodCostReport, type NotCountedItem, type PeriodCount, type PeriodQuery } from '../../contract/recipes'
import type { ServiceDeps } from '../../db/service-deps'
import { badRequest } from '../../lib/errors'
import { costRecipes, findRecipe } from '../recipes'
import { salesLinesIn, soldIn } from '../sales'
import * as repo from './repo'
import { barSettings } from '../../contract/bar'

// Food cost % and actual vs theoretical usage between two approved counts (issue 22, items 6 and 7).

export type FoodCostService = ReturnType<typeof createFoodCostService>

const money = fromCents
const qty = (h: Exact) => round(h) // an exact quantity in stock units → 2 decimals

export function createFoodCostService({ db, settings, clock }: ServiceDeps) {
  const zone = () => settings.get().time_zone

  function approvedCount(field: string, id: number): PeriodCount {
    const c = repo.countFacts(db, id)
    if (!c) throw badRequest(RECIPE_MSG.countNotFound(field, id))
    if (c.status !== 'APPROVED' || !c.approved_at) throw badRequest(RECIPE_MSG.countNotApproved(field, id, c.status))
    return { id: c.id, started_at: c.started_at, approved_at: c.approved_at, day: localDate(new Date(c.started_at), zone()) }
  }

  /** A window end as an instant: a day starts (or, for `to`, ends) at local midnight; a local time is in the restaurant's zone. */
  function instantOf(bound: string, end: boolean): string {
    if (bound.length === 10) return startOfLocalDay(end ? addDays(bound, 1) : bound, zone()).toISOString()
    if (bound.endsWith('Z')) return new Date(bound).toISOString()
    return zonedInstant(bound.slice(0, 10), bound.slice(11), zone()).toISOString()
  }

  const shown = (at: string) => {
    const d = new Date(at)
    const hm = new Intl.DateTimeFormat('en-GB', { timeZone: zone(), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d)
    return `${localDate(d, zone())} ${hm}`
  }

  /**
   * The sales window [fromAt, toAt): by default from the opening count's approval to the closing count's (so
   * two counts approved the same day bound a window of hours); sales_from / sales_to move either end. Timed
   * sales count by their instant; a day's summary when its whole day starts inside the window (counts are
   * taken after service: the days after the opening count's through the closing count's).
   */
  function salesWindow(q: PeriodQuery, opening: PeriodCount, closing: PeriodCount) {
    const fromAt = q.sales_from ? instantOf(q.sales_from, false) : new Date(opening.approved_at).toISOString()
    const toAt = q.sales_to ? instantOf(q.sales_to, true) : new Date(closing.approved_at).toISOString()
    if (fromAt >= toAt) throw badRequest(RECIPE_MSG.salesWindowEmpty)
    const before = (at: string) => new Date(Date.parse(at) - 1)
    const dayTo = localDate(before(toAt), zone())
    return {
      fromAt,
      toAt,
      dayFrom: addDays(localDate(before(fromAt), zone()), 1),
      dayTo,
      dayOfFrom: localDate(new Date(fromAt), zone()),
      dayOfTo: dayTo,
      shownFrom: shown(fromAt),
      shownTo: shown(toAt),
    }
  }

  /** Both counts, the sales range and what was sold in it (resolved to dishes), read in one snapshot. */
  function period(q: PeriodQuery) {
    const opening = approvedCount('opening_count_id', q.opening_count_id)
    const closing = approvedCount('closing_count_id', q.closing_count_id)
    if (opening.approved_at >= closing.approved_at) throw badRequest(RECIPE_MSG.countsOutOfOrder)
    const w = salesWindow(q, opening, closing)
    const sales = salesLinesIn(db, w)
    const unmapped = sales.filter((s) => s.status === 'UNMAPPED').length
    const sold = new Map<number, number>()
    for (const s of sales) if (s.status === 'MAPPED' && s.recipe_id !== null) sold.set(s.recipe_id, (sold.get(s.recipe_id) ?? 0) + s.quantity)
    const foodSales = sales.reduce((a, s) => a + (s.status === 'MAPPED' ? s.net_sales : 0), 0)
    const costing = costRecipes(db, [...sold.keys()], settings.get().target_food_cost_pct, barSettings(settings.get()))
    const head = {
      opening_count: opening,
      closing_count: closing,
      sales_from: w.dayOfFrom,
      sales_to: w.dayOfTo,
      sales_from_at: w.fromAt,
      sales_to_at: w.toAt,
      sales_lines: sales.length,
      no_sales: sales.length ? null : RECIPE_MSG.noSales(w.shownFrom, w.shownTo),
      unmapped_sales_rows: unmapped,
      final: unmapped === 0,
      note: unmapped ? RECIPE_MSG.notFinal(unmapped) : null,
    }
    return { opening, closing, head, sold, foodSales, costing }
  }

  const notCounted = (countId: number, items: repo.ItemAt[]): NotCountedItem[] => {
    const counted = repo.countedItemIds(db, countId)
    return items
      .filter((i) => i.quantity !== 0 && !counted.has(i.id))
      .map((i) => ({ item_id: i.id, item_name: i.name, unit: i.unit, quantity: fromCents(i.quantity), value: money(costValueCents(i.cost_e5, i.quantity)) }))
  }

  const valueOf = (items: repo.ItemAt[]) => items.reduce((a, i) => a + costValueCents(i.cost_e5, i.quantity), 0)

  /** Received less returned, per item (hundredths of its unit), and what the sales should have used (exact), between the counts. */
  function movedAndSold(p: ReturnType<typeof period>) {
    const { received, returned } = repo.purchasesBetween(db, p.opening.approved_at, p.closing.approved_at)
    const purchased = new Map<number, number>()
    for (const r of received) purchased.set(r.item_id, (purchased.get(r.item_id) ?? 0) + r.quantity)
    for (const r of returned) purchased.set(r.item_id, (purchased.get(r.item_id) ?? 0) - r.quantity)
    // Theoretical usage: Σ sold × each item's purchased quantity per portion, through every sub-recipe.
    const theoretical = new Map<number, Exact>()
    for (const [recipeId, sold] of p.sold)
      for (const [itemId, perPortion] of p.costing.usagePerYieldUnit(recipeId)) theoretical.set(itemId, add(theoretical.get(itemId) ?? ZERO, mul(perPortion, hundredths(sold))))
    return { purchased, theoretical }
  }

  /**
   * The bar's line (issue 35): each bottle item's actual use (opening + received − closing: a transfer between the
   * store and the kitchen moves nothing out of both) against what the drinks sold should have poured, in ml and
   * money; the biggest losses first.
   */
  function barVariance(p: ReturnType<typeof period>): BarVarianceRow[] {
    const bottles = repo.bottleItems(db)
    if (bottles.length === 0) return []
    const opening = new Map(repo.itemsAt(db, p.opening.approved_at).map((i) => [i.id, i]))
    const closing = new Map(repo.itemsAt(db, p.closing.approved_at).map((i) => [i.id, i]))
    const { purchased, theoretical } = movedAndSold(p)
    const rows: (BarVarianceRow & { value: Exact })[] = []
    for (const b of bottles) {
      const o = opening.get(b.id)
      const c = closing.get(b.id)
      const per = mlPerUnit(b.unit, bottleOfColumns(b)!.bottle_ml)
      if (!o || !c || !per) continue
      const actual = hundredths(o.quantity + (purchased.get(b.id) ?? 0) - c.quantity)
      const theory = theoretical.get(b.id) ?? ZERO
      if (actual.n === 0n && theory.n === 0n) continue
      const variance = sub(actual, theory)
      const value = mul(variance, exact(c.cost_e5, COST_SCALE))
      rows.push({
        item_id: b.id,
        item_name: c.name,
        theoretical_ml: round(mul(theory, per)),
        actual_ml: round(mul(actual, per)),
        variance_ml: round(mul(variance, per)),
        variance_value: round(value),
        value,
      })
    }
    rows.sort((a, b) => cmp(b.value, a.value) || a.item_name.localeCompare(b.item_name))
    return rows.map(({ value: _, ...r }) => r)
  }

  return {
    foodCost(q: PeriodQuery): FoodCostReport {
      return db.transaction(() => {
        const p = period(q)
        const openingItems = repo.itemsAt(db, p.opening.approved_at)
        const closingItems = repo.itemsAt(db, p.closing.approved_at)
        const { received, returned } = repo.purchasesBetween(db, p.opening.approved_at, p.closing.approved_at)
        const purchases = received.reduce((a, r) => a + r.value, 0) - returned.reduce((a, r) => a + costValueCents(r.unit_cost_e5, r.quantity), 0)
        const openingValue = valueOf(openingItems)
        const closingValue = valueOf(closingItems)
        const cogs = openingValue + purchases - closingValue
        let theoretical = ZERO
        const notCosted: FoodCostReport['dishes_not_costed'] = []
        for (const [recipeId, sold] of p.sold) {
          const r = findRecipe(db, recipeId)!
          const f = p.costing.figures(r)
          if (f.exactPlate) theoretical = add(theoretical, mul(f.exactPlate, hundredths(sold)))
          else notCosted.push({ recipe_id: recipeId, recipe_name: r.name, quantity: fromCents(sold), reason: f.batch.failure?.reason ?? null })
        }
        const salesExact = hundredths(p.foodSales)
        const pctOf = (x: Exact) => (p.foodSales > 0 ? mul(div(x, salesExact), exact(100)) : null)
        const actualPct = pctOf(hundredths(cogs))
        const theoreticalPct = pctOf(theoretical)
        return {
          ...p.head,
          opening_value: money(openingValue),
          purchases: money(purchases),
          closing_value: money(closingValue),
          cogs: money(cogs),
          food_sales: money(p.foodSales),
          actual_food_cost_pct: actualPct ? round(actualPct) : null,
          theoretical_cost: round(theoretical),
          theoretical_food_cost_pct: theoreticalPct ? round(theoreticalPct) : null,
          gap_value: round(sub(hundredths(cogs), theoretical)),
          gap_pct: actualPct && theoreticalPct ? round(sub(actualPct, theoreticalPct)) : null,
          not_counted: { opening: notCounted(p.opening.id, openingItems), closing: notCounted(p.closing.id, closingItems) },
          dishes_not_costed: notCosted,
          bar: barVariance(p),
        }
      })()
    },

    /** GET /reports/pour-cost (issue 35): every active drink's pour cost and target, and what sold in the days. */
    pourCost(q: { start_date?: string; end_date?: string }): PourCostReport {
      return db.transaction(() => {
        const s = settings.get()
        const end = q.end_date ?? localDate(clock(), zone())
        const start = q.start_date ?? addDays(end, -29)
        const sold = soldIn(db, { fromAt: startOfLocalDay(start, zone()).toISOString(), toAt: startOfLocalDay(addDays(end, 1), zone()).toISOString(), dayFrom: start, dayTo: end })
        const drinks = repo.menuRecipesWithCategory(db).filter((r) => pourCategory(r.category) !== null)
        const bar = barSettings(s)
        const costing = costRecipes(db, drinks.map((d) => d.id), s.target_food_cost_pct, bar)
        const sums = new Map<string, { drinks: number; sold: number; sales: Exact; cost: Exact }>()
        const rows: (PourCostRow & { over: Exact | null })[] = drinks.map((d) => {
          const r = findRecipe(db, d.id)!
          const f = costing.figures(r)
          const category = pourCategory(r.category)!
          const target = bar.targets[category]
          const n = sold.get(d.id) ?? 0
          const sum = sums.get(category) ?? { drinks: 0, sold: 0, sales: ZERO, cost: ZERO }
          sum.drinks++
          sum.sold += n
          if (f.exactPlate && r.menu_price) {
            sum.sales = add(sum.sales, mul(div(hundredths(r.menu_price), add(exact(1), exact(bar.sales_tax, 10000))), hundredths(n)))
            sum.cost = add(sum.cost, mul(f.exactPlate, hundredths(n)))
          }
          sums.set(category, sum)
          return {
            recipe_id: d.id,
            name: r.name,
            category,
            price: r.menu_price === null ? null : fromCents(r.menu_price),
            cost: f.plate_cost,
            pour_cost_pct: f.pour_cost_pct,
            target_pct: fromCents(target),
            over_target: f.exactPour !== null && cmp(f.exactPour, hundredths(target)) > 0,
            sold: fromCents(n),
            over: f.exactPour && sub(f.exactPour, hundredths(target)),
          }
        })
        // Above target first (furthest first), then by pour cost, then drinks without one, by name.
        rows.sort((a, b) =>
          Number(b.over_target) - Number(a.over_target) ||
          (a.over && b.over ? cmp(b.over, a.over) : a.over ? -1 : b.over ? 1 : 0) ||
          a.name.localeCompare(b.name),
        )
        const categories: PourCostCategory[] = POUR_CATEGORIES.filter((c) => sums.has(c)).map((c) => {
          const t = sums.get(c)!
          return {
            category: c,
            target_pct: fromCents(bar.targets[c]),
            drinks: t.drinks,
            sold: fromCents(t.sold),
            sales: round(t.sales),
            cost: round(t.cost),
            pour_cost_pct: t.sales.n === 0n ? null : round(mul(div(t.cost, t.sales), exact(100))),
          }
        })
        return { start_date: start, end_date: end, rows: rows.map(({ over: _, ...r }) => r), categories }
      })()
    },

    avt(q: PeriodQuery): AvtReport {
      return db.transaction(() => {
        const p = period(q)
        const opening = new Map(repo.itemsAt(db, p.opening.approved_at).map((i) => [i.id, i]))
        const closing = new Map(repo.itemsAt(db, p.closing.approved_at).map((i) => [i.id, i]))
        const { purchased, theoretical } = movedAndSold(p)
        const wasted = new Map(repo.wastageBetween(db, p.opening.approved_at, p.closing.approved_at).map((w) => [w.item_id, w.quantity]))
        const ids = new Set<number>([...purchased.keys(), ...wasted.keys(), ...theoretical.keys()])
        for (const [id, i] of opening) if (i.quantity !== 0 || (closing.get(id)?.quantity ?? 0) !== 0) ids.add(id)
        const rows: (AvtRow & { abs: Exact })[] = []
        for (const id of ids) {
          const o = opening.get(id)
          const c = closing.get(id)
          if (!o || !c) continue
          const actual = hundredths(o.quantity + (purchased.get(id) ?? 0) - c.quantity)
          const theory = theoretical.get(id) ?? ZERO
          const variance = sub(actual, theory)
          const value = mul(variance, exact(c.cost_e5, COST_SCALE))
          const waste = hundredths(wasted.get(id) ?? 0)
          rows.push({
            item_id: id,
            item_name: c.name,
            unit: c.unit,
            opening: fromCents(o.quantity),
            purchased: fromCents(purchased.get(id) ?? 0),
            closing: fromCents(c.quantity),
            actual_usage: qty(actual),
            theoretical_usage: qty(theory),
            wastage: qty(waste),
            variance: qty(variance),
            variance_value: round(value),
            variance_pct: theory.n === 0n ? null : round(mul(div(variance, theory), exact(100))),
            unexplained: qty(sub(variance, waste)),
            abs: value.n < 0n ? exact(-value.n, value.d) : value,
          })
        }
        rows.sort((a, b) => cmp(b.abs, a.abs) || a.item_name.localeCompare(b.item_name))
        return { ...p.head, rows: rows.map(({ abs: _, ...r }) => r) }
      })()
    },
  }
}
