import { useRef, type KeyboardEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { CHEF, MANAGER } from '../../../../src/contract/roles'
import { PageHeader } from '../../components/PageHeader'
import { RECIPES_UI } from '../../messages/recipes'
import { useSession } from '../../session/store'
import { FoodCostReport } from './FoodCostReport'
import { MenuCosting } from './MenuCosting'
import { RecipeList } from './RecipeList'
import { SalesImport } from './SalesImport'

type Tab = 'recipes' | 'menu' | 'sales' | 'period'

/** /recipes: the list, menu costing (Manager, Chef), the sales import and food cost (Manager); a recipe opens at /recipes/:id. */
export default function RecipesPage() {
  const session = useSession()
  const role = session?.user.role_name
  const canEdit = role === MANAGER || role === CHEF
  const tabs: Tab[] = canEdit ? (role === MANAGER ? ['recipes', 'menu', 'sales', 'period'] : ['recipes', 'menu']) : ['recipes']
  // The tab lives in the address (replaced, not pushed), so Back from a recipe returns to the tab it was opened from.
  const [, navigate] = useLocation()
  const asked = new URLSearchParams(useSearch()).get('tab') as Tab | null
  const tab = asked && tabs.includes(asked) ? asked : 'recipes'
  const setTab = (t: Tab) => navigate(t === 'recipes' ? '/recipes' : `/recipes?tab=${t}`, { replace: true })
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab)
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length : -1
    if (next < 0) return
    e.preventDefault()
    setTab(tabs[next])
    refs.current[tabs[next]]?.focus()
  }

  return (
    <div>
      <PageHeader title={RECIPES_UI.title} description={canEdit ? RECIPES_UI.description : RECIPES_UI.readOnly} />
      {tabs.length > 1 && (
        <div role="tablist" aria-label="Recipe sections" onKeyDown={onKey} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
          {tabs.map((t) => (
            <button
              key={t}
              ref={(el) => {
                refs.current[t] = el
              }}
              type="button"
              role="tab"
              id={`recipes-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`recipes-panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                tab === t ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
              }`}
            >
              {RECIPES_UI.tabs[t]}
            </button>
          ))}
        </div>
      )}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined} id={`recipes-panel-${tab}`} aria-labelledby={tabs.length > 1 ? `recipes-tab-${tab}` : undefined}>
        {tab === 'recipes' && <RecipeList canEdit={canEdit} />}
        {tab === 'menu' && <MenuCosting />}
        {tab === 'sales' && <SalesImport />}
        {tab === 'period' && <FoodCostReport onImportSales={() => setTab('sales')} />}
      </div>
    </div>
  )
}
