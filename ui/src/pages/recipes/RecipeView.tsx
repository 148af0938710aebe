import { getRecipe, getRecipeCost } from '../../api/recipes'
import { Button } from '../../components/Button'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { RECIPES_UI } from '../../messages/recipes'
import { CostTree } from './CostTree'

/** A recipe for those who read it only (the Storekeeper): its fields, method and cost tree. */
export function RecipeView({ id, onDone }: { id: number; onDone: () => void }) {
  const loaded = useLoad(async (signal) => {
    const [r, c] = await Promise.all([getRecipe(id, signal), getRecipeCost(id, signal)])
    return { recipe: r.data, cost: c.data }
  }, [id], RECIPES_UI.loadFailed)
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner />
  const { recipe, cost } = loaded.data
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{recipe.name}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {recipe.kind === 'MENU' ? 'Menu dish' : 'Prep'} · makes {recipe.yield_quantity} {recipe.yield_unit}
        {recipe.sales_code && ` · code ${recipe.sales_code}`}
      </p>
      <CostTree cost={cost} />
      {recipe.method && <p className="text-sm whitespace-pre-line">{recipe.method}</p>}
      <Button variant="secondary" onClick={onDone}>
        {RECIPES_UI.back}
      </Button>
    </div>
  )
}
