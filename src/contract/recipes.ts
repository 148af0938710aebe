import * as v from 'valibot'
import { ALL_STAFF, KITCHEN_STAFF, MANAGER_ONLY, type Access } from './access-types'
import type { BarVarianceRow } from './bar'
import { MAX_AMOUNT, amount, flag, id, isoDate, optionalText, paging, requiredText, safeName, signedAmount, upperEnum } from './fields'

// Recipes, plate costing, menu costing and sales (issue 22): shapes, input schemas, messages, access.

export const RECIPE_KINDS = ['PREP', 'MENU'] as const
export type RecipeKind = (typeof RECIPE_KINDS)[number]
export const LINE_STATUSES = ['OK', 'MISSING_COST', 'MISSING_CONVERSION'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]
/** A MENU recipe's yield unit when none is given: it makes portions. */
export const PORTION = 'portion'

export interface RecipeLine {
  id: number
  item_id: number | null
  recipe_id: number | null
  /** The item's or sub-recipe's name. */
  name: string
  quantity: number
  unit: string
  /** The line's own yield (overrides the item's); null when it uses the item's. */
  yield_pct: number | null
}

export interface Recipe {
  id: number
  name: string
  kind: RecipeKind
  yield_quantity: number
  yield_unit: string
  menu_price: number | null
  /** As set on the recipe; null uses the setting target_food_cost_pct. */
  target_food_cost_pct: number | null
  sales_code: string | null
  category: string | null
  method: string | null
  is_active: boolean
  created_at: string
  updated_at: string
  lines: RecipeLine[]
}

export type RecipeSummary = Omit<Recipe, 'lines' | 'method'> & { line_count: number }

/** One line of the cost tree. Quantities in the line's unit; money rounded once, half up, to 2 decimals. */
export interface CostLine {
  type: 'ITEM' | 'RECIPE'
  id: number
  name: string
  quantity: number
  unit: string
  yield_pct: number
  /** Used ÷ yield, in the line's unit (170 g at 85% → 200 g). */
  purchased_quantity: number
  purchased_unit: string
  /** The item's cost price per `cost_unit` (its stock unit, up to 5 decimals: 0.007), or a sub-recipe's batch cost per its yield ("2000 ml"). Null: no cost price. */
  unit_cost: number | null
  cost_unit: string
  /** Null when the line cannot be costed; a sub-recipe line that is partly costed shows its partial share. */
  line_cost: number | null
  status: LineStatus
  /** Why the line cannot be costed (its status is not OK). */
  reason?: string
  /** A sub-recipe's lines, scaled to the share this line uses. */
  lines?: CostLine[]
}

export interface RecipeCost {
  recipe_id: number | null
  name: string
  kind: RecipeKind
  complete: boolean
  /** The sum of the lines (a partial sum when not complete). */
  batch_cost: number
  yield_quantity: number
  yield_unit: string
  cost_per_yield_unit: number | null
  /** MENU: the cost of one portion; null when not complete (or for a PREP recipe). */
  plate_cost: number | null
  menu_price: number | null
  food_cost_pct: number | null
  /** The target in force (the recipe's or the setting's). */
  target_food_cost_pct: number
  suggested_price: number | null
  over_target: boolean
  /** A drink (a MENU recipe of a bar category, issue 35): plate cost ÷ price without tax, %; null for a dish or when not costed. */
  pour_cost_pct: number | null
  /** The drink's category target from settings; null for a dish. */
  pour_target_pct: number | null
  lines: CostLine[]
}

export interface MenuCostingRow {
  id: number
  name: string
  category: string | null
  sales_code: string | null
  complete: boolean
  plate_cost: number | null
  menu_price: number | null
  food_cost_pct: number | null
  target_food_cost_pct: number
  over_target: boolean
  suggested_price: number | null
  /** The first line that cannot be costed, when not complete. */
  reason: string | null
}

// ---------- Input ----------

