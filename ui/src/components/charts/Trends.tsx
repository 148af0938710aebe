import { lazy, Suspense } from 'react'
import { Spinner } from '../Spinner'
import type { TrendsChartProps } from './TrendsChart'

// uPlot and its CSS load only with this chart, never in the initial bundle.
const load = () => import('./TrendsChart')
const TrendsChart = lazy(load)

/** Starts fetching the chart's code early (while the dashboard's data loads), so nothing waits in turn. */
export const preloadTrends = () => void load()

export function Trends(props: TrendsChartProps) {
  return (
    <Suspense
      fallback={
        <div className="flex h-56 items-center justify-center">
          <Spinner label="Loading chart" />
        </div>
      }
    >
      <TrendsChart {...props} />
    </Suspense>
  )
}
