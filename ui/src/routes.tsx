import { Suspense, useEffect, type ReactNode } from 'react'
import { Redirect, Route, Router, Switch } from 'wouter'
import { CHEF, MANAGER, STOREKEEPER } from '../../src/contract/roles'
import { matchesRoute } from '../../src/contract/route-pattern'
import { AppLayout } from './components/layout/AppLayout'
import { PageLoading } from './components/Spinner'
import { Toaster } from './components/Toaster'
import { useDisplaySettings } from './lib/display'
// Every page through lazyPage: retried by itself, reloaded once after an upgrade, fetched again on Retry.
import { lazyPage as lazy, type LazyPage } from './lib/lazyPage'
import { guardedNav } from './lib/leaveGuard'
import { groupMode, homePath } from './lib/mode'
import { useSession } from './session/store'

/** Who may open a page: 'public' (signed-in users go to /dashboard), 'any' signed-in role, or these roles. */
type Access = 'public' | 'open' | 'any' | readonly string[]

interface PageRoute {
  path: string
  title: string
  access: Access
  page: LazyPage
}

/** SPEC §2's route table (plus DECISIONS' /manager/settings), each page loaded lazily. */
export const ROUTES: PageRoute[] = [
  { path: '/login', title: 'Sign In', access: 'public', page: lazy(() => import('./pages/login/LoginPage')) },
  { path: '/forgot-password', title: 'Forgot Password', access: 'public', page: lazy(() => import('./pages/forgot-password/ForgotPasswordPage')) },
  { path: '/reset-password', title: 'Reset Password', access: 'public', page: lazy(() => import('./pages/reset-password/ResetPasswordPage')) },
  { path: '/dashboard', title: 'Dashboard', access: 'any', page: lazy(() => import('./pages/dashboard/DashboardPage')) },
  { path: '/profile', title: 'Profile Settings', access: 'any', page: lazy(() => import('./pages/profile/ProfilePage')) },
  { path: '/stock', title: 'Stock', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/stock/StockPage')) },
  { path: '/stock/import', title: 'Import', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/imports/ImportPage')) },
  { path: '/counts', title: 'Stock Counts', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/counts/CountsPage')) },
  { path: '/counts/areas', title: 'Storage Areas', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/counts/AreasPage')) },
  { path: '/counts/:id/review', title: 'Count Review', access: [MANAGER], page: lazy(() => import('./pages/counts/CountReviewPage')) },
  { path: '/counts/:id/print', title: 'Count Sheet', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/counts/CountPrintPage')) },
  { path: '/counts/:id', title: 'Count Sheet', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/counts/CountSheetPage')) },
  { path: '/movements', title: 'Stock Movements', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/movements/MovementsPage')) },
  { path: '/requests', title: 'Kitchen Requests', access: 'any', page: lazy(() => import('./pages/requests/RequestsPage')) },
  { path: '/recipes', title: 'Recipes', access: [MANAGER, CHEF, STOREKEEPER], page: lazy(() => import('./pages/recipes/RecipesPage')) },
  // One page for both; /recipes/:id last, so route-preload.json keeps it and /recipes/new matches its pattern.
  { path: '/recipes/new', title: 'New Recipe', access: [MANAGER, CHEF], page: lazy(() => import('./pages/recipes/RecipePage')) },
  { path: '/recipes/:id', title: 'Recipe', access: [MANAGER, CHEF, STOREKEEPER], page: lazy(() => import('./pages/recipes/RecipePage')) },
  { path: '/kitchen-inventory', title: 'Kitchen Inventory', access: [CHEF, MANAGER], page: lazy(() => import('./pages/kitchen-inventory/KitchenInventoryPage')) },
  { path: '/purchasing', title: 'Purchasing', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/purchasing/PurchasingPage')) },
  { path: '/purchasing/orders/:id', title: 'Purchase Order', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/purchasing/OrderPage')) },
  { path: '/purchasing/orders/:id/receive', title: 'Receive Delivery', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/purchasing/ReceivePage')) },
  // /purchasing/invoices/new before /purchasing/invoices/:id (the Switch takes the first match).
  { path: '/purchasing/invoices/new', title: 'Receive from invoice', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/invoices/ReceiveInvoicePage')) },
  { path: '/purchasing/invoices/:id', title: 'Invoice', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/invoices/DraftPage')) },
  { path: '/manager/invoices', title: 'Invoices', access: [MANAGER], page: lazy(() => import('./pages/invoices/InvoicesPage')) },
  { path: '/manager/reports', title: 'Reports', access: [MANAGER], page: lazy(() => import('./pages/reports/ReportsPage')) },
  { path: '/manager/reports/pour-cost', title: 'Pour cost', access: [MANAGER], page: lazy(() => import('./pages/reports/PourCostPage')) },
  { path: '/manager/alerts', title: 'Alerts', access: [MANAGER], page: lazy(() => import('./pages/alerts/AlertsPage')) },
  { path: '/manager/team', title: 'Team', access: [MANAGER], page: lazy(() => import('./pages/team/TeamPage')) },
  { path: '/manager/settings', title: 'Settings', access: [MANAGER], page: lazy(() => import('./pages/settings/SettingsPage')) },
  { path: '/scan', title: 'Scan to count', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/scan/ScanCountPage')) },
  { path: '/labels', title: 'Labels', access: [MANAGER, STOREKEEPER], page: lazy(() => import('./pages/labels/LabelsPage')) },
  { path: '/unauthorized', title: 'Unauthorized', access: 'open', page: lazy(() => import('./pages/unauthorized/UnauthorizedPage')) },
]

/** The group server's pages (`rims group`, ui/src/lib/mode.ts): its sign-in and the Group page, nothing of a site's. */
export const GROUP_ROUTES: PageRoute[] = [
  { path: '/login', title: 'Sign In', access: 'public', page: lazy(() => import('./pages/login/LoginPage')) },
  { path: '/group', title: 'Group', access: [MANAGER], page: lazy(() => import('./pages/group/GroupPage')) },
  { path: '/unauthorized', title: 'Unauthorized', access: 'open', page: lazy(() => import('./pages/unauthorized/UnauthorizedPage')) },
]

const activeRoutes = groupMode ? GROUP_ROUTES : ROUTES

/** The page the route table (in its order, as the Switch picks) shows for `pathname`, if any. */
export function pageFor(pathname: string): LazyPage | undefined {
  const path = pathname.replace(/\/+$/, '')
  return activeRoutes.find((r) => matchesRoute(r.path, path))?.page
}

const NotFound = lazy(() => import('./pages/not-found/NotFoundPage'))

function Title({ title }: { title: string }) {
  const { restaurant_name } = useDisplaySettings()
  useEffect(() => {
    document.title = `${title} · ${restaurant_name}`
  }, [title, restaurant_name])
  return null
}

/** The guard: not signed in → /login; wrong role → /unauthorized; signed in on a public page → /dashboard (the group's: /group). */
function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession()
  if (access === 'open') return <Suspense fallback={<PageLoading />}>{children}</Suspense>
  if (access === 'public') return session ? <Redirect to={homePath} replace /> : <Suspense fallback={<PageLoading />}>{children}</Suspense>
  if (!session) return <Redirect to="/login" replace />
  if (access !== 'any' && !access.includes(session.user.role_name)) return <Redirect to="/unauthorized" replace />
  return <AppLayout>{children}</AppLayout>
}

export function AppRoutes() {
  return (
    // Every wouter navigation passes the open leave guard (unsaved recipe, shelf order) first.
    <Router aroundNav={guardedNav}>
      <Switch>
        <Route path="/">
          <Redirect to="/login" replace />
        </Route>
        {activeRoutes.map(({ path, title, access, page: Page }) => (
          <Route key={path} path={path}>
            <Title title={title} />
            <Guard access={access}>
              <Page />
            </Guard>
          </Route>
        ))}
        <Route>
          <Title title="Page not found" />
          <Suspense fallback={<PageLoading />}>
            <NotFound />
          </Suspense>
        </Route>
      </Switch>
      <Toaster />
    </Router>
  )
}
