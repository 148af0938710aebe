import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react'
import type { DashboardStats, ManagerDashboard as Figures } from '../../../../src/contract/dashboard'
import { getManagerDashboard, getTrends } from '../../api/dashboard'
import { CATEGORY_PALETTE, PieChart, type Slice } from '../../components/charts/PieChart'
import { preloadTrends, Trends } from '../../components/charts/Trends'
import { stockTabHref } from '../../lib/links'
import { peekEarly, takeEarly } from '../../lib/earlyFetch'
import { useFormat } from '../../lib/useFormat'
import { STOCK_GROUPS } from '../../messages/stock'
import { useSession } from '../../session/store'
import { CountsToReview } from './CountsToReview'
import { Cards, Hero, Loading, Pending, QuickActions, RecentActivity, Section, StatCard, StockAlerts } from './parts'
import { PriceChanges } from './PriceChanges'
import { OffsiteLine } from './OffsiteLine'
import { useLoad } from '../../components/useLoad'
import { MSG } from '../../../../src/contract/messages'

// Fixed palettes, one per chart (SPEC §9).
const STATUS_COLORS = { in_stock: '#059669', low_stock: '#d97706', out_of_stock: '#dc2626', expired: '#7c3aed' }
const MOVEMENT_COLORS = { IN: '#0f766e', OUT: '#2563eb', ADJUSTMENT: '#a16207' }
const REQUEST_COLORS = { PENDING: '#d97706', APPROVED: '#2563eb', REJECTED: '#dc2626', FULFILLED: '#059669' }

function chartSlices(c: DashboardStats['charts']) {
  const status: Slice[] = [
    { label: 'In Stock', value: c.stock_status.in_stock, color: STATUS_COLORS.in_stock },
    { label: 'Low Stock', value: c.stock_status.low_stock, color: STATUS_COLORS.low_stock },
    { label: 'Out of Stock', value: c.stock_status.out_of_stock, color: STATUS_COLORS.out_of_stock },
    { label: 'Expired', value: c.stock_status.expired, color: STATUS_COLORS.expired },
  ]
  const movements: Slice[] = [
    { label: 'Stock In', value: c.movement_types.IN, color: MOVEMENT_COLORS.IN },
    { label: 'Stock Out', value: c.movement_types.OUT, color: MOVEMENT_COLORS.OUT },
    { label: 'Adjustment', value: c.movement_types.ADJUSTMENT, color: MOVEMENT_COLORS.ADJUSTMENT },
  ]
  const requests: Slice[] = [
    { label: 'Pending', value: c.request_statuses.PENDING, color: REQUEST_COLORS.PENDING },
    { label: 'Approved', value: c.request_statuses.APPROVED, color: REQUEST_COLORS.APPROVED },
    { label: 'Rejected', value: c.request_statuses.REJECTED, color: REQUEST_COLORS.REJECTED },
    { label: 'Fulfilled', value: c.request_statuses.FULFILLED, color: REQUEST_COLORS.FULFILLED },
  ]
  const categories: Slice[] = c.items_by_category.map((cat, i) => ({ label: cat.name, value: cat.count, color: CATEGORY_PALETTE[i % CATEGORY_PALETTE.length] }))
  return { status, movements, requests, categories }
}

// The dialogs' code (the team list, the user form) is most of the page's: it loads when a dialog first opens, not before the numbers.
const TeamMembersDialog = lazy(() => import('../../components/team/TeamMembersDialog').then((m) => ({ default: m.TeamMembersDialog })))
const CreateUserDialog = lazy(() => import('../../components/team/CreateUserDialog').then((m) => ({ default: m.CreateUserDialog })))

/** Marks the moment every chart is drawn (the four pies with data, and both uPlot charts), for timing. */
function markChartsDrawn() {
  if (performance.getEntriesByName('rims:charts-drawn').length === 0) performance.mark('rims:charts-drawn')
}

/** The 30-day trends: mounted once the numbers are on screen, so their data and uPlot's code load only then (together). */
function TrendsSection({ onDrawn }: { onDrawn: () => void }) {
  const f = useFormat()
  useEffect(preloadTrends, [])
  const trends = useLoad(async (signal) => (await getTrends(30, signal)).data, [], MSG.loadFailed)
  return (
    <Loading state={trends} label="Loading trends">
      {(data) => <Trends trends={data} money={f.money} locale={f.locale} onDrawn={onDrawn} />}
    </Loading>
  )
}

