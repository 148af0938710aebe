import type { Recipe, RecipeKind } from '../../contract/recipes'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'
import { packRowsOf } from '../stock'

// Recipes and their lines as stored: quantities, money and percentages in hundredths.

/** A recipe as stored (amounts in hundredths): the contract's Recipe with is_active 0/1 and without its lines. */
export type RecipeRow = Omit<Recipe, 'is_active' | 'lines'> & { is_active: number }

export interface LineRow {
  id: number
  recipe_id: number
  position: number
  item_id: number | null
  sub_recipe_id: number | null
  quantity: number
  unit: string
  yield_pct: number | null
  name: string
}

/** What is written for a recipe (hundredths). */
export type RecipeValues = Omit<RecipeRow, 'id' | 'created_at' | 'updated_at'>
export interface LineValues {
  item_id: number | null
  sub_recipe_id: number | null
  quantity: number
  unit: string
  yield_pct: number | null
}

const COLUMNS = 'r.id, r.name, r.kind, r.yield_quantity, r.yield_unit, r.menu_price, r.target_food_cost_pct, r.sales_code, r.category, r.method, r.is_active, r.created_at, r.updated_at'

export const findRecipe = (db: Db, id: number) => db.query(`SELECT ${COLUMNS} FROM recipes r WHERE r.id = $id`).get({ id }) as RecipeRow | null

export const linesOf = (db: Db, recipeId: number) =>
  db
    .query(
      `SELECT l.id, l.recipe_id, l.position, l.item_id, l.sub_recipe_id, l.quantity, l.unit, l.yield_pct, coalesce(i.name, s.name) AS name
       FROM recipe_lines l LEFT JOIN items i ON i.id = l.item_id LEFT JOIN recipes s ON s.id = l.sub_recipe_id
       WHERE l.recipe_id = $recipeId ORDER BY l.position`,
    )
    .all({ recipeId }) as LineRow[]

export function listRecipes(db: Db, o: { q?: string; kind?: RecipeKind; active: 'true' | 'false' | 'all'; limit: number; offset: number }) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (o.active !== 'all') (clauses.push('r.is_active = $active'), (params.active = o.active === 'true' ? 1 : 0))
  if (o.kind) (clauses.push('r.kind = $kind'), (params.kind = o.kind))
  if (o.q) (clauses.push(`(r.name LIKE $q ESCAPE '\\' OR r.sales_code LIKE $q ESCAPE '\\' OR r.category LIKE $q ESCAPE '\\')`), (params.q = containsPattern(o.q)))
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
  const rows = db
    .query(`SELECT ${COLUMNS}, (SELECT count(*) FROM recipe_lines l WHERE l.recipe_id = r.id) AS line_count FROM recipes r ${where} ORDER BY r.name COLLATE NOCASE, r.id LIMIT ${sqlInteger(o.limit)} OFFSET $offset`)
    .all({ ...params, offset: o.offset }) as (RecipeRow & { line_count: number })[]
  const { total } = db.query(`SELECT count(*) AS total FROM recipes r ${where}`).get(params) as { total: number }
  return { rows, total }
}

export const nameTaken = (db: Db, name: string, exceptId = 0) => db.query('SELECT 1 FROM recipes WHERE name = $name AND id <> $exceptId').get({ name, exceptId }) !== null

/** The active recipe holding a sales code, other than this one. */
export const salesCodeOwner = (db: Db, code: string, exceptId = 0) =>
  db.query('SELECT id, name FROM recipes WHERE sales_code = $code COLLATE NOCASE AND is_active = 1 AND id <> $exceptId').get({ code, exceptId }) as { id: number; name: string } | null

