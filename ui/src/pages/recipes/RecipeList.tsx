import { useState } from 'react'
import { Link } from 'wouter'
import type { RecipeSummary } from '../../../../src/contract/recipes'
import { listRecipes } from '../../api/recipes'
import { Badge } from '../../components/Badge'
import { buttonClass } from '../../components/Button'
import { DataTable, Pager } from '../../components/DataTable'
import { SelectField } from '../../components/Field'
import { SearchBox } from '../../components/SearchBox'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { RECIPES_UI } from '../../messages/recipes'
import { FROM_LIST, recipeHref } from './links'

/** Every recipe, searchable; each links to its editor (or read-only view) at /recipes/:id. */
export function RecipeList({ canEdit }: { canEdit: boolean }) {
  const f = useFormat()
  const [q, setQ] = useState('')
  const [kind, setKind] = useState('')
  const [active, setActive] = useState<'true' | 'false' | 'all'>('true')
  const list = usePagedList<RecipeSummary>(({ page, limit, signal }) => listRecipes({ page, limit, q: q.trim() || undefined, kind: (kind || undefined) as never, active }, signal), [q, kind, active])
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <SearchBox label="Search recipes" value={q} onChange={setQ} placeholder="Name, sales code or category" />
        <SelectField label="Kind" value={kind} onChange={setKind} placeholder="All kinds" options={[{ value: 'MENU', label: 'Menu dishes' }, { value: 'PREP', label: 'Prep' }]} />
        <SelectField label="Status" value={active} onChange={(v) => setActive(v as typeof active)} options={[{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }, { value: 'all', label: 'All' }]} />
        {canEdit && (
          <Link href={recipeHref(null)} state={FROM_LIST} className={buttonClass()}>
            {RECIPES_UI.newRecipe}
          </Link>
        )}
      </div>
      <DataTable
        kind="recipes"
        list={list}
        searchTerm={q}
        failed={RECIPES_UI.loadFailed}
        columns={[
          {
            header: 'Recipe',
            cell: (r) => (
              <Link href={recipeHref(r.id)} state={FROM_LIST} className="inline-flex min-h-11 items-center text-left font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300">
                {r.name}
              </Link>
            ),
          },
          { header: 'Kind', cell: (r) => <Badge tone={r.kind === 'MENU' ? 'info' : 'violet'}>{r.kind === 'MENU' ? 'Menu' : 'Prep'}</Badge> },
          { header: 'Yield', cell: (r) => f.quantity(r.yield_quantity, r.yield_unit), wide: true },
          { header: 'Price', cell: (r) => (r.menu_price === null ? '—' : f.money(r.menu_price)), numeric: true },
          { header: 'Sales code', cell: (r) => r.sales_code ?? '—', wide: true },
          { header: 'Lines', cell: (r) => r.line_count, numeric: true, wide: true },
        ]}
      />
      <Pager list={list} />
    </div>
  )
}
