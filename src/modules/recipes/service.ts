import { fromCents, toCents } from '../../contract/fixed'
import { PORTION, RECIPE_MSG, type CostPreviewInput, type Recipe, type RecipeCost, type RecipeInput, type RecipeLineInput, type RecipeSummary, type UpdateRecipeInput, type MenuCostingRow, type RecipeKind } from '../../contract/recipes'
import type { User } from '../../contract/auth'
import type { ServiceDeps } from '../../db/service-deps'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { createCostCache } from './cost-cache'
import { byFoodCostDesc, createCosting } from './costing'
import * as repo from './repo'
import { checkFoodCost } from './food-cost-alerts'
import { barSettings, POUR_CATEGORIES } from '../../contract/bar'

export type RecipeService = ReturnType<typeof createRecipeService>

const toRecipe = (r: repo.RecipeRow, lines: repo.LineRow[]): Recipe => ({
  ...summaryFields(r),
  method: r.method,
  lines: lines.map((l) => ({
    id: l.id,
    item_id: l.item_id,
    recipe_id: l.sub_recipe_id,
    name: l.name,
    quantity: fromCents(l.quantity),
    unit: l.unit,
    yield_pct: l.yield_pct === null ? null : fromCents(l.yield_pct),
  })),
})

const summaryFields = (r: repo.RecipeRow) => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  yield_quantity: fromCents(r.yield_quantity),
  yield_unit: r.yield_unit,
  menu_price: r.menu_price === null ? null : fromCents(r.menu_price),
  target_food_cost_pct: r.target_food_cost_pct === null ? null : fromCents(r.target_food_cost_pct),
  sales_code: r.sales_code,
  category: r.category,
  is_active: r.is_active === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
})

type Fields = Omit<RecipeInput, 'lines'> & { lines: RecipeLineInput[] }

/** The stored values of a recipe: MENU defaults filled in, PREP-only rules checked. */
function valuesOf(input: Fields): repo.RecipeValues {
  const kind: RecipeKind = input.kind
  if (kind === 'PREP') {
    for (const f of ['menu_price', 'sales_code', 'target_food_cost_pct'] as const) if (input[f] !== undefined && input[f] !== null && input[f] !== '') throw badRequest(RECIPE_MSG.prepOnly(f))
    if (!input.yield_quantity || !input.yield_unit) throw badRequest(RECIPE_MSG.yieldRequired)
  }
  return {
    name: input.name,
    kind,
    yield_quantity: toCents(input.yield_quantity ?? 1),
    yield_unit: input.yield_unit ?? PORTION,
    menu_price: input.menu_price === undefined || input.menu_price === null ? null : toCents(input.menu_price),
    target_food_cost_pct: input.target_food_cost_pct === undefined || input.target_food_cost_pct === null ? null : toCents(input.target_food_cost_pct),
    sales_code: input.sales_code ? input.sales_code : null,
    category: input.category ? input.category : null,
    method: input.method ? input.method : null,
    is_active: input.is_active === false ? 0 : 1,
  }
}

const lineValues = (lines: RecipeLineInput[]): repo.LineValues[] =>
  lines.map((l) => ({
    item_id: l.item_id ?? null,
    sub_recipe_id: l.recipe_id ?? null,
    quantity: toCents(l.quantity),
    unit: l.unit,
    yield_pct: l.yield_pct === undefined || l.yield_pct === null ? null : toCents(l.yield_pct),
  }))

