import type { StoreSummary } from '../../../../src/contract/dashboard'
import { getRoleSummary } from '../../api/dashboard'
import { useSession } from '../../session/store'
import { Cards, Hero, Loading, QuickActions, RecentActivity, StatCard, StockAlerts } from './parts'
import { useLoad } from '../../components/useLoad'
import { MSG } from '../../../../src/contract/messages'
import { OrdersDueToday } from './OrdersDueToday'

/** SPEC §2 Storekeeper dashboard: four cards, quick actions, recent activity, alerts. */
export default function StorekeeperDashboard() {
  const user = useSession()?.user
  const summary = useLoad(async (signal) => (await getRoleSummary(signal)).data as StoreSummary, [], MSG.loadFailed)
  return (
    <div>
      <Hero title={`Welcome back, ${user?.name ?? ''}!`} subtitle="Stock at a glance." />
      <Loading state={summary}>
        {(s) => (
          <>
            <Cards>
              <StatCard label="Total Items" value={s.cards.total_items} />
              <StatCard label="Total Categories" value={s.cards.total_categories} tone="slate" />
              <StatCard label="Low Stock" value={s.cards.low_stock} tone="amber" />
              <StatCard label="Expiring Soon" value={s.cards.expiring_soon} detail="Next 7 days" tone="red" />
            </Cards>
            <OrdersDueToday />
            <div className="grid gap-6 lg:grid-cols-3">
              <QuickActions
                actions={[
                  { label: 'Record Movement', href: '/movements' },
                  { label: 'View Movements', href: '/movements' },
                  { label: 'View Requests', href: '/requests' },
                  { label: 'Manage Stock', href: '/stock' },
                ]}
              />
              <RecentActivity entries={s.recent_activity} viewAllHref="/movements" />
              <StockAlerts title="Alerts" low={s.low_stock_items} expiring={s.expiring_items} />
            </div>
          </>
        )}
      </Loading>
    </div>
  )
}
