import { EXPIRING_HIGH_DAYS } from '../../../../src/contract/alerts'
import type { Item } from '../../../../src/contract/stock'
import { listExpiringOrExpired, listLowStock } from '../../api/stock'
import { DataTable, type Column } from '../../components/DataTable'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { STOCK_GROUPS } from '../../messages/stock'

/** The Alerts tab: 'Low or out' (quantity at or below the minimum) and 'Expiring or expired' (expiry within the window, or past). */
export function AlertsTab() {
  const fmt = useFormat()
  const low = usePagedList<Item>(({ page, limit, signal }) => listLowStock({ page, limit }, signal), [])
  const expiring = usePagedList<Item>(({ page, limit, signal }) => listExpiringOrExpired({ page, limit }, signal), [])

  const lowColumns: Column<Item>[] = [
    { header: 'Item Name', cell: (i) => <span className="font-medium">{i.name}</span> },
    { header: 'Category', cell: (i) => i.category_name },
    { header: 'Quantity', numeric: true, cell: (i) => <span className="font-semibold text-red-700 dark:text-red-300">{fmt.quantity(i.current_quantity, i.unit)}</span> },
    { header: 'Min Stock', numeric: true, cell: (i) => fmt.quantity(i.min_stock_level, i.unit) },
    { header: 'Supplier', cell: (i) => i.supplier_name },
  ]
  const expiringColumns: Column<Item>[] = [
    { header: 'Item Name', cell: (i) => <span className="font-medium">{i.name}</span> },
    { header: 'Expiry Date', cell: (i) => fmt.date(i.expiry_date) },
    {
      header: 'Days Left',
      numeric: true,
      cell: (i) => {
        const d = i.days_until_expiry ?? 0
        const text = d < 0 ? `Expired ${-d} day${d === -1 ? '' : 's'} ago` : d === 0 ? 'Today' : `${d} day${d === 1 ? '' : 's'}`
        return <span className={d <= EXPIRING_HIGH_DAYS ? 'font-semibold text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'}>{text}</span>
      },
    },
    { header: 'Quantity', numeric: true, cell: (i) => fmt.quantity(i.current_quantity, i.unit) },
    { header: 'Category', cell: (i) => i.category_name },
  ]

  return (
    <div className="space-y-8">
      <section aria-labelledby="low-stock-heading" className="space-y-3">
        <h2 id="low-stock-heading" className="text-lg font-semibold">
          {STOCK_GROUPS.low} <span className="text-slate-600 dark:text-slate-400">({low.total})</span>
        </h2>
        <DataTable kind="items low or out of stock" caption={STOCK_GROUPS.low} columns={lowColumns} list={low} />
      </section>
      <section aria-labelledby="expiring-heading" className="space-y-3">
        <h2 id="expiring-heading" className="text-lg font-semibold">
          {STOCK_GROUPS.expiry} <span className="text-slate-600 dark:text-slate-400">({expiring.total})</span>
        </h2>
        <DataTable kind="items expiring or expired" caption={STOCK_GROUPS.expiry} columns={expiringColumns} list={expiring} />
      </section>
    </div>
  )
}