export function createRecipeService({ db, clock, settings }: ServiceDeps) {
  const row = (id: number) => repo.findRecipe(db, id) ?? (() => { throw notFound('Recipe') })()
  const target = () => settings.get().target_food_cost_pct
  const bar = () => barSettings(settings.get())
  // Kept figures also depend on the drinks' settings (oz, dash, tax, targets: issue 35).
  const cached = createCostCache(db, () => {
    const s = settings.get()
    return `${s.target_food_cost_pct}:${s.pour_oz}:${s.dash_ml}:${s.sales_tax_pct}:${POUR_CATEGORIES.map((c) => s[`pour_target_${c}_pct`]).join(':')}`
  })

  /** The path of a cycle the recipe `id` would close through these sub-recipes, by name (A > B > A), or null. */
  function cyclePath(id: number, name: string, subIds: number[]): string[] | null {
    const edges = new Map<number, number[]>()
    for (const e of repo.allEdges(db)) if (e.recipe_id !== id) (edges.get(e.recipe_id) ?? edges.set(e.recipe_id, []).get(e.recipe_id)!).push(e.sub_recipe_id)
    edges.set(id, [...new Set(subIds)])
    const seen = new Set<number>()
    const walk = (at: number, path: number[]): number[] | null => {
      for (const next of edges.get(at) ?? []) {
        if (next === id) return [...path, next]
        if (seen.has(next)) continue
        seen.add(next)
        const found = walk(next, [...path, next])
        if (found) return found
      }
      return null
    }
    const path = walk(id, [id])
    if (!path) return null
    const names = repo.recipeNames(db, path)
    return path.map((p) => (p === id ? name : (names.get(p) ?? String(p))))
  }

  /** Checks references, uniqueness and cycles of what is about to be written (inside the write's transaction). */
  function check(values: repo.RecipeValues, lines: RecipeLineInput[], exceptId: number) {
    if (repo.nameTaken(db, values.name, exceptId)) throw conflict(RECIPE_MSG.nameTaken)
    if (values.sales_code && values.is_active) {
      const owner = repo.salesCodeOwner(db, values.sales_code, exceptId)
      if (owner) throw conflict(RECIPE_MSG.salesCodeTaken(values.sales_code, owner.name))
    }
    checkLines(lines)
    if (exceptId) {
      const path = cyclePath(exceptId, values.name, lines.flatMap((l) => (l.recipe_id ? [l.recipe_id] : [])))
      if (path) throw badRequest(RECIPE_MSG.cycle(path))
    }
  }

  function checkLines(lines: RecipeLineInput[]) {
    const itemIds = lines.flatMap((l) => (l.item_id ? [l.item_id] : []))
    const items = repo.existingItemIds(db, itemIds)
    for (const i of itemIds) if (!items.has(i)) throw badRequest(RECIPE_MSG.unknownItem(i))
    const subIds = lines.flatMap((l) => (l.recipe_id ? [l.recipe_id] : []))
    const subs = repo.recipeNames(db, subIds)
    for (const s of subIds) if (!subs.has(s)) throw badRequest(RECIPE_MSG.unknownRecipe(s))
  }

  const get = (id: number) => toRecipe(row(id), repo.linesOf(db, id))

  function costing(rootIds: number[]) {
    return createCosting(repo.costingData(db, rootIds), target(), bar())
  }

  return {
    list(o: { page: number; limit: number; q?: string; kind?: RecipeKind; active: 'true' | 'false' | 'all' }) {
      const { rows, total } = repo.listRecipes(db, { ...o, offset: (o.page - 1) * o.limit })
      return { rows: rows.map((r): RecipeSummary => ({ ...summaryFields(r), line_count: r.line_count })), total }
    },
    get,

    create(user: User, input: RecipeInput): Recipe {
      const id = db
        .transaction(() => {
          const values = valuesOf(input)
          // A new recipe has no id yet: nothing can use it, so it closes no cycle.
          check(values, input.lines, 0)
          const id = repo.insertRecipe(db, values, user.id, clock().toISOString())
          repo.replaceLines(db, id, lineValues(input.lines))
          return id
        })
        .immediate()
      return get(id)
    },

    update(id: number, input: UpdateRecipeInput): Recipe {
      db.transaction(() => {
        const old = row(id)
        const current = get(id)
        const merged: Fields = {
          name: input.name ?? old.name,
          kind: input.kind ?? old.kind,
          yield_quantity: input.yield_quantity !== undefined ? input.yield_quantity : fromCents(old.yield_quantity),
          yield_unit: input.yield_unit !== undefined ? input.yield_unit : old.yield_unit,
          menu_price: input.menu_price !== undefined ? input.menu_price : current.menu_price,
          target_food_cost_pct: input.target_food_cost_pct !== undefined ? input.target_food_cost_pct : current.target_food_cost_pct,
          sales_code: input.sales_code !== undefined ? input.sales_code : old.sales_code,
          category: input.category !== undefined ? input.category : old.category,
          method: input.method !== undefined ? input.method : old.method,
          is_active: input.is_active ?? old.is_active === 1,
          lines: input.lines ?? current.lines.map((l) => ({ item_id: l.item_id, recipe_id: l.recipe_id, quantity: l.quantity, unit: l.unit, yield_pct: l.yield_pct })),
        }
        // Turning a MENU recipe into a PREP one drops its menu fields instead of refusing the change.
        if (input.kind === 'PREP' && old.kind === 'MENU') for (const f of ['menu_price', 'sales_code', 'target_food_cost_pct'] as const) if (input[f] === undefined) merged[f] = null
        const values = valuesOf(merged)
        check(values, merged.lines, id)
        repo.updateRecipe(db, id, values, clock().toISOString())
        if (input.lines) repo.replaceLines(db, id, lineValues(input.lines))
        // A new price, target or lines may bring a dish back under its target: its FOOD_COST alert resolves (or is refreshed).
        checkFoodCost(db, { clock, settings: settings.get }, { recipeIds: [id], resolveOnly: true })
      }).immediate()
      return get(id)
    },

    /** Deleted only while nothing refers to it: a recipe used by another, or with sales, is deactivated instead. */
    remove(id: number) {
      db.transaction(() => {
        const r = row(id)
        const users = repo.usedBy(db, id)
        if (users.length) throw conflict(RECIPE_MSG.usedBy(r.name, users))
        if (repo.hasSales(db, id).used) throw conflict(RECIPE_MSG.hasSales(r.name))
        repo.deleteRecipe(db, id)
      }).immediate()
    },

    cost(id: number): RecipeCost {
      return cached(`cost:${id}`, () => {
        row(id)
        return costing([id]).cost(id)
      })
    },

    /** A draft costed as it is typed: nothing is saved; unknown references and cycles are refused as on save. */
    preview(input: CostPreviewInput): RecipeCost {
      const values = valuesOf({ ...input, name: input.name || 'New recipe' })
      checkLines(input.lines)
      if (input.id) {
        const path = cyclePath(input.id, values.name, input.lines.flatMap((l) => (l.recipe_id ? [l.recipe_id] : [])))
        if (path) throw badRequest(RECIPE_MSG.cycle(path))
      }
      const subIds = input.lines.flatMap((l) => (l.recipe_id ? [l.recipe_id] : []))
      const data = repo.costingData(db, subIds)
      const draftId = -1
      data.recipes.push({ ...values, id: draftId, created_at: '', updated_at: '' })
      for (const l of lineValues(input.lines)) data.lines.push({ recipe_id: draftId, ...l })
      const have = new Set(data.items.map((i) => i.id))
      const extra = repo.costItems(db, input.lines.flatMap((l) => (l.item_id && !have.has(l.item_id) ? [l.item_id] : [])))
      data.items.push(...extra)
      for (const [itemId, packs] of repo.packsByItem(db, extra.map((i) => i.id))) data.packs.set(itemId, packs)
      return createCosting(data, target(), bar()).cost(draftId)
    },

    menuCosting(): MenuCostingRow[] {
      return cached('menu', () => {
        const ids = repo.activeMenuIds(db)
        const c = costing(ids)
        return ids.map((id) => c.menuRow(id)).sort(byFoodCostDesc)
      })
    },

    /** Costing over the given roots, for reports and alerts. */
    costing,
  }
}