/** A percentage 1–100 with at most 2 decimals (stored in hundredths). */
const pct = (field: string) => v.pipe(amount(field, 1), v.maxValue(100, `${field} must be at most 100`))
const unitText = (field: string) => v.pipe(safeName(field, 30))

/** One line of a recipe: the recipe editor checks each line with it before saving. */
export const RecipeLineBody = v.pipe(
  v.strictObject({
    item_id: v.optional(v.nullable(id('item_id'))),
    recipe_id: v.optional(v.nullable(id('recipe_id'))),
    quantity: v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', 'quantity is required'), amount('quantity', 0.01)),
    unit: unitText('unit'),
    yield_pct: v.optional(v.nullable(pct('yield_pct'))),
  }),
  v.check((l) => (l.item_id ?? null) === null !== ((l.recipe_id ?? null) === null), 'Each line needs either item_id or recipe_id'),
)
export type RecipeLineInput = v.InferOutput<typeof RecipeLineBody>

const recipeFields = {
  name: safeName('name', 150),
  kind: upperEnum('kind', RECIPE_KINDS),
  yield_quantity: v.optional(v.nullable(amount('yield_quantity', 0.01))),
  yield_unit: v.optional(v.nullable(unitText('yield_unit'))),
  menu_price: v.optional(v.nullable(amount('menu_price'))),
  target_food_cost_pct: v.optional(v.nullable(pct('target_food_cost_pct'))),
  sales_code: v.optional(v.nullable(v.pipe(visibleCode('sales_code')))),
  category: v.optional(v.nullable(v.pipe(optionalText('category', 100)))),
  method: optionalText('method', 10_000),
  is_active: v.optional(flag('is_active')),
  lines: v.pipe(v.array(RecipeLineBody, 'lines must be a list'), v.maxLength(200, 'A recipe has at most 200 lines')),
}

function visibleCode(field: string) {
  return v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(64, `${field} must be at most 64 characters`), v.check((s) => !/[\p{Cc}\p{Cf}]/u.test(s), `${field} must not contain control or invisible characters`))
}

export const RecipeBody = v.strictObject(recipeFields)
export type RecipeInput = v.InferOutput<typeof RecipeBody>
/** PUT /recipes/{id}: any of the fields; `lines`, when given, replace the lines. */
export const UpdateRecipeBody = v.partial(v.strictObject(recipeFields))
export type UpdateRecipeInput = v.InferOutput<typeof UpdateRecipeBody>
/** POST /recipes/cost-preview: a draft (not saved) costed as it is typed; `id` when editing a saved recipe (for cycles). */
export const CostPreviewBody = v.strictObject({ ...recipeFields, name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150)), ''), id: v.optional(id('id')) })
export type CostPreviewInput = v.InferOutput<typeof CostPreviewBody>

export const RecipeListQuery = v.object({
  ...paging,
  kind: v.optional(upperEnum('kind', RECIPE_KINDS)),
  active: v.optional(v.picklist(['true', 'false', 'all'], 'active must be true, false or all'), 'true'),
})

// ---------- Sales ----------

/** A till's name ("Square bar"): mappings are kept per till. '' (or left out) is "no till named", mappings for every till. */
export const POS_MAX = 60
export const posName = (field = 'pos') => v.pipe(visibleCode(field), v.maxLength(POS_MAX, `${field} must be at most ${POS_MAX} characters`))

export const SalesImportQuery = v.pipe(
  v.object({
    dry_run: v.optional(v.picklist(['true', 'false'], 'dry_run must be true or false'), 'true'),
    from: v.optional(isoDate('from')),
    to: v.optional(isoDate('to')),
    pos: v.optional(posName(), ''),
  }),
  v.check((q) => (q.from === undefined) === (q.to === undefined), 'Give both from and to, or neither'),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'from cannot be after to'),
)

const mappingTarget = v.pipe(v.unknown(), v.check((x) => x !== undefined, 'recipe_id is required (null to ignore the code)'), v.nullable(id('recipe_id')))

