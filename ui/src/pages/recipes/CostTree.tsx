import type { CostLine, RecipeCost } from '../../../../src/contract/recipes'
import { Badge } from '../../components/Badge'
import { useFormat } from '../../lib/useFormat'
import { RECIPES_UI } from '../../messages/recipes'

/** The cost summary and the whole tree: each line's cost, and a badge with the reason on any line that cannot be costed. */
export function CostTree({ cost }: { cost: RecipeCost }) {
  const f = useFormat()
  const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`)
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <Figure label={cost.kind === 'MENU' ? 'Plate cost' : 'Batch cost'} value={cost.kind === 'MENU' ? (cost.plate_cost === null ? '—' : f.money(cost.plate_cost)) : f.money(cost.batch_cost)} />
        {cost.kind === 'PREP' && <Figure label={`Cost per ${cost.yield_unit}`} value={cost.cost_per_yield_unit === null ? '—' : f.cost(cost.cost_per_yield_unit)} />}
        {cost.kind === 'MENU' && <Figure label="Food cost" value={pct(cost.food_cost_pct)} tone={cost.over_target ? 'danger' : undefined} />}
        {cost.kind === 'MENU' && <Figure label={`Suggested price at ${cost.target_food_cost_pct}%`} value={cost.suggested_price === null ? '—' : f.money(cost.suggested_price)} />}
      </dl>
      {!cost.complete && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {RECIPES_UI.incomplete} {RECIPES_UI.partial(f.money(cost.batch_cost))}
        </p>
      )}
      {cost.over_target && <Badge tone="danger">{RECIPES_UI.overTarget}</Badge>}
      <Lines lines={cost.lines} depth={0} />
    </div>
  )
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'danger' }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`text-base font-semibold tabular-nums ${tone === 'danger' ? 'text-red-700 dark:text-red-300' : ''}`}>{value}</dd>
    </div>
  )
}

function Lines({ lines, depth }: { lines: CostLine[]; depth: number }) {
  const f = useFormat()
  if (lines.length === 0) return null
  return (
    <ul className={depth ? 'mt-1 ml-3 space-y-1 border-l border-slate-200 pl-3 dark:border-slate-700' : 'space-y-1'}>
      {lines.map((l, i) => (
        <li key={i} className="text-sm" data-status={l.status}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0">
              <span className="font-medium">{l.name}</span>{' '}
              <span className="text-slate-600 dark:text-slate-400">
                {f.quantity(l.quantity, l.unit)}
                {l.yield_pct < 100 && ` at ${l.yield_pct}% yield → ${f.quantity(l.purchased_quantity, l.purchased_unit)}`}
              </span>
            </span>
            <span className="tabular-nums">{l.line_cost === null ? '—' : f.money(l.line_cost)}</span>
          </div>
          {l.status !== 'OK' && (
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-amber-900 dark:text-amber-200">
              <Badge tone={l.status === 'MISSING_COST' ? 'warning' : 'orange'}>{RECIPES_UI.status[l.status]}</Badge>
              <span>{l.reason}</span>
            </p>
          )}
          {l.lines && <Lines lines={l.lines} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  )
}