/** True from the first task after the frame that painted `ready`: what shows below the numbers waits for them. */
function usePaintedAfter(ready: boolean) {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return
    let timer = 0
    const frame = requestAnimationFrame(() => {
      // A transition: the charts' render yields to a tap instead of holding the main thread.
      timer = window.setTimeout(() => startTransition(() => setPainted(true)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready, painted])
  return painted
}

export default function ManagerDashboard() {
  const user = useSession()?.user
  const f = useFormat()
  const [teamOpen, setTeamOpen] = useState(false)
  const [createOpen, setCreateOpen] = useState(false)
  const [version, setVersion] = useState(0)
  // One request for the numbers (the entry may have asked for it already: lib/earlyFetch.ts); the charts come after them.
  const loaded = useLoad((signal) => takeEarly('/manager/dashboard', () => getManagerDashboard(signal)).then((r) => r.data), [version], MSG.loadFailed)
  // When that answer is already here, the first render shows it (useLoad's copy of it lands a render later).
  const [arrived] = useState(() => peekEarly<Figures>('/manager/dashboard'))
  const dash = { ...loaded, data: loaded.data ?? arrived }
  const refresh = useCallback(() => setVersion((v) => v + 1), [])
  const charts = usePaintedAfter(dash.data !== null)
  const [trendsDrawn, setTrendsDrawn] = useState(false)
  const onTrendsDrawn = useCallback(() => setTrendsDrawn(true), [])
  useEffect(() => {
    if (trendsDrawn) markChartsDrawn()
  }, [trendsDrawn])
  const stats = { ...dash, data: dash.data?.stats ?? null }

  return (
    <div>
      <Hero title={`Welcome back, ${user?.name ?? ''}!`} subtitle="Here is what is happening in your restaurant today." />
      <OffsiteLine ready={charts} />
      <div className="mb-6">
        <Loading state={stats}>
          {(s) => (
            <Cards>
              {/* Each count leads to the list it counts (Team Members opens the team list in place); that list's total is the card's number. */}
              <StatCard label="Total Items" value={s.stock.totalItems} href={stockTabHref('items')} />
              <StatCard label={STOCK_GROUPS.low} value={s.stock.lowStockItems} tone="amber" href={stockTabHref('alerts')} />
              <StatCard label="Team Members" value={s.users.total} detail={`${s.users.active} active · ${s.users.inactive} inactive`} onClick={() => setTeamOpen(true)} tone="slate" />
              <StatCard label="Total Value" value={f.money(s.stock.totalValue)} />
            </Cards>
          )}
        </Loading>
      </div>
      <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <QuickActions
          actions={[
            { label: 'Create User', onClick: () => setCreateOpen(true) },
            { label: 'Manage Stock', href: '/stock' },
            { label: 'Stock Movements', href: '/movements' },
            { label: 'Kitchen Requests', href: '/requests' },
            { label: 'Reports', href: '/manager/reports' },
            { label: 'Alerts', href: '/manager/alerts' },
          ]}
        />
        {dash.data ? (
          <>
            <RecentActivity entries={dash.data.recent_activity} viewAllHref="/movements" />
            <StockAlerts title="Alerts & Notifications" low={dash.data.stock_alerts} expiring={dash.data.expiry_alerts} />
          </>
        ) : (
          // A failure is told once, in the cards' place above.
          !dash.error && (
            <div className="lg:col-span-2">
              <Loading state={dash} label="Loading recent activity and alerts">
                {() => null}
              </Loading>
            </div>
          )
        )}
      </div>
      {/* Asked for once the numbers are painted, like the charts: the first paint waits for one request only. */}
      <PriceChanges ready={charts} />
      <CountsToReview ready={charts} />
      <Section title="Analytics Overview" className="mb-6">
        {stats.data && charts ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="analytics">
            {(() => {
              const pies = chartSlices(stats.data.charts)
              return (
                <>
                  <PieChart title="Stock Status Distribution" slices={pies.status} />
                  <PieChart title="Movement Types" slices={pies.movements} />
                  <PieChart title="Kitchen Request Status" slices={pies.requests} />
                  <PieChart title="Items by Category" slices={pies.categories} />
                </>
              )
            })()}
          </div>
        ) : stats.error ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">The charts show once the figures above load.</p>
        ) : (
          <Pending label="Loading charts" />
        )}
      </Section>
      <Section title="Trends (last 30 days)">
        {charts ? <TrendsSection onDrawn={onTrendsDrawn} /> : <Pending label="Loading trends" />}
      </Section>
      <Suspense fallback={null}>
        {teamOpen && <TeamMembersDialog open onClose={() => setTeamOpen(false)} onChanged={refresh} />}
        {createOpen && <CreateUserDialog open onClose={() => setCreateOpen(false)} onCreated={refresh} />}
      </Suspense>
    </div>
  )
}