export const SalesMappingBody = v.strictObject({
  code: v.pipe(visibleCode('code'), v.nonEmpty('code is required')),
  recipe_id: mappingTarget,
  pos: v.optional(posName(), ''),
})

/** Many ticked codes of one till mapped to one dish, or ignored (recipe_id null), in one action. */
export const MAX_BULK_CODES = 2000
export const SalesMappingsBulkBody = v.strictObject({
  codes: v.pipe(
    v.array(v.pipe(visibleCode('codes'), v.nonEmpty('codes cannot hold an empty code')), 'codes must be a list'),
    v.minLength(1, 'Tick at least one code'),
    v.maxLength(MAX_BULK_CODES, `At most ${MAX_BULK_CODES} codes at once`),
  ),
  recipe_id: mappingTarget,
  pos: v.optional(posName(), ''),
})

export const SalesMappingsQuery = v.object({ pos: v.optional(posName()) })

export const SalesDayBody = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        recipe_id: id('recipe_id'),
        quantity: v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', 'quantity is required'), signedAmount('quantity')),
        net_sales: v.optional(signedAmount('net_sales'), 0),
      }),
      'lines must be a list',
    ),
    v.maxLength(2000, 'At most 2000 lines a day'),
  ),
})

export const SalesDateParam = isoDate('date')
export const SalesRangeQuery = v.object({ from: isoDate('from'), to: isoDate('to') })

export type SaleStatus = 'MAPPED' | 'IGNORED' | 'UNMAPPED'

export interface SalesImportLine {
  date_from: string
  date_to: string
  code: string
  name: string | null
  quantity: number
  net_sales: number
  /** How many CSV rows were summed into this line. */
  rows: number
  /** The sale's instant when the file gives a time (rows of one code at one instant summed), else null. */
  sold_at: string | null
  status: SaleStatus
  recipe_id: number | null
  recipe_name: string | null
}

export interface SalesImportResult {
  dry_run: boolean
  /** The till the file came from ('' when none was named): its mappings resolved the codes. */
  pos: string
  /** Recognised layout: 'square' (Items Detail CSV) or 'generic'. */
  format: 'square' | 'generic'
  /** Data rows read, counted or not. */
  rows_read: number
  /** Rows counted as sales (rows_read less the voided and refunded ones). */
  rows_counted: number
  /** Voided lines (Square's "(Voided)"), refunds (negative quantity, a Refund event or a refund/void flag): not counted. */
  voided_rows: number
  /** First and last sale date in the file (the period of a whole-period export), null when nothing was counted. */
  first_date: string | null
  last_date: string | null
  dates: string[]
  lines: SalesImportLine[]
  unmapped: { code: string; name: string | null; quantity: number; net_sales: number; rows: number }[]
  /** Lines of these dates already stored, replaced by this import (or that would be). */
  replaced: number
}

export interface SalesMapping {
  pos: string
  code: string
  recipe_id: number | null
  recipe_name: string | null
  updated_at: string
}

export interface SalesDayLine {
  recipe_id: number | null
  recipe_name: string | null
  code: string | null
  name: string | null
  quantity: number
  net_sales: number
  source: 'IMPORT' | 'MANUAL'
  status: SaleStatus
}

export interface SalesBulkMappingResult {
  pos: string
  recipe_id: number | null
  recipe_name: string | null
  codes: number
}

/** A till named on an import or a mapping, most recently used first. */
export interface SalesSource {
  pos: string
  mappings: number
  lines: number
  last_used: string | null
}

// ---------- Period reports: food cost and actual vs theoretical (between two approved counts) ----------

/**
 * A sales window's end: a day (YYYY-MM-DD, the whole day), a local date and time in the restaurant's zone
 * (YYYY-MM-DDTHH:MM[:SS], what a datetime-local input gives) or a UTC instant (…Z, a count's approved_at).
 */
