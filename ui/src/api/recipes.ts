// Recipes, costing, menu costing and sales (issue 22): one typed function per endpoint.
import type { AvtReport, FoodCostReport, MenuCostingRow, Recipe, RecipeCost, RecipeKind, RecipeSummary, SalesBulkMappingResult, SalesImportResult, SalesMapping, SalesSource } from '../../../src/contract/recipes'
import { call, callFile, callList } from './client'

type Signal = AbortSignal | undefined

export interface RecipeLineBody {
  item_id?: number | null
  recipe_id?: number | null
  quantity: number
  unit: string
  yield_pct?: number | null
}

export interface RecipeBody {
  name: string
  kind: RecipeKind
  yield_quantity?: number | null
  yield_unit?: string | null
  menu_price?: number | null
  target_food_cost_pct?: number | null
  sales_code?: string | null
  category?: string | null
  method?: string | null
  is_active?: boolean
  lines: RecipeLineBody[]
}

export const listRecipes = (f: { page: number; limit: number; q?: string; kind?: RecipeKind; active?: 'true' | 'false' | 'all' }, signal?: Signal) =>
  callList<RecipeSummary>('/recipes', { ...f }, signal)
export const getRecipe = (id: number, signal?: Signal) => call<Recipe>('GET', `/recipes/${id}`, { signal })
export const createRecipe = (body: RecipeBody) => call<Recipe>('POST', '/recipes', { body })
export const updateRecipe = (id: number, body: Partial<RecipeBody>) => call<Recipe>('PUT', `/recipes/${id}`, { body })
export const deleteRecipe = (id: number) => call<null>('DELETE', `/recipes/${id}`)
export const getRecipeCost = (id: number, signal?: Signal) => call<RecipeCost>('GET', `/recipes/${id}/cost`, { signal })
export const previewCost = (body: Partial<RecipeBody> & { id?: number; lines: RecipeLineBody[] }, signal?: Signal) =>
  call<RecipeCost>('POST', '/recipes/cost-preview', { body, signal })
export const getMenuCosting = (signal?: Signal) => call<MenuCostingRow[]>('GET', '/recipes/menu-costing', { signal })
export const downloadMenuCosting = () => callFile('/reports/download/menu-costing')

export const importSales = (csv: string, q: { dry_run: boolean; from?: string; to?: string; pos?: string }) =>
  call<SalesImportResult>('POST', '/sales/import', { csv, query: { dry_run: String(q.dry_run), from: q.from, to: q.to, pos: q.pos || undefined } })
export const saveSalesMapping = (code: string, recipe_id: number | null, pos = '') => call<SalesMapping>('PUT', '/sales/mappings', { body: { code, recipe_id, pos } })
/** Ticked codes of one till mapped to one dish, or ignored (recipe_id null), in one call. */
export const saveSalesMappings = (pos: string, codes: string[], recipe_id: number | null) => call<SalesBulkMappingResult>('POST', '/sales/mappings/bulk', { body: { pos, codes, recipe_id } })
export const listSalesSources = (signal?: Signal) => call<SalesSource[]>('GET', '/sales/sources', { signal })

export interface PeriodParams {
  opening_count_id: number
  closing_count_id: number
  sales_from?: string
  sales_to?: string
}
export const getFoodCost = (q: PeriodParams, signal?: Signal) => call<FoodCostReport>('GET', '/reports/food-cost', { query: { ...q }, signal })
export const getAvt = (q: PeriodParams, signal?: Signal) => call<AvtReport>('GET', '/reports/avt', { query: { ...q }, signal })
export const downloadAvt = (q: PeriodParams) => callFile('/reports/download/avt', { ...q })
/** Approved counts, newest first: the ends of a food cost period. */
export const listApprovedCounts = (signal?: Signal) => callList<{ id: number; started_at: string; approved_at: string | null }>('/stock-counts', { status: 'APPROVED', limit: 100, page: 1 }, signal)
