import type { FoundLine } from '../../../../src/contract/counts'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'

/** The area's products found on the shelf that are not in the catalogue, with where each stands (issue 32.3). */
export function FoundLines({ areaName, lines }: { areaName: string; lines: FoundLine[] }) {
  const fmt = useFormat()
  if (lines.length === 0) return null
  return (
    <section className="mt-4" aria-labelledby="found-lines-title">
      <h2 id="found-lines-title" className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">
        {COUNT_UI.foundLines(areaName)}
      </h2>
      <ul className="space-y-2" aria-label={COUNT_UI.foundLines(areaName)}>
        {lines.map((f) => (
          <li key={f.id} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950" data-testid={`found-${f.id}`}>
            <p className="font-semibold">
              {f.name} · {COUNT_UI.foundCounted(fmt.quantity(f.counted))}
            </p>
            {f.note && <p className="text-slate-700 dark:text-slate-300">{f.note}</p>}
            <p className="text-xs text-slate-700 dark:text-slate-300">
              {f.resolution === 'MAPPED'
                ? COUNT_UI.foundMappedTo(f.item_name ?? '', fmt.quantity(f.item_quantity, f.item_unit))
                : f.resolution === 'DISCARDED'
                  ? COUNT_UI.foundDiscarded
                  : COUNT_UI.foundAwaiting}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