export const SALES_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)?$/
const salesBound = (field: string) =>
  v.pipe(
    v.string(`${field} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)`),
    v.trim(),
    v.regex(SALES_BOUND, `${field} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)`),
    v.check((s) => v.safeParse(isoDate(field), s.slice(0, 10)).success && (s.length <= 10 || (Number(s.slice(11, 13)) < 24 && Number(s.slice(14, 16)) < 60 && (s.length < 19 || Number(s.slice(17, 19)) < 60))), `${field} must be a real date and time`),
  )

export const PeriodQuery = v.pipe(
  v.object({
    opening_count_id: id('opening_count_id'),
    closing_count_id: id('closing_count_id'),
    sales_from: v.optional(salesBound('sales_from')),
    sales_to: v.optional(salesBound('sales_to')),
  }),
  // Dates only: in order here. A time or an instant is put in order by the service, in the restaurant's zone.
  v.check((q) => !q.sales_from || !q.sales_to || q.sales_from.length > 10 || q.sales_to.length > 10 || q.sales_from <= q.sales_to, 'sales_from cannot be after sales_to'),
)
export type PeriodQuery = v.InferOutput<typeof PeriodQuery>

export interface PeriodCount {
  id: number
  started_at: string
  approved_at: string
  /** The calendar day the count was taken (its start, in the restaurant's zone). */
  day: string
}

export interface NotCountedItem {
  item_id: number
  item_name: string
  unit: string
  quantity: number
  value: number
}

interface PeriodHead {
  opening_count: PeriodCount
  closing_count: PeriodCount
  /** The first and last calendar day of the sales window (restaurant's zone). */
  sales_from: string
  sales_to: string
  /**
   * The sales window as instants, [from, to): by default the opening count's approval to the closing count's,
   * so two counts approved the same day bound a window of hours. A timed sale counts when it falls inside;
   * a day's summary when its whole day does (days after the opening count's day through the closing count's).
   */
  sales_from_at: string
  sales_to_at: string
  /** Sales lines stored in the window (any status); 0 → `no_sales` is said plainly. */
  sales_lines: number
  /** "No sales recorded between … and …" when no line falls in the window, else null. */
  no_sales: string | null
  /** Sales rows in the range whose code is neither mapped nor ignored: the report is not final while any remain. */
  unmapped_sales_rows: number
  final: boolean
  note: string | null
}

export interface FoodCostReport extends PeriodHead {
  opening_value: number
  purchases: number
  closing_value: number
  /** opening + purchases − closing. */
  cogs: number
  food_sales: number
  actual_food_cost_pct: number | null
  /** Σ sold × plate cost (today's plate cost). */
  theoretical_cost: number
  theoretical_food_cost_pct: number | null
  /** cogs − theoretical cost, and actual % − theoretical %. */
  gap_value: number
  gap_pct: number | null
  not_counted: { opening: NotCountedItem[]; closing: NotCountedItem[] }
  /** Dishes sold whose plate cost is not complete: left out of the theoretical cost, named here. */
  dishes_not_costed: { recipe_id: number; recipe_name: string; quantity: number; reason: string | null }[]
  /** The bar's line (issue 35): each bottle item's use in ml, theoretical against actual, biggest losses first. */
  bar: BarVarianceRow[]
}

export interface AvtRow {
  item_id: number
  item_name: string
  unit: string
  opening: number
  purchased: number
  closing: number
  actual_usage: number
  theoretical_usage: number
  wastage: number
  variance: number
  /** At the closing count's cost. */
  variance_value: number
  /** variance ÷ theoretical usage; null when nothing was expected to be used. */
  variance_pct: number | null
  unexplained: number
}

export interface AvtReport extends PeriodHead {
  rows: AvtRow[]
}

// ---------- Messages ----------

