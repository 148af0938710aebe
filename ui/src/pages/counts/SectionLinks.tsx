import { Link } from 'wouter'
import { COUNT_UI } from '../../messages/counts'

/** Counts | Storage areas: the two screens of the stocktake, one link each. */
export function SectionLinks({ current }: { current: 'counts' | 'areas' }) {
  const cls = (on: boolean) =>
    `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${on ? 'border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200' : 'border-transparent text-slate-700 dark:text-slate-300'}`
  return (
    <nav aria-label="Stocktake sections" className="mb-4 flex gap-1 border-b border-slate-200 dark:border-slate-700">
      <Link href="/counts" className={cls(current === 'counts')} aria-current={current === 'counts' ? 'page' : undefined}>
        {COUNT_UI.countsLink}
      </Link>
      <Link href="/counts/areas" className={cls(current === 'areas')} aria-current={current === 'areas' ? 'page' : undefined}>
        {COUNT_UI.areasLink}
      </Link>
    </nav>
  )
}
