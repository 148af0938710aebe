import { BOTTLE_SIZES_ML, DENSITIES } from '../../../../src/contract/bar'
import type { Item } from '../../../../src/contract/stock'
import { quantityValue } from '../../../../src/contract/quantity'
import { QuantityField } from '../../components/QuantityField'

// Bottle facts (issue 35): what lets a bar count an open bottle by its weight. The bottle's size, its empty
// weight, and its full weight — weighed ("weigh this bottle") — or the liquid's density from the table.

export type BottleDraft = { bottle_ml: string; tare_g: string; full_g: string; density_g_ml: string; by: 'full_g' | 'density_g_ml' }

export const bottleDraft = (item: Item | null): BottleDraft => ({
  bottle_ml: item?.bottle ? String(item.bottle.bottle_ml) : '',
  tare_g: item?.bottle ? String(item.bottle.tare_g) : '',
  full_g: item?.bottle?.given === 'full_g' ? String(item.bottle.full_g) : '',
  density_g_ml: item?.bottle?.given === 'density_g_ml' ? String(item.bottle.density_g_ml) : '',
  by: item?.bottle?.given ?? 'full_g',
})

/** Nothing typed leaves the item as it is (or clears facts it had); otherwise the size, the tare and the one pair chosen. */
export function bottleInput(d: BottleDraft, item: Item | null) {
  if (d.bottle_ml.trim() === '' && d.tare_g.trim() === '' && d.full_g.trim() === '' && d.density_g_ml.trim() === '') return item?.bottle ? { bottle_ml: null } : {}
  return {
    bottle_ml: quantityValue(d.bottle_ml),
    tare_g: quantityValue(d.tare_g),
    ...(d.by === 'full_g' ? { full_g: quantityValue(d.full_g) } : { density_g_ml: quantityValue(d.density_g_ml, 3) }),
  }
}

export function BottleFields({ value, onChange, errors, idPrefix }: { value: BottleDraft; onChange: (d: BottleDraft) => void; errors: Record<string, string | undefined>; idPrefix: string }) {
  const set = (k: keyof BottleDraft) => (v: string) => onChange({ ...value, [k]: v })
  return (
    <details className="sm:col-span-2 rounded-lg border border-slate-200 p-3" open={value.bottle_ml !== ''}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Bottle (bar): count open bottles by weight</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <QuantityField id={`${idPrefix}-bottle-ml`} label="Bottle size" unit="ml" value={value.bottle_ml} onChange={set('bottle_ml')} error={errors.bottle_ml} hint="e.g. 700 or 750" />
          <div className="mt-1 flex flex-wrap gap-1" aria-label="Common bottle sizes">
            {BOTTLE_SIZES_ML.map((ml) => (
              <button key={ml} type="button" className="min-h-9 rounded border border-slate-300 px-2 text-xs" onClick={() => set('bottle_ml')(String(ml))}>
                {ml} ml
              </button>
            ))}
          </div>
        </div>
        <QuantityField id={`${idPrefix}-tare`} label="Empty bottle weight" unit="g" value={value.tare_g} onChange={set('tare_g')} error={errors.tare_g} hint="Weigh an empty bottle, cap on" />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm text-slate-700">Full weight from</legend>
          <div className="flex gap-4">
            {(['full_g', 'density_g_ml'] as const).map((by) => (
              <label key={by} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name={`${idPrefix}-bottle-by`} checked={value.by === by} onChange={() => onChange({ ...value, by })} />
                {by === 'full_g' ? 'Weigh this bottle' : 'Density table'}
              </label>
            ))}
          </div>
        </fieldset>
        {value.by === 'full_g' ? (
          <QuantityField id={`${idPrefix}-full`} label="Full bottle weight" unit="g" value={value.full_g} onChange={set('full_g')} error={errors.full_g} hint="Weigh a full, sealed bottle" />
        ) : (
          <div>
            <QuantityField id={`${idPrefix}-density`} label="Density" unit="g per ml" decimals={3} value={value.density_g_ml} onChange={set('density_g_ml')} error={errors.density_g_ml} hint="e.g. 0.948 for a 40% spirit" />
            <select
              aria-label="Typical densities"
              className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-2 text-sm"
              value=""
              onChange={(e) => e.target.value && set('density_g_ml')(e.target.value)}
            >
              <option value="">Pick a typical density…</option>
              {DENSITIES.map((d) => (
                <option key={d.name} value={String(d.density_g_ml)}>
                  {d.name}: {d.density_g_ml}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </details>
  )
}
