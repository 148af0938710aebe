import { useState } from 'react'
import { Link } from 'wouter'
import type { MenuCostingRow } from '../../../../src/contract/recipes'
import { downloadMenuCosting, getMenuCosting } from '../../api/recipes'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { failureMessage } from '../../components/failureMessage'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import type { PagedList } from '../../components/usePagedList'
import { saveFile } from '../../lib/saveFile'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { RECIPES_UI } from '../../messages/recipes'
import { FROM_LIST, recipeHref } from './links'

/** Every active dish: plate cost, price, food cost % against its target, the worst first. */
export function MenuCosting() {
  const f = useFormat()
  const loaded = useLoad((signal) => getMenuCosting(signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  const [busy, setBusy] = useState(false)
  const rows = loaded.data ?? []
  const list: PagedList<MenuCostingRow> = { rows, total: rows.length, page: 1, limit: Math.max(rows.length, 1), loading: loaded.loading, error: loaded.error, setPage: () => {}, retry: loaded.reload }
  async function download() {
    setBusy(true)
    try {
      const file = await downloadMenuCosting()
      saveFile(file.blob, file.filename ?? 'menu-costing.csv')
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, RECIPES_UI.downloadFailed) })
    } finally {
      setBusy(false)
    }
  }
  const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`)
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={download} disabled={busy}>
          {RECIPES_UI.download}
        </Button>
      </div>
      <DataTable
        kind="menu recipes"
        caption="Menu costing"
        list={list}
        rowKey={(r) => r.id}
        columns={[
          {
            header: 'Dish',
            cell: (r) => (
              <Link href={recipeHref(r.id)} state={FROM_LIST} className="inline-flex min-h-11 items-center text-left font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300">
                {r.name}
              </Link>
            ),
          },
          { header: 'Plate cost', cell: (r) => (r.plate_cost === null ? '—' : f.money(r.plate_cost)), numeric: true },
          { header: 'Price', cell: (r) => (r.menu_price === null ? '—' : f.money(r.menu_price)), numeric: true },
          { header: 'Food cost', cell: (r) => <span className={r.over_target ? 'font-semibold text-red-700 dark:text-red-300' : ''}>{pct(r.food_cost_pct)}</span>, numeric: true },
          { header: 'Target', cell: (r) => pct(r.target_food_cost_pct), numeric: true, wide: true },
          {
            header: 'Status',
            cell: (r) =>
              !r.complete ? (
                <span title={r.reason ?? undefined}>
                  <Badge tone="warning">{RECIPES_UI.notCosted}</Badge>
                </span>
              ) : r.over_target ? (
                <Badge tone="danger">{RECIPES_UI.overTarget}</Badge>
              ) : (
                <Badge tone="success">{RECIPES_UI.underTarget}</Badge>
              ),
          },
          { header: 'Suggested price', cell: (r) => (r.suggested_price === null ? '—' : f.money(r.suggested_price)), numeric: true, wide: true },
        ]}
      />
    </div>
  )
}
