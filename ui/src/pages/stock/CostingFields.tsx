import { quantityValue } from '../../../../src/contract/quantity'
import type { Item } from '../../../../src/contract/stock'
import { QuantityField } from '../../components/QuantityField'

// The recipe fields of an item (issue 22): what lets a recipe line in g cost an item kept in L, or in each.

export type CostingDraft = { density: string; each_weight: string; yield_pct: string }

export const costingDraft = (item: Item | null): CostingDraft => ({
  density: item?.density != null ? String(item.density) : '',
  each_weight: item?.each_weight != null ? String(item.each_weight) : '',
  yield_pct: item ? String(item.yield_pct) : '',
})

/** Empty density or weight clears it (null); an empty yield keeps the default (100%). */
export const costingInput = (d: CostingDraft) => ({
  density: d.density.trim() === '' ? null : quantityValue(d.density),
  each_weight: d.each_weight.trim() === '' ? null : quantityValue(d.each_weight),
  yield_pct: d.yield_pct.trim() === '' ? undefined : quantityValue(d.yield_pct),
})

export function CostingFields({ value, onChange, errors }: { value: CostingDraft; onChange: (d: CostingDraft) => void; errors: Record<string, string | undefined> }) {
  const set = (k: keyof CostingDraft) => (v: string) => onChange({ ...value, [k]: v })
  return (
    <>
      <QuantityField label="Yield %" value={value.yield_pct} onChange={set('yield_pct')} error={errors.yield_pct} hint="Usable share after trimming; empty: 100" />
      <QuantityField label="Density (g per ml)" value={value.density} onChange={set('density')} error={errors.density} hint="Optional: to use it by weight and by volume" />
      <QuantityField label="Weight per each (g)" value={value.each_weight} onChange={set('each_weight')} error={errors.each_weight} hint="Optional: to use it by count and by weight" />
    </>
  )
}
