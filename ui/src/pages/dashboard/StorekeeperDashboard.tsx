import type { StoreSummary } from '../../../../src/contract/dashboard'
import { getRoleSummary } from '../../api/dashboard'
import { takeEarly } from '../../lib/earlyFetch'
import { MOVEMENT_FORM_HREF, stockTabHref } from '../../lib/links'
import { DASH } from '../../messages/dashboard'
import { STOCK_GROUPS } from '../../messages/stock'
import { useSession } from '../../session/store'
import { Cards, Hero, Loading, QuickActions, RecentActivity, StatCard, StockAlerts } from './parts'
import { useLoad } from '../../components/useLoad'
import { MSG } from '../../../../src/contract/messages'
import { OrdersDueToday } from './OrdersDueToday'

/** SPEC §2 Storekeeper dashboard: four cards, quick actions, recent activity, alerts. */
export default function StorekeeperDashboard() {
  const user = useSession()?.user
  // One request for the whole page, orders due included (the entry may have asked for it already: lib/earlyFetch.ts).
  const summary = useLoad((signal) => takeEarly('/dashboard', () => getRoleSummary(signal)).then((r) => r.data as StoreSummary), [], MSG.loadFailed)
  return (
    <div>
      <Hero title={`Welcome back, ${user?.name ?? ''}!`} subtitle="Stock at a glance." />
      <Loading state={summary}>
        {(s) => (
          <>
            <Cards>
              {/* Each card leads to the list it counts; that list's total is the card's number. */}
              <StatCard label="Total Items" value={s.cards.total_items} href={stockTabHref('items')} />
              <StatCard label="Total Categories" value={s.cards.total_categories} tone="slate" href={stockTabHref('categories')} />
              <StatCard label={STOCK_GROUPS.low} value={s.cards.low_stock} tone="amber" href={stockTabHref('alerts')} />
              <StatCard label={STOCK_GROUPS.expiry} value={s.cards.expiring_soon + s.cards.expired} detail={DASH.expiryDetail(s.cards.expiring_soon, s.cards.expired)} tone="red" href={stockTabHref('alerts')} />
            </Cards>
            <OrdersDueToday orders={s.orders_due_today} />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <QuickActions
                actions={[
                  { label: 'Record Movement', href: MOVEMENT_FORM_HREF },
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
