import type { Recipe } from '../../../../src/contract/recipes'
import { quantityValue } from '../../../../src/contract/quantity'
import type { RecipeBody, RecipeLineBody } from '../../api/recipes'
import { forget, keep, loadKept } from '../../lib/deviceDraft'

// The editor's draft: text as typed (quantities stay strings until sent), and its request body.

export interface DraftLine {
  key: number
  type: 'ITEM' | 'RECIPE'
  ref: { id: number; name: string; unit?: string } | null
  quantity: string
  unit: string
  yield_pct: string
}

export interface Draft {
  name: string
  kind: 'PREP' | 'MENU'
  yield_quantity: string
  yield_unit: string
  menu_price: string
  target_food_cost_pct: string
  sales_code: string
  category: string
  method: string
  is_active: boolean
  lines: DraftLine[]
}

let nextKey = 1
export const newLine = (type: DraftLine['type']): DraftLine => ({ key: nextKey++, type, ref: null, quantity: '', unit: '', yield_pct: '' })

export const emptyDraft = (): Draft => ({
  name: '',
  kind: 'MENU',
  yield_quantity: '1',
  yield_unit: 'portion',
  menu_price: '',
  target_food_cost_pct: '',
  sales_code: '',
  category: '',
  method: '',
  is_active: true,
  lines: [],
})

const text = (n: number | null) => (n === null ? '' : String(n))

export const draftOf = (r: Recipe): Draft => ({
  name: r.name,
  kind: r.kind,
  yield_quantity: text(r.yield_quantity),
  yield_unit: r.yield_unit,
  menu_price: text(r.menu_price),
  target_food_cost_pct: text(r.target_food_cost_pct),
  sales_code: r.sales_code ?? '',
  category: r.category ?? '',
  method: r.method ?? '',
  is_active: r.is_active,
  lines: r.lines.map((l) => ({
    key: nextKey++,
    type: l.item_id ? 'ITEM' : 'RECIPE',
    ref: { id: (l.item_id ?? l.recipe_id)!, name: l.name },
    quantity: text(l.quantity),
    unit: l.unit,
    yield_pct: text(l.yield_pct),
  })),
})

const optional = (s: string) => (s.trim() === '' ? null : quantityValue(s))

/** Lines that can be sent: chosen, with a quantity and a unit. The preview costs only these. */
export const readyLines = (d: Draft): RecipeLineBody[] =>
  d.lines.flatMap((l) => {
    const q = quantityValue(l.quantity)
    if (!l.ref || q === undefined || Number.isNaN(q) || q <= 0 || !l.unit.trim()) return []
    const y = optional(l.yield_pct)
    return [{ ...(l.type === 'ITEM' ? { item_id: l.ref.id } : { recipe_id: l.ref.id }), quantity: q, unit: l.unit.trim(), yield_pct: y !== null && Number.isNaN(y) ? undefined : y }]
  })

export function bodyOf(d: Draft, lines: RecipeLineBody[]): RecipeBody {
  const menu = d.kind === 'MENU'
  return {
    name: d.name.trim(),
    kind: d.kind,
    yield_quantity: optional(d.yield_quantity),
    yield_unit: d.yield_unit.trim() || null,
    menu_price: menu ? optional(d.menu_price) : null,
    target_food_cost_pct: menu ? optional(d.target_food_cost_pct) : null,
    sales_code: menu ? d.sales_code.trim() || null : null,
    category: d.category.trim() || null,
    method: d.method.trim() || null,
    is_active: d.is_active,
    lines,
  }
}

/** Full lines for a save: every line must be complete (the server names what is missing). */
export const allLines = (d: Draft): RecipeLineBody[] =>
  d.lines.map((l) => ({
    ...(l.type === 'ITEM' ? { item_id: l.ref?.id ?? null } : { recipe_id: l.ref?.id ?? null }),
    quantity: quantityValue(l.quantity) as number,
    unit: l.unit.trim(),
    yield_pct: optional(l.yield_pct),
  }))

// ---------- The draft kept on the device (per user and recipe, lib/deviceDraft) ----------

/** What a recipe's draft is kept under: the user's id and the recipe's (or 'new'), so a shared tablet keeps each cook's apart. */
export const draftKey = (userId: number, recipeId: number | null) => `rims-recipe-draft-${userId}-${recipeId ?? 'new'}`

export interface StoredDraft {
  draft: Draft
  /** The recipe's updated_at when the draft was begun (null: a new recipe): a later one means someone saved since. */
  base: string | null
  /** When it was last typed (ISO). */
  at: string
}

const isStored = (v: unknown): v is StoredDraft => {
  const s = v as StoredDraft | null
  return typeof s?.at === 'string' && typeof s.draft?.name === 'string' && Array.isArray(s.draft.lines)
}

export function loadDraft(key: string): StoredDraft | null {
  const s = loadKept(key, isStored)
  // Fresh keys: the counter restarted with the page, so kept keys could collide with lines added now.
  return s && { ...s, draft: { ...s.draft, lines: s.draft.lines.map((l) => ({ ...l, key: nextKey++ })) } }
}

export const saveDraft = (key: string, value: StoredDraft) => keep(key, value)
export const clearDraft = (key: string) => forget(key)

/** The same recipe as typed, the lines' React keys aside. */
export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(withoutKeys(a)) === JSON.stringify(withoutKeys(b))
const withoutKeys = (d: Draft) => ({ ...d, lines: d.lines.map(({ key: _key, ...l }) => l) })