export const existingItemIds = (db: Db, ids: number[]) =>
  new Set((db.query('SELECT id FROM items WHERE id IN (SELECT value FROM json_each($ids))').all({ ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id))

export const recipeNames = (db: Db, ids: number[]) =>
  new Map((db.query('SELECT id, name FROM recipes WHERE id IN (SELECT value FROM json_each($ids))').all({ ids: JSON.stringify(ids) }) as { id: number; name: string }[]).map((r) => [r.id, r.name]))

/** Every recipe → sub-recipe edge (for cycle checks): a few thousand rows at most. */
export const allEdges = (db: Db) => db.query('SELECT DISTINCT recipe_id, sub_recipe_id FROM recipe_lines WHERE sub_recipe_id IS NOT NULL').all() as { recipe_id: number; sub_recipe_id: number }[]

export function insertRecipe(db: Db, r: RecipeValues, userId: number, at: string): number {
  return (
    db
      .query(
        `INSERT INTO recipes (name, kind, yield_quantity, yield_unit, menu_price, target_food_cost_pct, sales_code, category, method, is_active, created_by, created_at, updated_at)
         VALUES ($name, $kind, $yield_quantity, $yield_unit, $menu_price, $target_food_cost_pct, $sales_code, $category, $method, $is_active, $userId, $at, $at) RETURNING id`,
      )
      .get({ ...r, userId, at }) as { id: number }
  ).id
}

export function updateRecipe(db: Db, id: number, r: RecipeValues, at: string) {
  db.query(
    `UPDATE recipes SET name = $name, kind = $kind, yield_quantity = $yield_quantity, yield_unit = $yield_unit, menu_price = $menu_price,
       target_food_cost_pct = $target_food_cost_pct, sales_code = $sales_code, category = $category, method = $method, is_active = $is_active, updated_at = $at
     WHERE id = $id`,
  ).run({ ...r, id, at })
}

export function replaceLines(db: Db, recipeId: number, lines: LineValues[]) {
  db.query('DELETE FROM recipe_lines WHERE recipe_id = $recipeId').run({ recipeId })
  const insert = db.query(
    'INSERT INTO recipe_lines (recipe_id, position, item_id, sub_recipe_id, quantity, unit, yield_pct) VALUES ($recipeId, $position, $item_id, $sub_recipe_id, $quantity, $unit, $yield_pct)',
  )
  lines.forEach((l, position) => insert.run({ ...l, recipeId, position }))
}

/** Recipes that use this one as a line (their names, for the 409). */
export const usedBy = (db: Db, id: number) =>
  (db.query('SELECT DISTINCT r.name FROM recipe_lines l JOIN recipes r ON r.id = l.recipe_id WHERE l.sub_recipe_id = $id ORDER BY r.name').all({ id }) as { name: string }[]).map((r) => r.name)

export const hasSales = (db: Db, id: number) =>
  db.query('SELECT EXISTS (SELECT 1 FROM sales_lines WHERE recipe_id = $id) OR EXISTS (SELECT 1 FROM sales_mappings WHERE recipe_id = $id) AS used').get({ id }) as { used: number }

export const deleteRecipe = (db: Db, id: number) => db.query('DELETE FROM recipes WHERE id = $id').run({ id })

// ---------- Costing reads ----------

/** The item columns costing reads (besides id): a change to any of them changes cost figures (cost-cache.ts). */
export const COST_ITEM_COLUMNS = ['name', 'unit', 'cost_e5', 'density', 'each_weight', 'yield_pct', 'bottle_ml'] as const
const COST_ITEM_SELECT = ['id', ...COST_ITEM_COLUMNS].map((c) => `i.${c}`).join(', ')

export interface CostItemRow {
  id: number
  name: string
  unit: string
  /** Cost per stock unit in 1/100,000 (COST_SCALE). */
  cost_e5: number
  density: number | null
  each_weight: number | null
  yield_pct: number
  /** Hundredths of a ml (issue 35): a bottle item kept in bottles is poured in ml through it. */
  bottle_ml: number | null
}

export interface CostLineRow {
  recipe_id: number
  item_id: number | null
  sub_recipe_id: number | null
  quantity: number
  unit: string
  yield_pct: number | null
}

/** Every recipe reachable from the roots (the roots included); UNION stops even on a bad cycle. */
const TREE = `WITH RECURSIVE tree(id) AS (
  SELECT value FROM json_each($ids)
  UNION SELECT l.sub_recipe_id FROM recipe_lines l JOIN tree ON l.recipe_id = tree.id WHERE l.sub_recipe_id IS NOT NULL)`

export function costingData(db: Db, rootIds: number[]) {
  const ids = JSON.stringify(rootIds)
  const recipes = db.query(`${TREE} SELECT ${COLUMNS} FROM recipes r JOIN tree ON tree.id = r.id`).all({ ids }) as RecipeRow[]
  const lines = db
    .query(`${TREE} SELECT l.recipe_id, l.item_id, l.sub_recipe_id, l.quantity, l.unit, l.yield_pct FROM recipe_lines l JOIN tree ON tree.id = l.recipe_id ORDER BY l.recipe_id, l.position`)
    .all({ ids }) as CostLineRow[]
  const items = db
    .query(
      `${TREE} SELECT ${COST_ITEM_SELECT} FROM items i
       WHERE i.id IN (SELECT l.item_id FROM recipe_lines l JOIN tree ON tree.id = l.recipe_id WHERE l.item_id IS NOT NULL)`,
    )
    .all({ ids }) as CostItemRow[]
  return { recipes, lines, items, packs: packsByItem(db, items.map((i) => i.id)) }
}

/** Packs (stocktake issue) are units of their item: name → size in hundredths of the stock unit (stock's one pack query). */
export function packsByItem(db: Db, itemIds: number[]) {
  const packs = new Map<number, { name: string; size: number }[]>()
  const rows = packRowsOf(db, itemIds)
  for (const r of rows) (packs.get(r.item_id) ?? packs.set(r.item_id, []).get(r.item_id)!).push({ name: r.name, size: r.size })
  return packs
}

export const costItems = (db: Db, ids: number[]) =>
  db.query(`SELECT ${COST_ITEM_SELECT} FROM items i WHERE i.id IN (SELECT value FROM json_each($ids))`).all({ ids: JSON.stringify(ids) }) as CostItemRow[]

export const activeMenuIds = (db: Db) => (db.query(`SELECT id FROM recipes WHERE kind = 'MENU' AND is_active = 1`).all() as { id: number }[]).map((r) => r.id)

/** Active MENU recipes that use any of these items, directly or through sub-recipes. */
export const menusUsingItems = (db: Db, itemIds: number[]) =>
  (
    db
      .query(
        `WITH RECURSIVE up(id) AS (
           SELECT DISTINCT recipe_id FROM recipe_lines WHERE item_id IN (SELECT value FROM json_each($ids))
           UNION SELECT l.recipe_id FROM recipe_lines l JOIN up ON l.sub_recipe_id = up.id)
         SELECT r.id FROM recipes r JOIN up ON up.id = r.id WHERE r.kind = 'MENU' AND r.is_active = 1`,
      )
      .all({ ids: JSON.stringify(itemIds) }) as { id: number }[]
  ).map((r) => r.id)

/** Active MENU recipes among these recipes or above them (using them through any depth of sub-recipes). */
export const menusUsingRecipes = (db: Db, recipeIds: number[]) =>
  (
    db
      .query(
        `WITH RECURSIVE up(id) AS (
           SELECT value FROM json_each($ids)
           UNION SELECT l.recipe_id FROM recipe_lines l JOIN up ON l.sub_recipe_id = up.id)
         SELECT r.id FROM recipes r JOIN up ON up.id = r.id WHERE r.kind = 'MENU' AND r.is_active = 1`,
      )
      .all({ ids: JSON.stringify(recipeIds) }) as { id: number }[]
  ).map((r) => r.id)
