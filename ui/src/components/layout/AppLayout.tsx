import { Suspense, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { PageLoading } from '../Spinner'
import { ConnectionBanner } from './ConnectionBanner'
import { Footer } from './Footer'
import { Header } from './Header'
import { OutboxBadge } from './OutboxBadge'
import { RouteErrorBoundary } from './RouteErrorBoundary'

/** The signed-in area: header navigation, the connection banner, what waits on this phone (issue 33.4), the page (inside its error boundary), the footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 dark:focus:bg-slate-900">
        Skip to content
      </a>
      <Header />
      <ConnectionBanner />
      <OutboxBadge />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <RouteErrorBoundary resetKey={path}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  )
}
