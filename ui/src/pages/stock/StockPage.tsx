import { useCallback, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { buttonClass } from '../../components/Button'
import { MANAGER } from '../../../../src/contract/roles'
import { getItemStatistics, listSuppliers } from '../../api/stock'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../lib/useFormat'
import { STOCK_TABS, stockTabHref, type StockTab } from '../../lib/links'
import { STOCK_GROUPS } from '../../messages/stock'
import { useSession } from '../../session/store'
import { AlertsTab } from './AlertsTab'
import { CatalogTab } from './CatalogTab'
import { CATEGORIES, SUPPLIERS } from './catalogs'
import { ItemsTab } from './ItemsTab'
import { StatCards } from '../../components/StatCards'
import { useLoad } from '../../components/useLoad'
import { tabPanelProps, Tabs } from './Tabs'
import { useLookups } from './useLookups'

type TabKey = StockTab
const ID = 'stock'

/** /stock (SPEC §2): statistics (each count a link to its tab), then the Items, Categories, Suppliers and Alerts tabs; the open tab is in the address. */
export default function StockPage() {
  const session = useSession()
  const isManager = session?.user.role_name === MANAGER
  const fmt = useFormat()
  const [, navigate] = useLocation()
  const asked = new URLSearchParams(useSearch()).get('tab') as TabKey | null
  const tab: TabKey = asked && STOCK_TABS.includes(asked) ? asked : 'items'
  const setTab = (k: TabKey) => navigate(stockTabHref(k), { replace: true })
  const stats = useLoad((signal) => getItemStatistics(signal).then((r) => r.data), [])
  const suppliersTotal = useLoad((signal) => listSuppliers({ page: 1, limit: 1 }, signal).then((r) => r.meta.total), [])
  const lookups = useLookups()

  // Every write refreshes the numbers and the pickers as well as its own list.
  const afterWrite = useCallback(() => {
    stats.reload()
    suppliersTotal.reload()
    lookups.reload()
  }, [stats.reload, suppliersTotal.reload, lookups.reload])

  const s = stats.data
  const tabs = [
    { key: 'items' as const, label: 'Items', count: s?.total_items },
    { key: 'categories' as const, label: 'Categories', count: s?.total_categories },
    { key: 'suppliers' as const, label: 'Suppliers', count: suppliersTotal.data ?? undefined },
    // Low or out, plus expiring or expired: the two lists of the Alerts tab (an item may be in both).
    { key: 'alerts' as const, label: 'Alerts', count: s ? s.low_stock_count + s.expiring_count + s.expired_count : undefined },
  ]

  return (
    <section>
      <PageHeader
        title="Stock"
        description="Items, categories, suppliers and stock alerts."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href="/stock/import" className={buttonClass('secondary')}>
              Import CSV
            </Link>
            <Link href="/scan" className={buttonClass('secondary')}>
              Scan to count
            </Link>
            <Link href="/labels" className={buttonClass('secondary')}>
              Labels
            </Link>
          </div>
        }
      />
      <StatCards
        loading={stats.loading}
        error={stats.error}
        onRetry={stats.reload}
        stats={[
          { label: 'Total Items', value: s?.total_items, href: stockTabHref('items') },
          isManager
            ? { label: 'Total Value', value: s ? fmt.money(s.total_value) : undefined, tone: 'success' }
            : { label: 'Total Categories', value: s?.total_categories, href: stockTabHref('categories') },
          { label: STOCK_GROUPS.low, value: s?.low_stock_count, tone: 'danger', href: stockTabHref('alerts') },
          { label: STOCK_GROUPS.expiry, value: s ? s.expiring_count + s.expired_count : undefined, tone: 'warning', href: stockTabHref('alerts') },
        ]}
      />

      <Tabs idBase={ID} tabs={tabs} current={tab} onChange={setTab} />
      <div {...tabPanelProps(ID, tab)}>
        {tab === 'items' && <ItemsTab isManager={isManager} lookups={lookups} onWrite={afterWrite} />}
        {tab === 'categories' && <CatalogTab catalog={CATEGORIES} onWrite={afterWrite} />}
        {tab === 'suppliers' && <CatalogTab catalog={SUPPLIERS} onWrite={afterWrite} />}
        {tab === 'alerts' && <AlertsTab />}
      </div>
    </section>
  )
}
