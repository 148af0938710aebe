import type { User } from '../../contract/auth'
import type { RecipeInput } from '../../contract/recipes'
import type { ServiceDeps } from '../../db/service-deps'
import { createRecipeService } from './service'

// The demo's menu (issue 32): two prep recipes (nshima and a tomato relish) used as sub-recipes by six dishes
// and five drinks, in the units the kitchen thinks in (g, ml, each, bundle, bottle), each line converting to its
// item's stock unit (cabbage through its weight per head). Every dish costs under its target (30 %, the bar 45 %).

type Line = [name: string, quantity: number, unit: string, yieldPct?: number]

const PREP: { name: string; yield: [number, string]; method: string; lines: Line[] }[] = [
  {
    name: 'Nshima',
    yield: [4, 'kg'],
    method: 'Bring 3 L of water to the boil, stir in a third of the mealie meal to a porridge, then the rest a handful at a time until stiff.',
    lines: [['Breakfast mealie meal', 1.6, 'kg']],
  },
  {
    name: 'Tomato and onion relish',
    yield: [2, 'kg'],
    method: 'Soften the onions and peppers in the oil, add the chopped tomatoes and salt, simmer 20 minutes.',
    lines: [
      ['Tomatoes', 1.2, 'kg', 90],
      ['Onions', 600, 'g', 90],
      ['Green peppers', 200, 'g', 85],
      ['Cooking oil', 100, 'ml'],
      ['Table salt', 20, 'g'],
    ],
  },
]

/** Dishes: name, till code, price (ZMW), category, lines (a line naming a prep recipe uses it as a sub-recipe). */
const MENU: { name: string; code: string; price: number; category: string; target?: number; lines: Line[] }[] = [
  { name: 'T-bone with nshima and relish', code: 'TBONE', price: 240, category: 'Grill', lines: [['Beef T-bone', 300, 'g'], ['Nshima', 500, 'g'], ['Tomato and onion relish', 100, 'g'], ['Rape (leaves)', 0.25, 'bundle']] },
  { name: 'Grilled bream with nshima', code: 'BREAM', price: 215, category: 'Fish', lines: [['Bream (Kafue)', 400, 'g', 85], ['Nshima', 500, 'g'], ['Tomato and onion relish', 100, 'g'], ['Lemons', 50, 'g']] },
  { name: 'Quarter chicken and chips', code: 'CHIX', price: 120, category: 'Grill', lines: [['Whole chicken', 0.25, 'each'], ['Irish potatoes', 350, 'g', 85], ['Cooking oil', 80, 'ml'], ['Cabbage', 80, 'g'], ['Table salt', 5, 'g']] },
  { name: 'Spaghetti bolognese', code: 'SPAG', price: 115, category: 'Pasta', lines: [['Spaghetti', 150, 'g'], ['Beef mince', 150, 'g'], ['Tomato and onion relish', 150, 'g'], ['Cheddar cheese', 20, 'g']] },
  { name: 'Kapenta with nshima', code: 'KAPENTA', price: 85, category: 'Traditional', lines: [['Kapenta (dried)', 100, 'g'], ['Nshima', 500, 'g'], ['Tomato and onion relish', 150, 'g'], ['Rape (leaves)', 0.25, 'bundle']] },
  { name: 'Pork ribs with chips', code: 'RIBS', price: 210, category: 'Grill', lines: [['Pork ribs', 400, 'g'], ['Irish potatoes', 350, 'g', 85], ['Cooking oil', 80, 'ml'], ['Tomato sauce', 0.05, 'bottle']] },
  // The bar: a drink is a recipe of one line, at the bar's own target; its category (beer, spirits, wine) gives its
  // target pour cost (issue 35). A tot is poured in ml from a bottle item (its bottle size converts).
  { name: 'Mosi lager', code: 'MOSI', price: 35, category: 'Beer', target: 45, lines: [['Mosi lager (375 ml)', 1, 'bottle']] },
  { name: 'Castle lager', code: 'CASTLE', price: 38, category: 'Beer', target: 45, lines: [['Castle lager (375 ml)', 1, 'bottle']] },
  { name: 'Coca-Cola', code: 'COKE', price: 20, category: 'Bar', target: 45, lines: [['Coca-Cola (300 ml)', 1, 'bottle']] },
  { name: 'Jameson (tot)', code: 'JAMESON', price: 45, category: 'Spirits', target: 45, lines: [['Jameson whiskey (750 ml)', 30, 'ml']] },
  { name: 'Glass of red wine', code: 'REDWINE', price: 85, category: 'Wine', target: 45, lines: [['Nederburg red wine (750 ml)', 0.2, 'bottle']] },
]

export interface RecipesDemoDeps extends ServiceDeps {
  manager: User
  items: ReadonlyMap<string, number>
}

/** Makes the demo's recipes; answers the dishes (id, till code, price) for the sales demo. */
export function seedRecipesDemo(deps: RecipesDemoDeps) {
  const recipes = createRecipeService(deps)
  const prepIds = new Map<string, number>()
  const lines = (ls: Line[]): RecipeInput['lines'] =>
    ls.map(([name, quantity, unit, yieldPct]) => {
      const sub = prepIds.get(name)
      return sub !== undefined ? { recipe_id: sub, quantity, unit, yield_pct: null } : { item_id: deps.items.get(name)!, quantity, unit, yield_pct: yieldPct ?? null }
    })
  for (const p of PREP) {
    const r = recipes.create(deps.manager, { name: p.name, kind: 'PREP', yield_quantity: p.yield[0], yield_unit: p.yield[1], method: p.method, category: 'Prep', lines: lines(p.lines) })
    prepIds.set(p.name, r.id)
  }
  return MENU.map((m) => {
    const r = recipes.create(deps.manager, { name: m.name, kind: 'MENU', menu_price: m.price, sales_code: m.code, category: m.category, target_food_cost_pct: m.target ?? null, lines: lines(m.lines) })
    return { id: r.id, code: m.code, price: m.price }
  })
}
