import { useLocation, useParams } from 'wouter'
import { CHEF, MANAGER } from '../../../../src/contract/roles'
import { Button } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { RECIPES_UI } from '../../messages/recipes'
import { useSession } from '../../session/store'
import { RecipeEditor } from './RecipeEditor'
import { RecipeView } from './RecipeView'
import { openedFromList } from './links'

/** /recipes/new and /recipes/:id: the editor (Manager, Chef) or the read-only view (Storekeeper), at its own address. */
export default function RecipePage() {
  const params = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const role = useSession()?.user.role_name
  const canEdit = role === MANAGER || role === CHEF
  const id = params.id === undefined ? null : Number(params.id)
  // Opened from the list: Back returns to it as it was; opened by its address (a bookmark, a reload elsewhere): the list.
  const leave = () => (openedFromList() ? history.back() : navigate('/recipes'))
  const title = id === null ? RECIPES_UI.newTitle : canEdit ? RECIPES_UI.editTitle : RECIPES_UI.viewTitle
  const known = id === null || (Number.isSafeInteger(id) && id > 0)

  return (
    <div>
      <PageHeader title={title} description={canEdit ? RECIPES_UI.description : RECIPES_UI.readOnly} />
      <div className="space-y-4">
        <Button variant="ghost" onClick={leave}>
          ← {RECIPES_UI.back}
        </Button>
        {!known ? <p role="alert">{RECIPES_UI.notFound}</p> : canEdit ? <RecipeEditor id={id} onDone={leave} /> : id !== null && <RecipeView id={id} onDone={leave} />}
      </div>
    </div>
  )
}