export const RECIPE_MSG = {
  created: 'Recipe created successfully',
  updated: 'Recipe updated successfully',
  deleted: 'Recipe deleted successfully',
  nameTaken: 'A recipe with this name already exists',
  salesCodeTaken: (code: string, other: string) => `Sales code ${code} is already used by ${other}`,
  cycle: (path: string[]) => `A recipe cannot use itself: ${path.join(' > ')}`,
  usedBy: (name: string, users: string[]) => `${name} is used by ${users.join(', ')}; deactivate it instead`,
  hasSales: (name: string) => `${name} has sales recorded; deactivate it instead`,
  unknownItem: (id: number) => `Line item_id ${id} does not match an existing item`,
  unknownRecipe: (id: number) => `Line recipe_id ${id} does not match an existing recipe`,
  prepOnly: (field: string) => `${field} is only for MENU recipes`,
  yieldRequired: 'A PREP recipe needs yield_quantity and yield_unit (what one batch makes)',
  mappingSaved: 'Sales code mapped',
  codesMapped: (n: number, name: string) => `${n} code${n === 1 ? '' : 's'} mapped to ${name}`,
  codesIgnored: (n: number) => `${n} code${n === 1 ? '' : 's'} ignored; ${n === 1 ? 'it is' : 'they are'} not asked again`,
  salesWindowEmpty: 'The sales window ends before it starts: sales_to must be after sales_from',
  noSales: (from: string, to: string) => `No sales recorded between ${from} and ${to}`,
  mappingIgnored: 'Sales code ignored',
  salesImported: (lines: number, dates: number) => `Imported ${lines} sales line${lines === 1 ? '' : 's'} over ${dates} day${dates === 1 ? '' : 's'}`,
  salesChecked: 'Dry run: nothing was saved',
  salesSaved: 'Sales saved',
  notMenuRecipe: (id: number) => `recipe_id ${id} is not an active MENU recipe`,
  csvBody: 'Send the sales as CSV (Content-Type: text/csv)',
  csvEmpty: 'The file has no sales rows',
  csvMissingColumn: (names: string) => `The file needs a ${names} column`,
  csvRow: (row: number, message: string) => `Row ${row}: ${message}`,
  countNotFound: (field: string, id: number) => `${field} ${id} does not match a stock count`,
  countNotApproved: (field: string, id: number, status: string) => `${field} ${id} is not approved (it is ${status})`,
  countsOutOfOrder: 'The opening count must be approved before the closing count',
  notFinal: (n: number) => `Not final: ${n} sales row${n === 1 ? '' : 's'} in the period have a code that is neither mapped nor ignored`,
} as const

/** The alert raised when a cost change takes a dish over its target (MEDIUM). */
export const FOOD_COST_ALERT = 'FOOD_COST' as const

// ---------- Who may call what ----------

export const recipesAccess = {
  'GET /api/recipes': ALL_STAFF,
  'POST /api/recipes': KITCHEN_STAFF,
  'POST /api/recipes/cost-preview': KITCHEN_STAFF,
  'GET /api/recipes/menu-costing': KITCHEN_STAFF,
  'GET /api/recipes/:id': ALL_STAFF,
  'PUT /api/recipes/:id': KITCHEN_STAFF,
  'DELETE /api/recipes/:id': KITCHEN_STAFF,
  'GET /api/recipes/:id/cost': ALL_STAFF,
  'GET /api/reports/download/menu-costing': KITCHEN_STAFF,

  'GET /api/reports/food-cost': MANAGER_ONLY,
  'GET /api/reports/avt': MANAGER_ONLY,
  'GET /api/reports/download/avt': MANAGER_ONLY,

  'POST /api/sales/import': MANAGER_ONLY,
  'GET /api/sales/mappings': MANAGER_ONLY,
  'PUT /api/sales/mappings': MANAGER_ONLY,
  'POST /api/sales/mappings/bulk': MANAGER_ONLY,
  'GET /api/sales/sources': MANAGER_ONLY,
  'GET /api/sales/unmapped': MANAGER_ONLY,
  'GET /api/sales/:date': MANAGER_ONLY,
  'PUT /api/sales/:date': MANAGER_ONLY,
} as const satisfies Record<string, Access>

export const MAX_SALES_AMOUNT = MAX_AMOUNT
