import { lazy, Suspense, useState } from 'react'
import { Link } from 'wouter'
import type { ChefSummary } from '../../../../src/contract/dashboard'
import { getRoleSummary } from '../../api/dashboard'
import { Button, buttonClass } from '../../components/Button'
import { toast } from '../../components/toast'
import { takeEarly } from '../../lib/earlyFetch'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { KITCHEN_UI_MSG } from '../../messages/kitchen'
import { Cards, Hero, Loading, QuickActions, RecentActivity, Section, StatCard } from './parts'
import { useLoad } from '../../components/useLoad'
import { MSG } from '../../../../src/contract/messages'

// The request form's code (item picker, barcodes, quantities) is most of the page's: it loads when the form first opens.
const RequestForm = lazy(() => import('../../components/requests/RequestForm').then((m) => ({ default: m.RequestForm })))

/** SPEC §2 Chef dashboard, with the week-on-week trend from real data (DECISIONS: never a fixed '+12%'). */
export default function ChefDashboard() {
  const user = useSession()?.user
  const f = useFormat()
  const [version, setVersion] = useState(0)
  const [requesting, setRequesting] = useState(false)
  // The entry may have asked for it already (lib/earlyFetch.ts); a later load (after a request) asks again.
  const summary = useLoad((signal) => takeEarly('/dashboard', () => getRoleSummary(signal)).then((r) => r.data as ChefSummary), [version], MSG.loadFailed)

  return (
    <div>
      <Hero title={`Welcome back, Chef ${user?.name ?? ''}!`} subtitle="Your kitchen at a glance." />
      <Loading state={summary}>
        {(s) => (
          <>
            <Cards>
              {/* Each count leads to the list it counts (the Chef's own requests: ?mine=1). */}
              <StatCard label="Total Requests" value={s.cards.total_requests} detail={<span data-testid="chef-trend">{s.trend.text}</span>} href="/requests?mine=1" />
              <StatCard label="Pending" value={s.cards.pending} tone="amber" href="/requests?status=PENDING&mine=1" />
              <StatCard label="Kitchen Items" value={s.cards.kitchen_items} tone="slate" href="/kitchen-inventory" />
              <StatCard label="Low Stock" value={s.cards.low_stock} tone="red" />
            </Cards>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <div className="space-y-6">
                <Section title="New Ingredient Request">
                  <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Ask the store for an ingredient: pick the item, the quantity and how urgent it is.</p>
                  <Button onClick={() => setRequesting(true)} aria-haspopup="dialog" className="w-full">
                    New Ingredient Request
                  </Button>
                </Section>
                <QuickActions
                  actions={[
                    { label: 'Kitchen Inventory', href: '/kitchen-inventory' },
                    { label: 'Record Usage', href: '/kitchen-inventory' },
                    { label: 'Record Wastage', href: '/kitchen-inventory' },
                    { label: 'Kitchen Requests', href: '/requests' },
                  ]}
                />
              </div>
              <RecentActivity entries={s.recent_activity} viewAllHref="/kitchen-inventory" />
              {s.low_stock_items.length > 0 && (
                <Section title="Low Stock Alerts">
                  <ul className="space-y-2" data-testid="kitchen-low-stock">
                    {s.low_stock_items.slice(0, 5).map((i) => (
                      <li key={i.item_id} className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800">
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium">{i.item_name}</span>
                          <span className="block text-xs text-slate-600 dark:text-slate-400">{f.quantity(i.quantity, i.unit)} left in the kitchen</span>
                        </span>
                        <Link href={`/requests?item_id=${i.item_id}`} className={buttonClass('secondary', 'shrink-0')} aria-label={`Request More ${i.item_name}`}>
                          Request More
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Section>
              )}
            </div>
          </>
        )}
      </Loading>
      <Suspense fallback={null}>
        {requesting && (
          <RequestForm
            open
            onClose={() => setRequesting(false)}
            title="New Ingredient Request"
            failure={{ failed: KITCHEN_UI_MSG.submitFailed, error: KITCHEN_UI_MSG.submitFailed }}
            onSaved={(_request, message) => {
              toast({ kind: 'success', title: UI.successTitle, message: message || KITCHEN_UI_MSG.submitted })
              setVersion((v) => v + 1)
            }}
          />
        )}
      </Suspense>
    </div>
  )
}
