import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { CostPreviewBody, RECIPE_MSG, RecipeBody, RecipeListQuery, UpdateRecipeBody } from '../../contract/recipes'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { menuCostingCsv } from './menu-costing-csv'

/** Recipes under /recipes: HTTP in, envelope out. */
export const recipeRoutes = ({ recipes }: AppDeps) =>
  new Elysia({ name: 'recipe-routes', prefix: '/recipes' }).use(signedIn)
    .get('', ({ query }) => {
      const q = parse(RecipeListQuery, query)
      const { rows, total } = recipes.list(q)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .post('', (ctx) => {
      const input = parse(RecipeBody, ctx.body)
      ctx.set.status = 201
      return ok(recipes.create(ctx.user, input), RECIPE_MSG.created)
    }, { signedIn: true })
    .post('/cost-preview', ({ body }) => ok(recipes.preview(parse(CostPreviewBody, body))))
    .get('/menu-costing', () => ok(recipes.menuCosting()))
    .get('/:id', ({ params }) => ok(recipes.get(parse(id('id'), params.id))))
    .put('/:id', ({ params, body }) => ok(recipes.update(parse(id('id'), params.id), parse(UpdateRecipeBody, body)), RECIPE_MSG.updated))
    .delete('/:id', ({ params }) => {
      recipes.remove(parse(id('id'), params.id))
      return ok(null, RECIPE_MSG.deleted)
    })
    .get('/:id/cost', ({ params }) => ok(recipes.cost(parse(id('id'), params.id))))

/** The menu costing CSV beside the other report downloads; Chefs may download it too (it is their table). */
export const menuCostingDownloadRoutes = ({ recipes, clock, settings }: AppDeps) =>
  new Elysia({ name: 'menu-costing-download', prefix: '/reports/download' }).use(signedIn).get('/menu-costing', () => menuCostingCsv(recipes.menuCosting(), clock(), settings.get().time_zone))
